import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { hashToken } from './tokens';
import {
  call,
  createUser,
  fromAddress,
  login,
  loginAs,
  nextAddress,
  type TestUser,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';
import { linkIn, startSmtpSink, type SmtpSink } from '#test-support/smtp-sink';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const NEW_PASSWORD = 'quartz-meadow-kettle-88';

/** POST with a Host header of the attacker's choosing (fetch cannot set Host). */
function postWithHost(path: string, host: string, body: unknown) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = new URL(server.url);
    const data = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-forwarded-host': host,
          'x-forwarded-for': nextAddress(),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function requestReset(email: string) {
  return call(server, 'POST', '/api/auth/password-reset', {
    body: { email },
    headers: fromAddress(nextAddress()),
  });
}

/** Requests a reset for the user and returns the token from the mail that arrives. */
async function resetToken(user: TestUser): Promise<string> {
  const start = sink.messages.length;
  expect((await requestReset(user.email)).status).toBe(202);
  const mail = await sink.waitFor(
    (m) =>
      sink.messages.indexOf(m) >= start && m.to === user.email && m.subject.startsWith('Reset'),
  );
  const link = linkIn(mail, `${server.url}/account/reset-password?token=`);
  return new URL(link).searchParams.get('token')!;
}

function confirm(token: string, password = NEW_PASSWORD) {
  return call(server, 'POST', '/api/auth/password-reset/confirm', { body: { token, password } });
}

const invalidLink = {
  error: { status: 'invalid-argument', message: MESSAGES.resetLinkInvalid, field: 'token' },
};

test('the whole reset: mail with a PUBLIC_URL link (a spoofed Host is ignored), new password works, old does not, other sessions end, password-changed mail', async () => {
  const user = await createUser(server, { username: 'Hedy L' });
  const otherSessions = [await loginAs(server, user), await loginAs(server, user)];

  const res = await postWithHost('/api/auth/password-reset', 'evil.example', {
    email: user.email,
  });
  expect(res.status).toBe(202);
  expect(JSON.parse(res.body)).toEqual({ status: 'sent' });

  const mail = await sink.waitFor((m) => m.to === user.email);
  expect(mail.subject).toBe("Reset your password on Alex Lindqvist's site");
  expect(mail.text).toContain('Hi Hedy L,');
  expect(mail.text).not.toContain('evil.example');
  expect(mail.html).not.toContain('evil.example');
  const link = linkIn(mail, `${server.url}/account/reset-password?token=`);
  expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
  const token = new URL(link).searchParams.get('token')!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Only the token's hash is stored.
  const stored = await server.app.db
    .selectFrom('password_resets')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  expect(stored.map((row) => row.token_hash)).toEqual([hashToken(token)]);

  const done = await confirm(token);
  expect(done.status).toBe(204);

  await login(server, user.email, NEW_PASSWORD, fromAddress(nextAddress()));
  const old = await call(server, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    headers: fromAddress(nextAddress()),
  });
  expect(old.status).toBe(401);
  for (const cookie of otherSessions) {
    expect((await call(server, 'GET', '/api/me', { cookie })).json).toEqual({ user: null });
  }

  const changed = await sink.waitFor(
    (m) =>
      m.to === user.email && m.subject === "Your password on Alex Lindqvist's site was changed",
  );
  expect(changed.text).toContain(`${server.url}/account`);

  // The link worked once; a reused link is refused.
  expect((await confirm(token, 'another-fresh-pass-9')).json).toEqual(invalidLink);
});

test('a new password after reset also proves the address: the account shows verified', async () => {
  const user = await createUser(server);
  expect((await confirm(await resetToken(user))).status).toBe(204);
  const row = await server.app.db
    .selectFrom('users')
    .select('email_verified')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(row.email_verified).toBe(1);
});

test('an expired link is refused and the password stays', async () => {
  const user = await createUser(server);
  const token = await resetToken(user);
  await server.app.db
    .updateTable('password_resets')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', hashToken(token))
    .execute();
  const res = await confirm(token);
  expect(res.status).toBe(400);
  expect(res.json).toEqual(invalidLink);
  await login(server, user.email, user.password, fromAddress(nextAddress()));
});

