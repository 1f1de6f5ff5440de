import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createUser, loginAs } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';

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
  expect(res.setCookies).toHaveLength(1);
  const [line = ''] = res.setCookies;
  expect(line).toMatch(/^session=[A-Za-z0-9_-]{43};/);
  const attrs = attributes(line);
  expect(attrs).toContain('httponly');
  expect(attrs).toContain('samesite=lax');
  expect(attrs).toContain('path=/');
  expect(attrs).toContain('max-age=2592000');
  expect(attrs).not.toContain('secure');
  expect(attrs.some((a) => a.startsWith('domain'))).toBe(false);
});

test('with an https PUBLIC_URL the cookie is `__Host-session` with Secure (and the same flags)', async () => {
  const user = await createUser(httpsServer);
  const res = await call(httpsServer, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status).toBe(200);
  const [line = ''] = res.setCookies;
  expect(line).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/);
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

const CROSS_SITE = {
  error: { status: 'permission-denied', message: 'Cross-site requests are not allowed.' },
};

test.each([
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['a foreign Origin', { 'sec-fetch-site': '', origin: 'https://evil.example' }],
  ['Origin null', { 'sec-fetch-site': '', origin: 'null' }],
  ['an Origin differing only in port', { 'sec-fetch-site': '', origin: 'http://127.0.0.1:1' }],
])('an unsafe request with %s is refused with 403 and changes nothing', async (_name, headers) => {
  const user = await createUser(server, { avatar: 2 });
  const cookie = await loginAs(server, user);
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...clean, cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const patch = await send('PATCH', '/api/me', { avatar: 0 });
  expect(patch.status).toBe(403);
  expect(await patch.json()).toEqual(CROSS_SITE);
  const logout = await send('POST', '/api/auth/logout', {});
  expect(logout.status).toBe(403);
  const del = await send('DELETE', '/api/me', { password: user.password });
  expect(del.status).toBe(403);
  const loginAttempt = await send('POST', '/api/auth/login', {
    email: user.email,
    password: user.password,
  });
  expect(loginAttempt.status).toBe(403);
  expect(loginAttempt.headers.getSetCookie()).toEqual([]);

  const me = await call(server, 'GET', '/api/me', { cookie });
  expect(me.json).toMatchObject({ user: { uid: user.id, avatar: 2 } });
});

test('same-origin requests pass: Sec-Fetch-Site same-origin or none, PUBLIC_URL as Origin, or no such header', async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  const variants: Record<string, string>[] = [
    { 'sec-fetch-site': 'same-origin' },
    { 'sec-fetch-site': 'none' },
    { origin: server.url },
    { 'sec-fetch-site': 'same-origin', origin: server.url },
    {},
  ];
  for (const [avatar, headers] of variants.entries()) {
    const res = await fetch(`${server.url}/api/me`, {
      method: 'PATCH',
      headers: { ...headers, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ avatar: avatar % 4 }),
    });
    expect(res.status, JSON.stringify(headers)).toBe(200);
  }
});

test('GET requests are never refused for their origin (they change nothing)', async () => {
  const res = await fetch(`${server.url}/api/me`, {
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  });
  expect(res.status).toBe(200);
});
