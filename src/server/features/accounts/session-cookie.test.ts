import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createUser } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
/** Served as if behind TLS at an https PUBLIC_URL (the proxy terminates TLS). */
let httpsServer: TestServer;
beforeAll(async () => {
  [server, httpsServer] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { PUBLIC_URL: 'https://site.example' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), httpsServer?.close()]);
});

function attributes(setCookie: string): string[] {
  return setCookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

test('on http the session cookie is `session`, HttpOnly, SameSite=Lax, Path=/, 30 days, not Secure', async () => {
  const user = await createUser(server);
  const res = await call(server, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(res.status).toBe(200);
  // The session, and the device cookie that makes this browser known to the account.
  expect(res.setCookies.map((line) => line.split('=')[0])).toEqual(['session', 'device']);
  const [line = '', device = ''] = res.setCookies;
  expect(line).toMatch(/^session=[A-Za-z0-9_-]{43};/);
  const attrs = attributes(line);
  expect(attrs).toContain('httponly');
  expect(attrs).toContain('samesite=lax');
  expect(attrs).toContain('path=/');
  expect(attrs).toContain('max-age=2592000');
  expect(attrs).not.toContain('secure');
  expect(attrs.some((a) => a.startsWith('domain'))).toBe(false);
  expect(device).toMatch(/^device=[A-Za-z0-9_-]{43};/);
  expect(attributes(device)).toEqual(['path=/', 'max-age=34560000', 'httponly', 'samesite=lax']);
});

test('with an https PUBLIC_URL the cookie is `__Host-session` with Secure (and the same flags)', async () => {
  const user = await createUser(httpsServer);
  const res = await call(httpsServer, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status).toBe(200);
  const [line = '', device = ''] = res.setCookies;
  expect(line).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/);
  expect(device).toMatch(/^__Host-device=[A-Za-z0-9_-]{43};/);
  expect(attributes(device)).toEqual(expect.arrayContaining(['httponly', 'path=/', 'secure']));
  const attrs = attributes(line);
  expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
  expect(attrs.some((a) => a.startsWith('domain'))).toBe(false);

  // The plain `session` name opens nothing there: only the prefixed cookie counts.
  const token = line.split(';')[0]!.split('=')[1]!;
  const plain = await call(httpsServer, 'GET', '/api/me', { cookie: `session=${token}` });
  expect(plain.json).toEqual({ user: null });
  const prefixed = await call(httpsServer, 'GET', '/api/me', { cookie: `__Host-session=${token}` });
  expect(prefixed.json).toMatchObject({ user: { uid: user.id } });

  const out = await call(httpsServer, 'POST', '/api/auth/logout', {
    cookie: `__Host-session=${token}`,
  });
  expect(out.setCookies[0]).toMatch(/^__Host-session=;.*Max-Age=0/);
  expect(attributes(out.setCookies[0]!)).toContain('secure');
});
