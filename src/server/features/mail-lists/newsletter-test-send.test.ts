/**
 * Before sending, the owner mails a newsletter to their own address (docs/product/mail.md#newsletters):
 * it arrives through the real SMTP sink as the members would read it, marked [Test], and counts
 * nowhere; after sending, each newsletter shows the unsubscribes that followed it.
 */
import { describe, expect, test } from 'vitest';
import { call, unique } from '#test-support/accounts';
import {
  confirmedSubscriber,
  newsletterDone,
  newsletters,
  oneClickPost,
  listHeaders,
  sendNewsletter,
  useHarness,
  type NewsletterProgress,
} from '#test-support/mail-lists';

describe('on SQLite', () => {
  const harness = useHarness();

  test('a test goes to the owner alone, as the members would read it, and is no newsletter', async () => {
    const h = harness();
    await confirmedSubscriber(h);
    const before = (await newsletters(h)).length;
    const subject = `Spring prints ${unique()}`;
    const res = await call(h.server, 'POST', '/api/admin/newsletters/test', {
      cookie: h.adminCookie,
      body: { list: 'newsletter', subject, text: 'Ten new prints are out.' },
    });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ to: h.admin.email });
    const mail = await h.sink.waitFor((m) => m.subject === `[Test] ${subject}`);
    expect(mail.to).toBe(h.admin.email);
    expect(mail.text).toContain('Ten new prints are out.');
    expect(h.sink.find((m) => m.subject.includes(subject))).toHaveLength(1);
    expect(await newsletters(h)).toHaveLength(before);
    const audit = await h.server.app.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('action', '=', 'POST /api/admin/newsletters/test')
      .execute();
    expect(audit).toEqual([{ action: 'POST /api/admin/newsletters/test', outcome: 'success' }]);
  });

  test('a test with a bad subject is refused and nothing is queued', async () => {
    const h = harness();
    const queued = await h.server.app.db.selectFrom('mail_outbox').select('id').execute();
    const res = await call(h.server, 'POST', '/api/admin/newsletters/test', {
      cookie: h.adminCookie,
      body: { list: 'newsletter', subject: '', text: 'Text' },
    });
    expect(res.status).toBe(400);
    expect(await h.server.app.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(
      queued.length,
    );
  });

  test('each newsletter counts the unsubscribes that followed it, until the next one', async () => {
    const h = harness();
    const leaving = await confirmedSubscriber(h);
    await confirmedSubscriber(h);
    const first = await sendNewsletter(h, { subject: `First ${unique()}`, text: 'One.' });
    const firstId = (first.json as { newsletter: NewsletterProgress }).newsletter.id;
    await newsletterDone(h, firstId);
    const mail = await h.sink.waitFor(
      (m) => m.to === leaving.email && m.subject.startsWith('First'),
    );
    expect((await oneClickPost(h, listHeaders(mail).unsubscribe?.url ?? '')).status).toBe(200);
    const second = await sendNewsletter(h, { subject: `Second ${unique()}`, text: 'Two.' });
    const secondId = (second.json as { newsletter: NewsletterProgress }).newsletter.id;
    const shown = (await newsletters(h)) as (NewsletterProgress & { unsubscribes: number })[];
    expect(shown.find((n) => n.id === firstId)?.unsubscribes).toBe(1);
    expect(shown.find((n) => n.id === secondId)?.unsubscribes).toBe(0);
  });
});
