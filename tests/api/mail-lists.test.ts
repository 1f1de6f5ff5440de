/**
 * The mail lists end to end, through a real SMTP sink: double opt-in from sign-up, the account switch
 * and the forms' preferences; the owner's newsletter with its RFC 8058 headers and unsubscribe link;
 * the one-click POST a mail provider sends; links that are not valid. PUBLIC_URL is https, as in
 * production, so the links and headers are checked as a reader would get them. The round trip also
 * runs on PostgreSQL when a server answers.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  signUpPayload,
  unique,
  type TestUser,
} from '../support/accounts';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { linkIn, startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';

const PUBLIC_URL = 'https://creator.example';
const LINK_INVALID = 'This link is not valid.';
const NEWSLETTER_CONFIRM_SUBJECT = 'Confirm your subscription to the Alex Lindqvist newsletter';

interface Harness {
  server: TestServer;
  sink: SmtpSink;
  admin: TestUser;
  adminCookie: string;
}

async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const sink = await startSmtpSink();
  const server = await startTestServer({
    env: { SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: 'true', ...env },
  });
  const admin = await createUser(server, { adminRank: 10 });
  return { server, sink, admin, adminCookie: await loginAs(server, admin) };
}

async function stopHarness(harness: Harness | undefined): Promise<void> {
  await harness?.server.close();
  await harness?.sink.close();
}

/** Calls from their own client address, so the per-address limits belong to one test each. */
function callFrom(h: Harness, method: string, path: string, options: Parameters<typeof call>[3]) {
  return call(h.server, method, path, {
    ...options,
    headers: { ...fromAddress(nextAddress()), ...options?.headers },
  });
}

function tokenOf(link: string, param: string): string {
  const token = new URL(link).searchParams.get(param);
  if (!token) throw new Error(`no ${param} in ${link}`);
  return token;
}

async function memberRow(h: Harness, list: string, email: string) {
  return h.server.app.db
    .selectFrom('mail_list_members')
    .selectAll()
    .where('list', '=', list)
    .where('email', '=', email)
    .executeTakeFirst();
}

async function newsletterFlag(h: Harness, userId: string): Promise<number | undefined> {
  const row = await h.server.app.db
    .selectFrom('users')
    .select('subscribed_to_newsletter')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.subscribed_to_newsletter;
}

async function confirmationMail(h: Harness, email: string, subject: string): Promise<ReceivedMail> {
  return h.sink.waitFor((m) => m.to === email && m.subject === subject);
}

