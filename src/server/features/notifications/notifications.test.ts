/**
 * The owner hears about what needs an answer (docs/product/mail.md#owner-notifications), read back from
 * a real SMTP sink: an admin who chose "at once" gets a mail for a trial request, a contact message
 * and a new error group (not for the same error again); one who chose a daily digest gets one mail
 * a day with everything since the last, sent once however often the check runs; nobody else gets
 * anything. The choice is the admin's own and needs the desk's code.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import { findAdmins } from '#server/features/accounts/accounts.service';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  unique,
  type TestUser,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';
import { siteName } from '#server/features/content/content.service';
import { sendDueDigests } from './notifications.service';

const PUBLIC_URL = 'https://creator.example';
let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    env: { SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

async function adminChoosing(mode: string): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(server, { adminRank: 10 });
  const cookie = await loginAs(server, user);
  const res = await call(server, 'PUT', '/api/admin/notifications', { cookie, body: { mode } });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ mode });
  return { user, cookie };
}

/**
 * The texts of the mails queued to `to` (sent or not): a notice is queued in the same transaction
 * as what it tells of, so once that request has answered, a mail that was not queued never comes.
 */
async function queuedTexts(to: string): Promise<string[]> {
  const rows = await server.app.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .execute();
  return rows.map((row) => row.text_body);
}

function contact(name: string) {
  return call(server, 'POST', '/api/submissions', {
    body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
      name,
      email: `visitor${unique()}@example.com`,
      message: 'Hello there.',
      'Privacy policy': true,
    }),
    headers: fromAddress(nextAddress()),
  });
}

function report(error: string) {
  return call(server, 'POST', '/api/errors', {
    body: { error, errorName: 'TypeError', page: 'music', timestamp: new Date().toISOString() },
    headers: fromAddress(nextAddress()),
  });
}

async function trialRequest(tradingViewUsername: string) {
  const visitor = await createUser(server);
  const form = FORM_DEFINITIONS['products/indicators/portfolio/freeTrial'];
  const values: Record<string, string | boolean> = { tradingViewUsername };
  for (const agreement of [...form.agreements, ...form.specialAgreements])
    values[agreement.name] = true;
  return call(server, 'POST', '/api/submissions', {
    body: toSubmissionPayload(form, values),
    cookie: await loginAs(server, visitor),
    headers: fromAddress(nextAddress()),
  });
}

test('an admin who chose "at once" hears of a trial request, a message and a new error group', async () => {
  const { user } = await adminChoosing('instant');
  const quiet = await createUser(server, { adminRank: 10 });
  const trader = `Trader_${unique()}`;
  expect((await trialRequest(trader)).status).toBe(201);
  const trial = await sink.waitFor(
    (m) => m.to === user.email && m.text.includes(`(TradingView: “${trader}”)`),
  );
  expect(trial.subject).toBe(
    `New free trial request for Portfolio · ${await siteName(server.app.db)}`,
  );
  expect(trial.text).toContain(`${PUBLIC_URL}/admin#indicator-access`);

  const name = `Ann${unique()}`;
  expect((await contact(name)).status).toBe(201);
  await sink.waitFor(
    (m) => m.to === user.email && m.text.includes(`New contact message from “${name}”.`),
  );

  const tag = unique();
  expect((await report(`TypeError ${tag}`)).status).toBe(201);
  expect((await report(`TypeError ${tag}`)).status).toBe(201);
  await sink.waitFor((m) => m.to === user.email && m.subject.startsWith('New error on the music'));
  // The same error again is no new group: one mail.
  const errorMails = (await queuedTexts(user.email)).filter((text) =>
    text.includes('New error “TypeError” on the music page.'),
  );
  expect(errorMails.length).toBe(1);
  // An admin who chose nothing gets nothing.
  expect(await queuedTexts(quiet.email)).toEqual([]);
  expect(sink.find((m) => m.to === quiet.email)).toEqual([]);
});

test("visitor text stays out of a notification's subject, and shows quoted and without live links in its text and HTML", async () => {
  const { user } = await adminChoosing('instant');
  const tag = unique();
  const name = `Security team${tag}: re-login at https://evil.example/desk`;
  expect((await contact(name)).status).toBe(201);
  const mail = await sink.waitFor(
    (m) => m.to === user.email && m.text.includes(`Security team${tag}`),
  );
  expect(mail.subject).toBe(`New contact message · ${await siteName(server.app.db)}`);
  const shown = `“Security team${tag}: re-login at https[:]//evil[.]example/desk”`;
  expect(mail.text).toContain(`New contact message from ${shown}.`);
  expect(mail.html).toContain(`New contact message from ${shown}.`);
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toContain('evil.example');
    expect(part).not.toContain('https://evil');
  }
  // The only links are the desk's own.
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toBe(`${PUBLIC_URL}/admin#submissions`);

  // An error's name is the visitor's too.
  const errorName = `www.evil.example${tag}`;
  const reported = await call(server, 'POST', '/api/errors', {
    body: { error: `boom ${tag}`, errorName, page: 'art', timestamp: new Date().toISOString() },
    headers: fromAddress(nextAddress()),
  });
  expect(reported.status).toBe(201);
  const errorMail = await sink.waitFor(
    (m) => m.to === user.email && m.text.includes(`evil[.]example${tag}`),
  );
  expect(errorMail.subject).toBe(`New error on the art page · ${await siteName(server.app.db)}`);
  expect(errorMail.text).toContain(`New error “www[.]evil[.]example${tag}” on the art page.`);
  expect(errorMail.html).not.toContain('evil.example');
});

test('a daily digest holds everything since the last one and goes out once a day', async () => {
  const { user } = await adminChoosing('daily');
  const name = `Bo${unique()}`;
  await contact(name);
  const context = { findAdmins, publicUrl: PUBLIC_URL };
  const day = new Date(Date.now() + 86_400_000); // tomorrow, so the digest is due
  const morning = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8));
  const early = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 5));
  expect(await sendDueDigests(server.app.db, context, early)).toBe(0);
  const [sent, again] = await Promise.all([
    sendDueDigests(server.app.db, context, morning),
    sendDueDigests(server.app.db, context, morning),
  ]);
  expect(sent + again).toBeGreaterThanOrEqual(1);
  server.app.mail.kick();
  const digest = await sink.waitFor((m) => m.to === user.email && m.subject.includes('to answer'));
  expect(digest.text).toContain(`New contact message from “${name}”`);
  expect(
    await sendDueDigests(server.app.db, context, new Date(morning.getTime() + 3_600_000)),
  ).toBe(0);
  // The digest is queued by sendDueDigests itself: one queued is one sent.
  const digests = await server.app.db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', user.email)
    .where('subject', 'like', '%to answer%')
    .execute();
  expect(digests).toHaveLength(1);
});

test('the choice is each admin’s own, checked, and off stops the mails', async () => {
  const { user, cookie } = await adminChoosing('instant');
  const bad = await call(server, 'PUT', '/api/admin/notifications', {
    cookie,
    body: { mode: 'hourly' },
  });
  expect(bad.status).toBe(400);
  expect(bad.json).toMatchObject({ error: { message: 'Choose off, at once or a daily digest.' } });
  expect((await call(server, 'GET', '/api/admin/notifications', { cookie })).json).toEqual({
    mode: 'instant',
  });
  await call(server, 'PUT', '/api/admin/notifications', { cookie, body: { mode: 'off' } });
  const name = `Cy${unique()}`;
  expect((await contact(name)).status).toBe(201);
  expect((await queuedTexts(user.email)).filter((text) => text.includes(name))).toEqual([]);
});