test('reset links expire 45 minutes after the request', async () => {
  const user = await createUser(server);
  const token = await resetToken(user);
  const row = await server.app.db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(45 * 60_000);
});

test('using one link closes the other open links of the same account', async () => {
  const user = await createUser(server);
  const first = await resetToken(user);
  const second = await resetToken(user);
  expect(first).not.toBe(second);
  expect((await confirm(second)).status).toBe(204);
  expect((await confirm(first, 'some-other-pass-71')).json).toEqual(invalidLink);
});

test('unknown and malformed tokens are refused the same way', async () => {
  for (const token of ['A'.repeat(43), 'nope', '../../etc/passwd']) {
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(invalidLink);
  }
});

test('the new password follows the sign-up rules (length, common list)', async () => {
  const user = await createUser(server);
  const token = await resetToken(user);
  expect((await confirm(token, 'abc')).json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.passwordTooShort, field: 'password' },
  });
  expect((await confirm(token, 'Password123')).json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.passwordTooCommon, field: 'password' },
  });
  // Refusals do not use the link up.
  expect((await confirm(token)).status).toBe(204);
});

test('an unknown email gets the very same 202 and no mail is sent', async () => {
  const known = await createUser(server);
  const unknownEmail = 'not-an-account@example.com';
  const a = await requestReset(unknownEmail);
  const b = await requestReset(known.email);
  expect(a.status).toBe(202);
  expect(b.status).toBe(202);
  expect(a.json).toEqual(b.json);
  const headerNames = (res: typeof a) =>
    [...res.headers.keys()].filter((name) => name !== 'date' && name !== 'content-length').sort();
  expect(headerNames(a)).toEqual(headerNames(b));
  expect(a.headers.get('content-length')).toBe(b.headers.get('content-length'));
  await sink.waitFor((m) => m.to === known.email);
  await server.app.mail.drain();
  expect(sink.find((m) => m.to === unknownEmail)).toEqual([]);
  const queued = await server.app.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('to_address', '=', unknownEmail)
    .execute();
  expect(queued).toEqual([]);
});

test('changing the password keeps this session, ends the others and sends the password-changed mail', async () => {
  const user = await createUser(server, { username: 'Ada C' });
  const here = await loginAs(server, user);
  const elsewhere = await loginAs(server, user);

  const wrong = await call(server, 'POST', '/api/me/password', {
    cookie: here,
    body: { currentPassword: 'not-it-at-all', newPassword: NEW_PASSWORD },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.json).toEqual({
    error: {
      status: 'invalid-argument',
      message: MESSAGES.currentPasswordWrong,
      field: 'currentPassword',
    },
  });

  const common = await call(server, 'POST', '/api/me/password', {
    cookie: here,
    body: { currentPassword: user.password, newPassword: 'iloveyou' },
  });
  expect(common.json).toEqual({
    error: {
      status: 'invalid-argument',
      message: MESSAGES.passwordTooCommon,
      field: 'newPassword',
    },
  });

  const res = await call(server, 'POST', '/api/me/password', {
    cookie: here,
    body: { currentPassword: user.password, newPassword: NEW_PASSWORD },
  });
  expect(res.status).toBe(204);
  expect((await call(server, 'GET', '/api/me', { cookie: here })).json).toMatchObject({
    user: { uid: user.id },
  });
  expect((await call(server, 'GET', '/api/me', { cookie: elsewhere })).json).toEqual({
    user: null,
  });
  await sink.waitFor(
    (m) =>
      m.to === user.email && m.subject === "Your password on Alex Lindqvist's site was changed",
  );
  await login(server, user.email, NEW_PASSWORD, fromAddress(nextAddress()));
});

test('a password change closes open reset links', async () => {
  const user = await createUser(server);
  const token = await resetToken(user);
  const cookie = await loginAs(server, user);
  const res = await call(server, 'POST', '/api/me/password', {
    cookie,
    body: { currentPassword: user.password, newPassword: NEW_PASSWORD },
  });
  expect(res.status).toBe(204);
  expect((await confirm(token, 'later-attempt-pass-3')).json).toEqual(invalidLink);
});
