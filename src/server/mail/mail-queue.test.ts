import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { enqueueMail } from '#server/mail/outbox.repository';
import { call, createUser } from '#test-support/accounts';
import { freePort, startTestServer, type TestServer } from '#test-support/server';
import { startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(options);
  cleanups.push(() => started.close());
  return started;
}

async function sink(port?: number): Promise<SmtpSink> {
  const started = await startSmtpSink(port);
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

function outboxRow(app: TestServer['app'], to: string) {
  return app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .executeTakeFirst();
}

test('SMTP down: the mail stays queued with attempts+1 and a backoff; once the server is up it is delivered', async () => {
  const port = await freePort();
  const app = await server({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const user = await createUser(app);
  const res = await call(app, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
  expect(res.status).toBe(202);

  const failed = await until(async () => {
    const row = await outboxRow(app.app, user.email);
    return row && row.attempts >= 1 ? row : undefined;
  });
  expect(failed).toMatchObject({ status: 'queued', attempts: 1, locked_until: null });
  expect(failed.last_error).toBeTruthy();
  const wait = Date.parse(failed.next_attempt_at) - Date.now();
  expect(wait).toBeGreaterThan(20_000);
  expect(wait).toBeLessThanOrEqual(30_000);

  const smtp = await sink(port);
  // Skip the 30 s backoff instead of waiting for it.
  await app.app.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1).toISOString() })
    .where('id', '=', failed.id)
    .execute();
  app.app.mail.kick();
  const mail = await smtp.waitFor((m) => m.to === user.email);
  expect(mail.subject).toBe("Reset your password on Alex Lindqvist's site");
  const sent = await until(async () => {
    const row = await outboxRow(app.app, user.email);
    return row?.status === 'sent' ? row : undefined;
  });
  expect(sent).toMatchObject({ attempts: 2, last_error: null, locked_by: null });
  expect(sent.sent_at).toBeTruthy();
});

test('after the tenth failed attempt a mail is given up (status failed), not retried forever', async () => {
  const port = await freePort();
  const app = await server({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const id = await enqueueMail(app.app.db, {
    to: 'doomed@example.com',
    subject: 'Hello',
    text: 'Hello',
  });
  await app.app.db.updateTable('mail_outbox').set({ attempts: 9 }).where('id', '=', id).execute();
  app.app.mail.kick();
  const row = await until(async () => {
    const found = await outboxRow(app.app, 'doomed@example.com');
    return found?.status === 'failed' ? found : undefined;
  });
  expect(row.attempts).toBe(10);
});

test('without SMTP_URL mail is written as an .eml file in DATA_DIR/outbox, with one log line naming the file and the link', async () => {
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const app = await server({ logStream: logs, env: { LOG_LEVEL: 'info' } });
  const user = await createUser(app);
  const res = await call(app, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
  expect(res.status).toBe(202);

  const outbox = join(app.dataDir, 'outbox');
  const file = await until(async () => {
    if (!existsSync(outbox)) return undefined;
    const name = readdirSync(outbox).find((entry) => entry.endsWith('.eml'));
    return name ? join(outbox, name) : undefined;
  });
  const eml = readFileSync(file, 'utf8');
  expect(eml).toMatch(/^Subject: Reset your password on Alex Lindqvist's site$/m);
  expect(eml).toMatch(/^From: Alex Lindqvist <no-reply@localhost>$/m);
  expect(eml).toMatch(/^To: .*@example\.com$/m);
  expect(eml).toContain('text/html');
  const line = await until(async () =>
    logText.split('\n').find((entry) => entry.includes('Mail written to')),
  );
  expect(line).toContain(file);
  expect(line).toContain(`${app.url}/account/reset-password?token=`);
  const row = await until(async () => {
    const found = await outboxRow(app.app, user.email);
    return found?.status === 'sent' ? found : undefined;
  });
  expect(row.attempts).toBe(1);
});
