import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
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