/** Signs up with the newsletter box ticked and returns the account and its confirmation link. */
async function signUpWithNewsletter(h: Harness) {
  const payload = signUpPayload({ subscribedToNewsletter: true });
  const res = await callFrom(h, 'POST', '/api/auth/register', { body: payload });
  expect(res.status).toBe(201);
  const email = String(payload.email);
  const mail = await confirmationMail(h, email, NEWSLETTER_CONFIRM_SUBJECT);
  const link = linkIn(mail, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`);
  const user = (res.json as { user: { uid: string } }).user;
  return { email, userId: user.uid, mail, confirmToken: tokenOf(link, 'confirm-token') };
}

/** A confirmed newsletter subscriber with an account. */
async function confirmedSubscriber(h: Harness) {
  const signedUp = await signUpWithNewsletter(h);
  const res = await callFrom(h, 'POST', '/api/mail/confirm', {
    body: { token: signedUp.confirmToken },
  });
  expect(res.status).toBe(200);
  return signedUp;
}

interface NewsletterProgress {
  id: string;
  recipients: number;
  sent: number;
  failed: number;
  queued: number;
}

async function sendNewsletter(h: Harness, body: Record<string, unknown>) {
  return call(h.server, 'POST', '/api/admin/newsletters', { cookie: h.adminCookie, body });
}

async function newsletters(h: Harness): Promise<NewsletterProgress[]> {
  const res = await call(h.server, 'GET', '/api/admin/newsletters', { cookie: h.adminCookie });
  expect(res.status).toBe(200);
  return (res.json as { newsletters: NewsletterProgress[] }).newsletters;
}

/** Waits until the mail queue has handed every mail of the newsletter to the sink. */
async function newsletterDone(h: Harness, id: string): Promise<NewsletterProgress> {
  await expect
    .poll(async () => (await newsletters(h)).find((n) => n.id === id)?.queued, { timeout: 15_000 })
    .toBe(0);
  const done = (await newsletters(h)).find((n) => n.id === id);
  if (!done) throw new Error('newsletter missing');
  return done;
}

/** The one-click POST of RFC 8058 as a mail provider's server sends it: a form, no cookie, no browser headers. */
async function oneClickPost(h: Harness, headerUrl: string): Promise<Response> {
  const url = new URL(headerUrl);
  return fetch(`${h.server.url}${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

function listHeaders(mail: ReceivedMail): {
  unsubscribe?: { url?: string };
  'unsubscribe-post'?: { name?: string };
} {
  // mailparser gathers the List-* headers into one `list` object, keyed by what follows "List-".
  return (mail.headers.get('list') ?? {}) as ReturnType<typeof listHeaders>;
}

/** The round trip, on whichever storage the harness runs. */
function roundTripTests(harness: () => Harness) {
  test('sign-up with the newsletter box sends a confirmation mail; its link confirms with a POST, and a GET changes nothing', async () => {
    const h = harness();
    const { email, userId, mail, confirmToken } = await signUpWithNewsletter(h);
    expect(mail.text).toContain('Confirm subscription');
    expect(mail.html).toContain(`${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`);
    expect(await memberRow(h, 'newsletter', email)).toMatchObject({
      state: 'pending',
      user_id: userId,
    });
    // The account keeps the wish (the spec's subscribedToNewsletter) while the list waits.
    expect(await newsletterFlag(h, userId)).toBe(1);

    const masked = `${email[0]}***@example.com`;
    for (let i = 0; i < 2; i++) {
      const looked = await call(
        h.server,
        'GET',
        `/api/mail/confirm?token=${encodeURIComponent(confirmToken)}`,
      );
      expect(looked.status).toBe(200);
      expect(looked.json).toEqual({ list: 'newsletter', state: 'pending', email: masked });
    }
    expect((await memberRow(h, 'newsletter', email))?.state).toBe('pending');

    const confirmed = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: confirmToken },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ list: 'newsletter', state: 'subscribed', email: masked });
    expect((await memberRow(h, 'newsletter', email))?.state).toBe('subscribed');
    // Pressing it again is harmless.
    const again = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: confirmToken },
    });
    expect(again.json).toMatchObject({ state: 'subscribed' });
  });

  test('a newsletter reaches confirmed subscribers with RFC 8058 headers; the one-click POST unsubscribes; the next one does not reach them', async () => {
    const h = harness();
    const reader = await confirmedSubscriber(h);
    const waiting = await signUpWithNewsletter(h); // never confirms

    const subject = `Studio notes ${unique()}`;
    const sent = await sendNewsletter(h, {
      subject,
      text: 'New indicator out.\n\nA <b>new</b> track too & more.',
    });
    expect(sent.status).toBe(201);
    const created = (sent.json as { newsletter: NewsletterProgress }).newsletter;
    const subscribed = await h.server.app.db
      .selectFrom('mail_list_members')
      .select('email')
      .where('list', '=', 'newsletter')
      .where('state', '=', 'subscribed')
      .execute();
    expect(created.recipients).toBe(subscribed.length);
    expect(subscribed.map((row) => row.email)).toContain(reader.email);
    expect(subscribed.map((row) => row.email)).not.toContain(waiting.email);

    const mail = await h.sink.waitFor((m) => m.to === reader.email && m.subject === subject);
    const headers = listHeaders(mail);
    const headerUrl = headers.unsubscribe?.url ?? '';
    expect(headerUrl).toMatch(
      /^https:\/\/creator\.example\/api\/mail\/unsubscribe\?token=[\w.-]+$/,
    );
    expect(headers['unsubscribe-post']?.name).toBe('List-Unsubscribe=One-Click');
    const pageLink = linkIn(mail, `${PUBLIC_URL}/newsletter-unsubscribe?token=`);
    const token = tokenOf(pageLink, 'token');
    expect(tokenOf(headerUrl, 'token')).toBe(token);
    expect(mail.text).toContain('New indicator out.');
    expect(mail.html).toContain(`href="${pageLink}"`);
    // The owner's text is text: its markup arrives escaped.
    expect(mail.html).toContain('A &lt;b&gt;new&lt;/b&gt; track too &amp; more.');
    expect(mail.html).not.toContain('<b>new</b>');

    const done = await newsletterDone(h, created.id);
    expect(done).toMatchObject({ recipients: subscribed.length, sent: subscribed.length });
    expect(h.sink.find((m) => m.to === waiting.email && m.subject === subject)).toEqual([]);

    // A mail scanner following the header's link (a GET) changes nothing, however often.
    for (let i = 0; i < 2; i++) {
      const looked = await fetch(`${h.server.url}/api/mail/unsubscribe?token=${token}`);
      expect(looked.status).toBe(200);
      expect(await looked.json()).toEqual({
        list: 'newsletter',
        state: 'subscribed',
        email: `${reader.email[0]}***@example.com`,
      });
    }
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('subscribed');

    const oneClick = await oneClickPost(h, headerUrl);
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ list: 'newsletter', state: 'unsubscribed' });
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('unsubscribed');
    // The account's switch follows what the reader did in the mail.
    expect(await newsletterFlag(h, reader.userId)).toBe(0);
    // The POST is idempotent: providers may retry it.
    expect((await oneClickPost(h, headerUrl)).status).toBe(200);

    const nextSubject = `Studio notes ${unique()}`;
    const next = await sendNewsletter(h, { subject: nextSubject, text: 'Second issue.' });
    expect(next.status).toBe(201);
    const nextDone = await newsletterDone(
      h,
      (next.json as { newsletter: NewsletterProgress }).newsletter.id,
    );
    expect(nextDone.recipients).toBe(subscribed.length - 1);
    expect(h.sink.find((m) => m.to === reader.email && m.subject === nextSubject)).toEqual([]);

    // "Subscribe again" on the page: the same token proves the mailbox.
    const back = await call(h.server, 'POST', '/api/mail/resubscribe', { body: { token } });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ state: 'subscribed' });
    expect(await newsletterFlag(h, reader.userId)).toBe(1);
    // The page's own button posts JSON from the site.
    const fromPage = await call(h.server, 'POST', '/api/mail/unsubscribe', { body: { token } });
    expect(fromPage.status).toBe(200);
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('unsubscribed');
  });
}

