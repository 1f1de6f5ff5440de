/**
 * The owner's mail (newsletters.routes.ts) through a real SMTP sink: the pitches list round trip,
 * a newsletter's progress from the mail queue, the lists' counts and the checks on what is sent.
 */
import { describe, expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import { call, unique } from '#test-support/accounts';
import {
  PUBLIC_URL,
  useHarness,
  callFrom,
  tokenOf,
  memberRow,
  confirmationMail,
  confirmedSubscriber,
  type NewsletterProgress,
  sendNewsletter,
  newsletters,
  newsletterDone,
  oneClickPost,
  listHeaders,
} from '#test-support/mail-lists';
import { linkIn } from '#test-support/smtp-sink';

describe('on SQLite', () => {
  const harness = useHarness();

  test('pitches round trip: Contact with the box ticked, confirm, the owner mails the list with RFC 8058 headers, the one-click POST unsubscribes, the next mail does not reach them', async () => {
    const h = harness();
    const PITCHES_CONFIRM_SUBJECT = 'Confirm emails about new work from Alex Lindqvist';
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
