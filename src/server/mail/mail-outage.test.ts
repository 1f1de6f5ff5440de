/**
 * The mail server down for a while, for real (docs/deploy.md#when-something-fails): a real SMTP
 * server that refuses connections (421), then cuts them, then accepts. Mail waits in the outbox and
 * is retried with a backoff that grows; the desk's site health shows how many wait and the last
 * error; after recovery each mail arrives exactly once. A newsletter interrupted by a restart of the
 * site goes on where it stopped in the next process, and nobody is mailed twice.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import type { SiteHealth } from '#shared/site-health-schemas';
import { backoffMs, enqueueMail } from '#server/mail/outbox.repository';
import { queueNewsletter } from '#server/features/mail-lists/newsletters.repository';
import { listContext } from '#server/features/mail-lists/subscriptions.service';
import { call, createUser, loginAs } from '#test-support/accounts';
import { probePostgres } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';
import { startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sink(): Promise<SmtpSink> {
  const started = await startSmtpSink();
  cleanups.push(() => started.close());
  return started;
}

async function server(env: Record<string, string>): Promise<TestServer> {
  const started = await startTestServer({ env: { SERVE_CLIENT: 'false', ...env } });
  cleanups.push(() => started.close());
  return started;
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const RECIPIENTS = ['one@example.com', 'two@example.com', 'three@example.com'];

function outbox(app: TestServer) {
  return app.app.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'status', 'attempts', 'next_attempt_at', 'last_error'])
    .where('to_address', 'in', RECIPIENTS)
    .execute();
}

/** Every queued mail has failed `attempts` times by now. */
function failedTimes(app: TestServer, attempts: number) {
  return until(async () => {
    const rows = await outbox(app);
    return rows.length === RECIPIENTS.length && rows.every((row) => row.attempts === attempts)
      ? rows
      : undefined;
  });
}

/** The backoff is skipped instead of waited for; the worker is woken. */
async function dueNow(app: TestServer): Promise<void> {
  await app.app.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1).toISOString() })
    .where('status', '=', 'queued')
    .execute();
  app.app.mail.kick();
}

test('refused, then cut: the mail waits with a growing backoff and the desk shows it; once the server accepts, each arrives exactly once', async () => {
  const smtp = await sink();
  smtp.fail('refuse');
  const app = await server({ SMTP_URL: smtp.url });
  const admin = await loginAs(app, await createUser(app, { adminRank: 10 }));
  const health = async () => {
    const res = await call(app, 'GET', '/api/admin/health', { cookie: admin });
    expect(res.status).toBe(200);
    return (res.json as SiteHealth).mailQueue;
  };

  for (const to of RECIPIENTS)
    await enqueueMail(app.app.db, { to, subject: `For ${to}`, text: 'Hello' });
  app.app.mail.kick();
  const first = await failedTimes(app, 1);
  for (const row of first) {
    expect(row.status).toBe('queued');
    expect(row.last_error).toMatch(/421/);
    const wait = Date.parse(row.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(backoffMs(1) - 10_000);
    expect(wait).toBeLessThanOrEqual(backoffMs(1));
  }
  const waiting = await health();
  expect(waiting).toMatchObject({ queued: 3, paused: false });
  expect(waiting.lastError).toMatch(/421/);

  // Cut before the greeting: a second failure, a longer wait.
  smtp.fail('drop');
  await dueNow(app);
  const second = await failedTimes(app, 2);
  for (const row of second) {
    expect(row.status).toBe('queued');
    const wait = Date.parse(row.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(backoffMs(2) - 10_000);
    expect(wait).toBeLessThanOrEqual(backoffMs(2));
  }
  expect((await health()).lastError).not.toMatch(/421/);
  expect(smtp.messages).toHaveLength(0);

  smtp.accept();
  await dueNow(app);
  await app.app.mail.drain();
  await until(async () => {
    const rows = await outbox(app);
    return rows.every((row) => row.status === 'sent') ? rows : undefined;
  });
  // Another run finds nothing due: nothing is sent again.
  app.app.mail.kick();
  await app.app.mail.drain();
  expect(smtp.messages.map((mail) => mail.to).sort()).toEqual([...RECIPIENTS].sort());
  expect(await health()).toMatchObject({ queued: 0, lastError: null });
});

const postgres = await probePostgres();

describe.skipIf(!postgres.available)(
  postgres.title('a newsletter and a restart of the site'),
  () => {
    test('the next process sends the rest of an interrupted newsletter, and nobody gets it twice', async () => {
      const database = await createMigratedDatabase();
      cleanups.push(() => database.drop());
      const smtp = await sink();
      // Slow enough that the first process is stopped with most of the newsletter still queued.
      smtp.setDelay(20);
      const env = { SMTP_URL: smtp.url, DATABASE_URL: database.url };
      const first = await startTestServer({ env: { SERVE_CLIENT: 'false', ...env } });
      const readers = Array.from({ length: 30 }, (_, index) => `reader${index}@example.com`);
      const now = new Date().toISOString();
      await first.app.db
        .insertInto('mail_list_members')
        .values(
          readers.map((email) => ({
            id: randomUUID(),
            list: 'newsletter',
            email,
            user_id: null,
            unsubscribe_token: randomUUID(),
            state: 'subscribed',
            confirm_nonce: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const owner = await createUser(first, { adminRank: 10 });
      const context = await listContext(first.app.db, first.config);
      const id = await queueNewsletter(first.app.db, context, {
        list: 'newsletter',
        subject: 'Spring news',
        text: 'What happened this spring.',
        createdBy: owner.id,
      });
      expect(id).not.toBeNull();
      first.app.mail.kick();
      await until(async () => (smtp.messages.length >= 3 ? true : undefined));
      // A restart: the process stops as on SIGTERM, and a new one starts on the same database.
      await first.close();
      const sentByFirst = smtp.messages.length;
      expect(sentByFirst).toBeLessThan(readers.length);

      const second = await server(env);
      second.app.mail.kick();
      await until(async () => (smtp.messages.length >= readers.length ? true : undefined), 20_000);
      await second.app.mail.drain();
      const received = smtp.messages.map((mail) => mail.to);
      expect(received.sort()).toEqual([...readers].sort());
      const statuses = await second.app.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('newsletter_id', '=', id)
        .execute();
      expect(statuses.every((row) => row.status === 'sent')).toBe(true);
    }, 60_000);
  },
);