describe('on SQLite', () => {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => stopHarness(h));
  const harness = () => {
    if (!h) throw new Error('the harness starts in beforeAll');
    return h;
  };

  roundTripTests(harness);

  test('a tampered, unknown or malformed token is "This link is not valid." (404) for every link route', async () => {
    const { server } = harness();
    const reader = await confirmedSubscriber(harness());
    const member = await memberRow(harness(), 'newsletter', reader.email);
    expect(member).toBeDefined();
    const flip = (token: string) => {
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
    };
    const otherId = Buffer.from(randomUUID()).toString('base64url');
    const candidates = [
      flip(reader.confirmToken),
      `${otherId}.${reader.confirmToken.split('.')[1]}`,
      'not-a-token',
      `${reader.confirmToken}x`,
    ];
    for (const token of candidates) {
      for (const [method, path, body] of [
        ['GET', `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, undefined],
        ['POST', `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, undefined],
        ['POST', '/api/mail/unsubscribe', { token }],
        ['POST', '/api/mail/resubscribe', { token }],
        ['GET', `/api/mail/confirm?token=${encodeURIComponent(token)}`, undefined],
        ['POST', '/api/mail/confirm', { token }],
      ] as const) {
        const res = await call(server, method, path, { body });
        expect({ method, path: path.split('?')[0], status: res.status, json: res.json }).toEqual({
          method,
          path: path.split('?')[0],
          status: 404,
          json: { error: { status: 'not-found', message: LINK_INVALID, field: 'token' } },
        });
      }
    }
    // A confirmation token is not an unsubscribe token (each HMAC names its purpose).
    const wrongKind = await call(
      server,
      'POST',
      `/api/mail/unsubscribe?token=${encodeURIComponent(reader.confirmToken)}`,
    );
    expect(wrongKind.status).toBe(404);
    expect((await memberRow(harness(), 'newsletter', reader.email))?.state).toBe('subscribed');
    // No token at all changes nothing either.
    expect((await call(server, 'POST', '/api/mail/unsubscribe')).status).toBe(404);
    expect((await call(server, 'GET', '/api/mail/unsubscribe')).status).toBe(400);
  });

  test('the one-click POST also works as multipart/form-data (RFC 8058 says SHOULD) and without any body', async () => {
    const h = harness();
    const reader = await confirmedSubscriber(h);
    const subject = `Multipart ${unique()}`;
    expect((await sendNewsletter(h, { subject, text: 'Hello.' })).status).toBe(201);
    const mail = await h.sink.waitFor((m) => m.to === reader.email && m.subject === subject);
    const url = new URL(listHeaders(mail).unsubscribe?.url ?? '');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await fetch(`${h.server.url}${url.pathname}${url.search}`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(200);
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('unsubscribed');
    const token = tokenOf(url.href, 'token');
    await call(h.server, 'POST', '/api/mail/resubscribe', { body: { token } });
    const bare = await fetch(`${h.server.url}${url.pathname}${url.search}`, { method: 'POST' });
    expect(bare.status).toBe(200);
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('unsubscribed');
  });

  test('tokens are never stored: the row keeps only the SHA-256 of its unsubscribe token', async () => {
    const h = harness();
    const reader = await confirmedSubscriber(h);
    const subject = `Hash check ${unique()}`;
    const sent = await sendNewsletter(h, { subject, text: 'Hello.' });
    expect(sent.status).toBe(201);
    const mail = await h.sink.waitFor((m) => m.to === reader.email && m.subject === subject);
    const token = tokenOf(linkIn(mail, `${PUBLIC_URL}/newsletter-unsubscribe?token=`), 'token');
    const row = await memberRow(h, 'newsletter', reader.email);
    expect(row?.unsubscribe_token).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(reader.confirmToken.split('.')[1]);
  });

  test('the account switch: on sends a confirmation mail, off leaves the list, on again makes the old link useless', async () => {
    const h = harness();
    const user = await createUser(h.server);
    const cookie = await loginAs(h.server, user);
    const patch = (subscribedToNewsletter: boolean) =>
      call(h.server, 'PATCH', '/api/me', { cookie, body: { subscribedToNewsletter } });

    expect((await patch(true)).json).toMatchObject({ user: { subscribedToNewsletter: true } });
    const first = await confirmationMail(h, user.email, NEWSLETTER_CONFIRM_SUBJECT);
    const firstToken = tokenOf(
      linkIn(first, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    expect(await memberRow(h, 'newsletter', user.email)).toMatchObject({
      state: 'pending',
      user_id: user.id,
    });

    expect((await patch(false)).json).toMatchObject({ user: { subscribedToNewsletter: false } });
    expect((await memberRow(h, 'newsletter', user.email))?.state).toBe('unsubscribed');
    // Leaving ends the open confirmation link too.
    expect(
      (await call(h.server, 'POST', '/api/mail/confirm', { body: { token: firstToken } })).status,
    ).toBe(404);

    await patch(true);
    await expect
      .poll(
        () =>
          h.sink.find((m) => m.to === user.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT)
            .length,
      )
      .toBe(2);
    const second = h.sink.find(
      (m) => m.to === user.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT,
    )[1]!;
    const secondToken = tokenOf(
      linkIn(second, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    expect(secondToken).not.toBe(firstToken);
    expect(
      (await call(h.server, 'POST', '/api/mail/confirm', { body: { token: firstToken } })).status,
    ).toBe(404);
    const confirmed = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: secondToken },
    });
    expect(confirmed.json).toMatchObject({ state: 'subscribed' });

    // Switching on while subscribed sends nothing more.
    await patch(true);
    expect((await memberRow(h, 'newsletter', user.email))?.state).toBe('subscribed');
    expect(
      h.sink.find((m) => m.to === user.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT),
    ).toHaveLength(2);
    const outbox = await h.server.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', user.email)
      .where('subject', '=', NEWSLETTER_CONFIRM_SUBJECT)
      .execute();
    expect(outbox).toHaveLength(2);
  });

  test('an account whose address is not verified cannot take that address’s subscription off the list', async () => {
    const h = harness();
    const email = `owner${unique()}@example.com`;
    const asked = await callFrom(h, 'POST', '/api/mail/subscribe', {
      body: { list: 'newsletter', email },
    });
    expect(asked.status).toBe(202);
    const mail = await confirmationMail(h, email, NEWSLETTER_CONFIRM_SUBJECT);
    const token = tokenOf(
      linkIn(mail, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    await call(h.server, 'POST', '/api/mail/confirm', { body: { token } });

    const squatter = await createUser(h.server, { email, emailVerified: false });
    const cookie = await loginAs(h.server, squatter);
    const patch = (subscribedToNewsletter: boolean) =>
      call(h.server, 'PATCH', '/api/me', { cookie, body: { subscribedToNewsletter } });
    expect((await patch(true)).status).toBe(200);
    expect((await patch(false)).status).toBe(200);
    expect(await memberRow(h, 'newsletter', email)).toMatchObject({
      state: 'subscribed',
      user_id: null,
    });
    const deleted = await call(h.server, 'DELETE', '/api/me', {
      cookie,
      body: { password: squatter.password },
    });
    expect(deleted.status).toBe(204);
    expect((await memberRow(h, 'newsletter', email))?.state).toBe('subscribed');

    // The verified owner of the address can.
    const owner = await createUser(h.server, { email, emailVerified: true });
    const ownerCookie = await loginAs(h.server, owner);
    await call(h.server, 'PATCH', '/api/me', {
      cookie: ownerCookie,
      body: { subscribedToNewsletter: false },
    });
    expect((await memberRow(h, 'newsletter', email))?.state).toBe('unsubscribed');

    // An unverified account ticking the box later does not make the address's row its own.
    await call(h.server, 'DELETE', '/api/me', {
      cookie: ownerCookie,
      body: { password: owner.password },
    });
    const another = await createUser(h.server, { email, emailVerified: false });
    const anotherCookie = await loginAs(h.server, another);
    await call(h.server, 'PATCH', '/api/me', {
      cookie: anotherCookie,
      body: { subscribedToNewsletter: true },
    });
    expect(await memberRow(h, 'newsletter', email)).toMatchObject({
      state: 'pending',
      user_id: null,
    });
  });

  test('signing up without the box puts nobody on a list; the export lists the pending row of one who ticked it', async () => {
    const h = harness();
    const payload = signUpPayload({ subscribedToNewsletter: false });
    expect((await callFrom(h, 'POST', '/api/auth/register', { body: payload })).status).toBe(201);
    expect(await memberRow(h, 'newsletter', String(payload.email))).toBeUndefined();

    const ticked = await signUpWithNewsletter(h);
    const cookie = await loginAs(h.server, { id: ticked.userId });
    const exported = await call(h.server, 'GET', '/api/me/export', { cookie });
    expect(exported.status).toBe(200);
    expect((exported.json as { mailLists: unknown[] }).mailLists).toEqual([
      expect.objectContaining({ list: 'newsletter', email: ticked.email, state: 'pending' }),
    ]);

    // Deleting the account takes its list rows along.
    const deleted = await call(h.server, 'DELETE', '/api/me', {
      cookie,
      body: { password: 'amber-otter-canyon-7' },
    });
    expect(deleted.status).toBe(204);
    expect(await memberRow(h, 'newsletter', ticked.email)).toBeUndefined();
  });

  test('a ticked form preference asks for confirmation: pitches in English from Contact, lokalaJobb in Swedish from Lokala jobb', async () => {
    const h = harness();
    const contactEmail = `pitch${unique()}@example.com`;
    const contact = await callFrom(h, 'POST', '/api/submissions', {
      body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
        name: 'Pat',
        email: contactEmail,
        message: 'Hello there',
        'Privacy policy': true,
        pitches: true,
      }),
    });
    expect(contact.status).toBe(201);
    const pitchMail = await confirmationMail(
      h,
      contactEmail,
      'Confirm e-mails about new work from Alex Lindqvist',
    );
    const pitchToken = tokenOf(
      linkIn(pitchMail, `${PUBLIC_URL}/pitches-mail-unsubscribe?confirm-token=`),
      'confirm-token',
    );
    expect(await memberRow(h, 'pitches', contactEmail)).toMatchObject({
      state: 'pending',
      user_id: null,
    });
    const pitchConfirmed = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: pitchToken },
    });
    expect(pitchConfirmed.json).toMatchObject({ list: 'pitches', state: 'subscribed' });

    const jobEmail = `Jobb${unique()}@Example.com`;
    const job = await callFrom(h, 'POST', '/api/submissions', {
      body: toSubmissionPayload(FORM_DEFINITIONS['jobs/lokalaJobb'], {
        company: 'Bageriet AB',
        name: 'Sara',
        email: jobEmail,
        needs: 'En ny hemsida.',
        Integritetspolicy: true,
        lokalaJobb: true,
      }),
    });
    expect(job.status).toBe(201);
    const stored = jobEmail.toLowerCase();
    const jobMail = await confirmationMail(
      h,
      stored,
      'Bekräfta din prenumeration på nyheter från Lokala jobb',
    );
    expect(jobMail.text).toContain('Bekräfta prenumerationen');
    expect(jobMail.html).toContain('<html lang="sv">');
    linkIn(jobMail, `${PUBLIC_URL}/lokala-jobb-avregistrera-mail?confirm-token=`);
    expect((await memberRow(h, 'lokalaJobb', stored))?.state).toBe('pending');

    // An unticked preference subscribes nobody.
    const quietEmail = `quiet${unique()}@example.com`;
    await callFrom(h, 'POST', '/api/submissions', {
      body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
        name: 'Quiet',
        email: quietEmail,
        message: 'No mail please',
        'Privacy policy': true,
        pitches: false,
      }),
    });
    expect(await memberRow(h, 'pitches', quietEmail)).toBeUndefined();
  });

  test('pitches round trip: Contact with the box ticked, confirm, the owner mails the list with RFC 8058 headers, the one-click POST unsubscribes, the next mail does not reach them', async () => {
    const h = harness();
    const PITCHES_CONFIRM_SUBJECT = 'Confirm e-mails about new work from Alex Lindqvist';
    /** Sends Contact with "new work" ticked and confirms the mailed link. */
    async function confirmedPitchReader(name: string) {
      const email = `${name.toLowerCase()}${unique()}@example.com`;
      const sent = await callFrom(h, 'POST', '/api/submissions', {
        body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
          name,
          email,
          message: 'I like your work.',
          'Privacy policy': true,
          pitches: true,
        }),
      });
      expect(sent.status).toBe(201);
      const mail = await confirmationMail(h, email, PITCHES_CONFIRM_SUBJECT);
      const token = tokenOf(
        linkIn(mail, `${PUBLIC_URL}/pitches-mail-unsubscribe?confirm-token=`),
        'confirm-token',
      );
      expect((await memberRow(h, 'pitches', email))?.state).toBe('pending');
      const confirmed = await call(h.server, 'POST', '/api/mail/confirm', { body: { token } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.json).toMatchObject({ list: 'pitches', state: 'subscribed' });
      expect((await memberRow(h, 'pitches', email))?.state).toBe('subscribed');
      return email;
    }
    const reader = await confirmedPitchReader('Robin');
    const stays = await confirmedPitchReader('Kim');
    // A newsletter reader is on another list: a pitches mail is not for them.
    const newsletterReader = await confirmedSubscriber(h);

    const subject = `New work ${unique()}`;
    const sent = await sendNewsletter(h, {
      list: 'pitches',
      subject,
      text: 'A new print series is out.',
    });
    expect(sent.status).toBe(201);
    const created = (sent.json as { newsletter: NewsletterProgress }).newsletter;
    const mail = await h.sink.waitFor((m) => m.to === reader && m.subject === subject);
    const headers = listHeaders(mail);
    const headerUrl = headers.unsubscribe?.url ?? '';
    expect(headerUrl).toMatch(
      /^https:\/\/creator\.example\/api\/mail\/unsubscribe\?token=[\w.-]+$/,
    );
    expect(headers['unsubscribe-post']?.name).toBe('List-Unsubscribe=One-Click');
    const pageLink = linkIn(mail, `${PUBLIC_URL}/pitches-mail-unsubscribe?token=`);
    const token = tokenOf(pageLink, 'token');
    expect(tokenOf(headerUrl, 'token')).toBe(token);
    expect(mail.text).toContain('A new print series is out.');
    expect(mail.html).toContain(`href="${pageLink}"`);
    const done = await newsletterDone(h, created.id);
    expect(done).toMatchObject({ recipients: created.recipients, sent: created.recipients });
    expect(h.sink.find((m) => m.to === stays && m.subject === subject)).toHaveLength(1);
    expect(h.sink.find((m) => m.to === newsletterReader.email && m.subject === subject)).toEqual(
      [],
    );

    const oneClick = await oneClickPost(h, headerUrl);
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ list: 'pitches', state: 'unsubscribed' });
    expect((await memberRow(h, 'pitches', reader))?.state).toBe('unsubscribed');
    expect((await memberRow(h, 'pitches', stays))?.state).toBe('subscribed');

    const nextSubject = `New work ${unique()}`;
    const next = await sendNewsletter(h, {
      list: 'pitches',
      subject: nextSubject,
      text: 'And another one.',
    });
    expect(next.status).toBe(201);
    const nextCreated = (next.json as { newsletter: NewsletterProgress }).newsletter;
    expect(nextCreated.recipients).toBe(created.recipients - 1);
    await newsletterDone(h, nextCreated.id);
    await h.sink.waitFor((m) => m.to === stays && m.subject === nextSubject);
    expect(h.sink.find((m) => m.to === reader && m.subject === nextSubject)).toEqual([]);
  });

  test('confirmation mails to one address stop after five a day, so the forms cannot flood an inbox', async () => {
    const h = harness();
    const target = `flood${unique()}@example.com`;
    const address = fromAddress(nextAddress());
    for (let i = 0; i < 7; i++) {
      const res = await call(h.server, 'POST', '/api/submissions', {
        headers: address,
        body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
          name: 'Flood',
          email: target,
          message: `Message ${i}`,
          'Privacy policy': true,
          pitches: true,
        }),
      });
      expect(res.status).toBe(201);
    }
    const queued = await h.server.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', target)
      .execute();
    expect(queued).toHaveLength(5);
  });

  test('"subscribe again" answers 202 whatever the address, mails only those not yet subscribed, and is rate limited', async () => {
    const h = harness();
    const fresh = `again${unique()}@example.com`;
    const address = fromAddress(nextAddress());
    const subscribe = (body: unknown) =>
      call(h.server, 'POST', '/api/mail/subscribe', { body, headers: address });
    const res = await subscribe({ list: 'pitches', email: fresh });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ status: 'sent' });
    await confirmationMail(h, fresh, 'Confirm e-mails about new work from Alex Lindqvist');

    const reader = await confirmedSubscriber(h);
    const known = await subscribe({ list: 'newsletter', email: reader.email });
    expect(known.status).toBe(202);
    expect(known.json).toEqual({ status: 'sent' });
    // Its work runs after the answer; a later request's mail shows it has finished.
    const marker = `marker${unique()}@example.com`;
    await subscribe({ list: 'newsletter', email: marker });
    await confirmationMail(h, marker, NEWSLETTER_CONFIRM_SUBJECT);
    expect(
      h.sink.find((m) => m.to === reader.email && m.subject === NEWSLETTER_CONFIRM_SUBJECT),
    ).toHaveLength(1);
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('subscribed');

    const badList = await subscribe({ list: 'everyone', email: fresh });
    expect(badList.status).toBe(400);
    expect(badList.json).toMatchObject({ error: { message: 'Unknown mail list.' } });
    const badEmail = await subscribe({ list: 'newsletter', email: 'no-at-sign' });
    expect(badEmail.json).toMatchObject({ error: { message: "Email is missing an '@' symbol." } });

    // 10 an hour per client address; the 3 valid requests above counted.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const email = `x${i}${unique()}@example.com`;
      statuses.push((await subscribe({ list: 'pitches', email })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202, 429]);
  });

  test('newsletter progress: recipients, sent, failed and queued come from the mail queue', async () => {
    const h = harness();
    await confirmedSubscriber(h);
    await confirmedSubscriber(h);
    const res = await sendNewsletter(h, { subject: `Progress ${unique()}`, text: 'Counting.' });
    expect(res.status).toBe(201);
    const created = (res.json as { newsletter: NewsletterProgress }).newsletter;
    expect(created.recipients).toBeGreaterThanOrEqual(2);
    expect(created.sent + created.failed + created.queued).toBe(created.recipients);
    const done = await newsletterDone(h, created.id);
    expect(done).toMatchObject({ sent: created.recipients, failed: 0, queued: 0 });

    // A mail the queue gave up on counts as failed.
    const one = await h.server.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('newsletter_id', '=', created.id)
      .executeTakeFirstOrThrow();
    await h.server.app.db
      .updateTable('mail_outbox')
      .set({ status: 'failed' })
      .where('id', '=', one.id)
      .execute();
    expect((await newsletters(h)).find((n) => n.id === created.id)).toMatchObject({
      sent: created.recipients - 1,
      failed: 1,
      queued: 0,
    });
    expect((await newsletters(h))[0]?.id).toBe(created.id);
  });

  test('the owner sees each list’s members by state; a list without confirmed members cannot be sent to; the text is checked', async () => {
    const h = harness();
    const counts = await call(h.server, 'GET', '/api/admin/mail-lists', { cookie: h.adminCookie });
    expect(counts.status).toBe(200);
    const lists = (counts.json as { lists: { list: string; subscribed: number }[] }).lists;
    expect(lists.map((l) => l.list)).toEqual(['newsletter', 'lokalaJobb', 'pitches']);
    const dbCount = await h.server.app.db
      .selectFrom('mail_list_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('list', '=', 'newsletter')
      .where('state', '=', 'subscribed')
      .executeTakeFirstOrThrow();
    expect(lists[0]?.subscribed).toBe(Number(dbCount.n));

    const empty = await sendNewsletter(h, { list: 'lokalaJobb', subject: 'Hej', text: 'Hej!' });
    expect(empty.status).toBe(409);
    expect(empty.json).toMatchObject({
      error: { message: 'No one has confirmed a subscription to this list yet.' },
    });
    for (const [body, message] of [
      [{ subject: ' ', text: 'x' }, 'Subject is missing.'],
      [{ subject: 'a\nb', text: 'x' }, 'Subject has to be one line.'],
      [{ subject: 'x'.repeat(201), text: 'x' }, 'Subject has to be less than 201 characters.'],
      [{ subject: 'Hi', text: '' }, 'Text is missing.'],
      [{ subject: 'Hi', text: 'x', list: 'everyone' }, 'Unknown mail list.'],
    ] as const) {
      const res = await sendNewsletter(h, body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { message } });
    }
  });
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase | undefined;
  let h: Harness | undefined;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    h = await startHarness({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await stopHarness(h);
    await database?.drop();
  });

  roundTripTests(() => {
    if (!h) throw new Error('the harness starts in beforeAll');
    return h;
  });
});
