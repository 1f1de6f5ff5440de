/**
 * The newsletter round trip end to end, through a real SMTP sink: double opt-in from sign-up, the
 * owner's newsletter with its RFC 8058 headers and unsubscribe link, the one-click POST a mail
 * provider sends. It runs on SQLite and, when a server answers, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, unique } from '#test-support/accounts';
import {
  PUBLIC_URL,
  type Harness,
  startHarness,
  useHarness,
  stopHarness,
  tokenOf,
  memberRow,
  newsletterFlag,
  signUpWithNewsletter,
  confirmedSubscriber,
  type NewsletterProgress,
  sendNewsletter,
  newsletterDone,
  oneClickPost,
  listHeaders,
} from '#test-support/mail-lists';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { linkIn } from '#test-support/smtp-sink';

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
    // The account keeps the wish (the user info's subscribedToNewsletter) while the list waits.
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

    // "Subscribe again" with the token alone (it is in every copy, and copies are forwarded):
    // a new confirmation mail to the member's address, as a first subscription gets; the address
    // is subscribed only once that mail's link is used.
    const back = await call(h.server, 'POST', '/api/mail/resubscribe', { body: { token } });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ list: 'newsletter', state: 'pending' });
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('pending');
    expect(await newsletterFlag(h, reader.userId)).toBe(0);
    const confirmations = () =>
      h.sink.find((m) => m.to === reader.email && /^Confirm your subscription/.test(m.subject));
    // The sign-up's, then this one.
    await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(2);
    const confirmation = confirmations()[1]!;
    const confirmLink = linkIn(confirmation, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`);
    const confirmed = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: new URL(confirmLink).searchParams.get('confirm-token') },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ state: 'subscribed' });
    expect(await newsletterFlag(h, reader.userId)).toBe(1);
    // The page's own button posts JSON from the site.
    const fromPage = await call(h.server, 'POST', '/api/mail/unsubscribe', { body: { token } });
    expect(fromPage.status).toBe(200);
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('unsubscribed');
  });
}

describe('on SQLite', () => {
  const harness = useHarness();

  roundTripTests(harness);
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase | undefined;
  let h: Harness | undefined;
  beforeAll(async () => {
    database = await createMigratedDatabase();
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
