import { afterAll, beforeAll, expect, test } from 'vitest';
import { currentHashParams } from './passwords';
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

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function sessionRow(cookie: string) {
  return server.app.db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(tokenOf(cookie)))
    .executeTakeFirst();
}

async function signIn(user: TestUser): Promise<string> {
  return login(server, user.email, user.password, fromAddress(nextAddress()));
}

test('log-in with the right password answers 200 {user} and sets a new session cookie', async () => {
  const user = await createUser(server, { username: 'Margaret H', avatar: 0 });
  const res = await call(server, 'POST', '/api/auth/login', {
    body: { email: user.email.toUpperCase(), password: user.password },
    headers: fromAddress(nextAddress()),
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({
    user: { uid: user.id, email: user.email, username: 'Margaret H', avatar: 0, adminRank: 0 },
  });
  expect(JSON.stringify(res.json)).not.toMatch(/scrypt|password/i);
  expect(res.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const stored = await sessionRow(`session=${res.sessionCookie}`);
  expect(stored?.user_id).toBe(user.id);
  // Only the hash is stored, never the token itself.
  expect(JSON.stringify(stored)).not.toContain(res.sessionCookie);
});

test('every log-in gets a new token; the old session of that browser ends', async () => {
  const user = await createUser(server);
  const first = await signIn(user);
  const res = await call(server, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    cookie: first,
    headers: fromAddress(nextAddress()),
  });
  expect(res.status).toBe(200);
  expect(res.sessionCookie).toBeTruthy();
  expect(`session=${res.sessionCookie}`).not.toBe(first);
  expect(await sessionRow(first)).toBeUndefined();
});

test('a wrong password and an unknown email get the same 401 and no cookie', async () => {
  const user = await createUser(server);
  const wrong = await call(server, 'POST', '/api/auth/login', {
    body: { email: user.email, password: 'not-the-password' },
    headers: fromAddress(nextAddress()),
  });
  const unknown = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'nobody-here@example.com', password: 'not-the-password' },
    headers: fromAddress(nextAddress()),
  });
  for (const res of [wrong, unknown]) {
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: { status: 'unauthenticated', message: MESSAGES.loginFailed },
    });
    expect(res.setCookies).toEqual([]);
  }
});

test('log-in validates with the shared schema: the product messages for a missing email or password', async () => {
  const noEmail = await call(server, 'POST', '/api/auth/login', { body: { password: 'x' } });
  expect(noEmail.json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.emailMissing, field: 'email' },
  });
  const noAt = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'ada', password: 'x' },
  });
  expect(noAt.json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.emailNoAt, field: 'email' },
  });
  const noPassword = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'ada@example.com', password: '' },
  });
  expect(noPassword.json).toEqual({
    error: { status: 'invalid-argument', message: MESSAGES.passwordMissing, field: 'password' },
  });
});

test('log-out deletes the session row and clears the cookie; the old cookie opens nothing', async () => {
  const user = await createUser(server);
  const cookie = await signIn(user);
  const res = await call(server, 'POST', '/api/auth/logout', { cookie });
  expect(res.status).toBe(204);
  expect(res.sessionCookie).toBe('');
  expect(res.setCookies[0]).toMatch(/Max-Age=0/);
  expect(await sessionRow(cookie)).toBeUndefined();
  const me = await call(server, 'GET', '/api/me', { cookie });
  expect(me.json).toEqual({ user: null });
});

test('log-out without a session still answers 204', async () => {
  const res = await call(server, 'POST', '/api/auth/logout');
  expect(res.status).toBe(204);
});

test('an expired session is ignored, its cookie cleared, and pruned at the next log-in', async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const past = new Date(Date.now() - 1000).toISOString();
  await server.app.db
    .updateTable('sessions')
    .set({ expires_at: past })
    .where('token_hash', '=', hashToken(tokenOf(cookie)))
    .execute();
  const me = await call(server, 'GET', '/api/me', { cookie });
  expect(me.status).toBe(200);
  expect(me.json).toEqual({ user: null });
  expect(me.sessionCookie).toBe('');
  expect((await call(server, 'PATCH', '/api/me', { cookie, body: { avatar: 1 } })).status).toBe(
    401,
  );

  await signIn(await createUser(server));
  expect(await sessionRow(cookie)).toBeUndefined();
});

test('the session slides: seen over an hour ago, its expiry moves to 30 days from now', async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
  const soon = new Date(Date.now() + 3600_000).toISOString();
  await server.app.db
    .updateTable('sessions')
    .set({ last_seen_at: twoHoursAgo, expires_at: soon })
    .where('token_hash', '=', hashToken(tokenOf(cookie)))
    .execute();
  const me = await call(server, 'GET', '/api/me', { cookie });
  expect((me.json as { user: { uid: string } }).user.uid).toBe(user.id);
  expect(me.sessionCookie).toBe(tokenOf(cookie));
  expect(me.setCookies[0]).toMatch(/Max-Age=2592000/);
  const row = await sessionRow(cookie);
  const expiresIn = Date.parse(row!.expires_at) - Date.now();
  expect(expiresIn).toBeGreaterThan(29.9 * 24 * 3600_000);
  expect(Date.parse(row!.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);

  // Seen a moment ago: no write, no cookie.
  const again = await call(server, 'GET', '/api/me', { cookie });
  expect(again.setCookies).toEqual([]);
});

test('a forged or malformed session cookie is signed out, never an error', async () => {
  for (const value of ['x', 'A'.repeat(43), '%00', 'a'.repeat(5000)]) {
    const me = await call(server, 'GET', '/api/me', { cookie: `session=${value}` });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({ user: null });
  }
});

test('sign out other sessions keeps this one and answers how many ended', async () => {
  const user = await createUser(server);
  const here = await loginAs(server, user);
  const elsewhere = [await loginAs(server, user), await loginAs(server, user)];
  const someoneElse = await loginAs(server, await createUser(server));
  const res = await call(server, 'POST', '/api/me/sessions/revoke-others', { cookie: here });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ revoked: 2 });
  expect(await sessionRow(here)).toBeDefined();
  for (const cookie of elsewhere) expect(await sessionRow(cookie)).toBeUndefined();
  expect(await sessionRow(someoneElse)).toBeDefined();
});

test('GET /api/me is never cached, signed in or out', async () => {
  const cookie = await loginAs(server, await createUser(server));
  for (const res of [
    await call(server, 'GET', '/api/me'),
    await call(server, 'GET', '/api/me', { cookie }),
  ]) {
    expect(res.headers.get('cache-control')).toBe('no-store');
  }
});

test('an old-parameter hash is upgraded to the current scrypt parameters at log-in', async () => {
  const { scryptSync, randomBytes } = await import('node:crypto');
  const salt = randomBytes(16);
  const key = scryptSync('weaker-but-valid-9', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  const oldHash = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
  const user = await createUser(server, { passwordHash: oldHash });
  await login(server, user.email, 'weaker-but-valid-9', fromAddress(nextAddress()));
  const row = await server.app.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const { N, r, p } = currentHashParams();
  expect(row.password_hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
  await login(server, user.email, 'weaker-but-valid-9', fromAddress(nextAddress()));
});
