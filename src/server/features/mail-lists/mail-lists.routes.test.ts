/**
 * The lists' links (mail-lists.routes.ts) through a real SMTP sink: links that are not valid, the
 * one-click POST in its other forms, tokens never stored, and "subscribe again".
 */
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { call, fromAddress, nextAddress, unique } from '#test-support/accounts';
import {
  PUBLIC_URL,
  LINK_INVALID,
  NEWSLETTER_CONFIRM_SUBJECT,
  useHarness,
  tokenOf,
  memberRow,
  confirmationMail,
  confirmedSubscriber,
  sendNewsletter,
  signUpWithNewsletter,
  listHeaders,
} from '#test-support/mail-lists';
import { linkIn } from '#test-support/smtp-sink';

describe('on SQLite', () => {
  const harness = useHarness();

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

  test('"subscribe again" answers 202 whatever the address, mails only those not yet subscribed, and is rate limited', async () => {
    const h = harness();
    const fresh = `again${unique()}@example.com`;
    const address = fromAddress(nextAddress());
    const subscribe = (body: unknown) =>
      call(h.server, 'POST', '/api/mail/subscribe', { body, headers: address });
    const res = await subscribe({ list: 'pitches', email: fresh });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ status: 'sent' });
    await confirmationMail(h, fresh, 'Confirm emails about new work from Alex Lindqvist');

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

  test('a confirmation link works for a week; an older one subscribes nobody', async () => {
    const h = harness();
    const signedUp = await signUpWithNewsletter(h);
    await h.server.app.db
      .updateTable('mail_list_members')
      .set({ updated_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() })
      .where('email', '=', signedUp.email)
      .execute();
    const late = await call(h.server, 'POST', '/api/mail/confirm', {
      body: { token: signedUp.confirmToken },
    });
    expect(late.status).toBe(404);
    expect(late.json).toMatchObject({ error: { message: LINK_INVALID } });
    expect((await memberRow(h, 'newsletter', signedUp.email))?.state).toBe('pending');
  });

  test('"subscribe again" with only an unsubscribe token sends a confirmation, never subscribes; too many are refused', async () => {
    const h = harness();
    const reader = await confirmedSubscriber(h);
    const sent = await sendNewsletter(h, { subject: `Forwarded ${unique()}`, text: 'Hi.' });
    expect(sent.status).toBe(201);
    const copy = await h.sink.waitFor(
      (m) => m.to === reader.email && m.subject.startsWith('Forwarded'),
    );
    const token = tokenOf(linkIn(copy, `${PUBLIC_URL}/newsletter-unsubscribe?token=`), 'token');
    // Whoever the copy was forwarded to leaves the list for its reader…
    expect(
      (await call(h.server, 'POST', '/api/mail/unsubscribe', { body: { token } })).status,
    ).toBe(200);
    // …but cannot put them back: each "subscribe again" only mails a confirmation link.
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const again = await call(h.server, 'POST', '/api/mail/resubscribe', { body: { token } });
      answers.push(again.status);
      if (again.status === 200) expect(again.json).toMatchObject({ state: 'pending' });
    }
    expect((await memberRow(h, 'newsletter', reader.email))?.state).toBe('pending');
    // The sign-up's confirmation counted too: five a day per address, then 429.
    expect(answers).toEqual([200, 200, 200, 200, 429]);
  });
});
