/**
 * The mail queue is no archive (privacy policy, "Mail the site sends"): a week after a mail was sent
 * or given up on, account mail is deleted and a newsletter's mail keeps only its status, so the
 * newsletter's progress still adds up. Mail still queued, and mail delivered recently, is untouched.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  DELIVERED_MAIL_KEPT_MS,
  enqueueMail,
  forgetDeliveredMail,
  outboxRow,
} from '#server/mail/outbox.repository';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

async function mailRow(id: string) {
  return server.app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

async function setDelivery(id: string, status: 'sent' | 'failed', at: string) {
  await server.app.db
    .updateTable('mail_outbox')
    .set(
      status === 'sent'
        ? { status, sent_at: at }
        : { status, next_attempt_at: at, last_error: 'mailbox full' },
    )
    .where('id', '=', id)
    .execute();
}

test('mail delivered over a week ago is forgotten; a newsletter keeps its progress counts', async () => {
  const db = server.app.db;
  // The worker must not send these in the middle of the test: they are due only in a day.
  const later = new Date(now.getTime() + DAY_MS);
  const account = (to: string) =>
    enqueueMail(db, { to, subject: 'Reset your password', text: 'https://x/?token=secret' }, later);
  const oldSent = await account('old-sent@example.com');
  const oldFailed = await account('old-failed@example.com');
  const recentSent = await account('recent@example.com');
  const stillQueued = await account('queued@example.com');
  await setDelivery(oldSent, 'sent', ago(DELIVERED_MAIL_KEPT_MS + 60_000));
  await setDelivery(oldFailed, 'failed', ago(DELIVERED_MAIL_KEPT_MS + 60_000));
  await setDelivery(recentSent, 'sent', ago(DAY_MS));
  await db
    .updateTable('mail_outbox')
    .set({ created_at: ago(30 * DAY_MS) })
    .where('id', '=', stillQueued)
    .execute();

  const newsletterId = randomUUID();
  await db
    .insertInto('newsletters')
    .values({
      id: newsletterId,
      list: 'newsletter',
      subject: 'Studio notes',
      text: 'Hello',
      created_at: ago(10 * DAY_MS),
      created_by: null,
      recipients: 2,
    })
    .execute();
  const newsletterMails = ['a@example.com', 'b@example.com'].map((to) => ({
    ...outboxRow({ to, subject: 'Studio notes', text: 'Hello', headers: { 'X-A': '1' } }, later),
    newsletter_id: newsletterId,
  }));
  await db.insertInto('mail_outbox').values(newsletterMails).execute();
  const [readerA, readerB] = newsletterMails.map((mail) => mail.id);
  await setDelivery(readerA!, 'sent', ago(DELIVERED_MAIL_KEPT_MS + 60_000));
  await setDelivery(readerB!, 'failed', ago(DELIVERED_MAIL_KEPT_MS + 60_000));

  expect(await forgetDeliveredMail(db, now)).toBe(4);

  expect(await mailRow(oldSent)).toBeUndefined();
  expect(await mailRow(oldFailed)).toBeUndefined();
  expect(await mailRow(recentSent)).toMatchObject({ to_address: 'recent@example.com' });
  expect(await mailRow(stillQueued)).toMatchObject({
    status: 'queued',
    to_address: 'queued@example.com',
  });
  for (const id of [readerA!, readerB!]) {
    expect(await mailRow(id)).toMatchObject({
      to_address: '',
      subject: '',
      text_body: '',
      html_body: null,
      headers: null,
      last_error: null,
      newsletter_id: newsletterId,
    });
  }

  const admin = await createUser(server, { adminRank: 10 });
  const res = await call(server, 'GET', '/api/admin/newsletters', {
    cookie: await loginAs(server, admin),
  });
  expect(res.status).toBe(200);
  const progress = (res.json as { newsletters: { id: string }[] }).newsletters.find(
    (n) => n.id === newsletterId,
  );
  expect(progress).toMatchObject({ recipients: 2, sent: 1, failed: 1, queued: 0 });

  // Running again finds nothing more to forget.
  expect(await forgetDeliveredMail(db, now)).toBe(0);
});
