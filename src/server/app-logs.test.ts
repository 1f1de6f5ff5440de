import { PassThrough } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
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

test('logs carry no password, token, cookie or hash', async () => {
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const smtp = await sink();
  const app = await server({ logStream: logs, env: { LOG_LEVEL: 'trace', SMTP_URL: smtp.url } });
  const user = await createUser(app);
  const cookie = await loginAs(app, user);
  const token = cookie.split('=')[1]!;

  await call(app, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  await call(app, 'POST', '/api/auth/login', {
    body: { email: user.email, password: 'wrong-secret-guess-1' },
  });
  await call(app, 'GET', '/api/me', { cookie });
  await call(app, 'PATCH', '/api/me', { cookie, body: { avatar: 1 } });
  await call(app, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
  const mail = await smtp.waitFor((m) => m.to === user.email);
  const resetToken = /token=([\w-]+)/.exec(mail.text)![1]!;
  await call(app, 'GET', `/api/me?token=${resetToken}`);
  await call(app, 'POST', '/api/auth/password-reset/confirm', {
    body: { token: resetToken, password: 'brand-new-secret-55' },
  });
  await app.app.mail.drain();

  expect(logText.length).toBeGreaterThan(0);
  for (const secret of [
    user.password,
    'wrong-secret-guess-1',
    'brand-new-secret-55',
    token,
    resetToken,
    'scrypt$',
  ]) {
    expect(logText).not.toContain(secret);
  }
});
