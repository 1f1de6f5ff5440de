/**
 * The real limits (never raised for tests): log-in 5 per 15 min per account and 20 per 15 min per
 * address, sign-up 5 per hour per address, reset requests 3 per hour per account and 10 per hour per
 * address. This file has its own servers, so every bucket starts empty.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  signUpPayload,
  type CallResult,
} from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
/** No TRUST_PROXY: X-Forwarded-For must not let a client pick its own address. */
let directServer: TestServer;
beforeAll(async () => {
  [server, directServer] = await Promise.all([
    startTestServer({ env: { TRUST_PROXY: 'true' } }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), directServer?.close()]);
});

/** The wait a sliding window asks for: the burst still weighs on the next window, so up to two. */
function expectThrottled(res: CallResult, windowSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.json).toEqual({
    error: { status: 'resource-exhausted', message: MESSAGES.tooManyAttempts },
  });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(2 * windowSeconds);
}

test('log-in: the sixth attempt on one account within 15 minutes is refused (429, Retry-After), even from new addresses and with the right password; a reset can still be requested', async () => {
  const user = await createUser(server);
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await call(server, 'POST', '/api/auth/login', {
      body: { email: user.email, password: `wrong-guess-${attempt}` },
      headers: fromAddress(`203.0.113.${attempt}`),
    });
    expect(res.status).toBe(401);
  }
  const sixth = await call(server, 'POST', '/api/auth/login', {
    body: { email: user.email.toUpperCase(), password: user.password },
    headers: fromAddress('203.0.113.99'),
  });
  expectThrottled(sixth, 15 * 60);
  expect(sixth.setCookies).toEqual([]);

  const reset = await call(server, 'POST', '/api/auth/password-reset', {
    body: { email: user.email },
    headers: fromAddress('203.0.113.100'),
  });
  expect(reset.status).toBe(202);
}, 60_000);

test('log-in: the 21st attempt from one address within 15 minutes is refused, whatever the account', async () => {
  const address = '198.51.100.200';
  const attempts = Array.from({ length: 20 }, (_, i) =>
    call(server, 'POST', '/api/auth/login', {
      body: { email: `nobody${i}@example.com`, password: 'some-guess-123' },
      headers: fromAddress(address),
    }),
  );
  for (const res of await Promise.all(attempts)) expect(res.status).toBe(401);
  const next = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'someone-new@example.com', password: 'some-guess-123' },
    headers: fromAddress(address),
  });
  expectThrottled(next, 15 * 60);
  // Another address is not affected.
  const elsewhere = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'someone-new@example.com', password: 'some-guess-123' },
    headers: fromAddress('198.51.100.201'),
  });
  expect(elsewhere.status).toBe(401);
}, 120_000); // twenty scrypt hashes, two at a time

test('sign-up: the sixth attempt from one address within an hour is refused', async () => {
  const existing = await createUser(server);
  const address = '192.0.2.10';
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await call(server, 'POST', '/api/auth/register', {
      body: signUpPayload({ username: existing.username }),
      headers: fromAddress(address),
    });
    expect(res.status).toBe(409);
  }
  const sixth = await call(server, 'POST', '/api/auth/register', {
    body: signUpPayload(),
    headers: fromAddress(address),
  });
  expectThrottled(sixth, 3600);
});

test('password reset: the fourth request for one account within an hour is refused, from any address', async () => {
  const user = await createUser(server);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const res = await call(server, 'POST', '/api/auth/password-reset', {
      body: { email: user.email },
      headers: fromAddress(`192.0.2.${20 + attempt}`),
    });
    expect(res.status).toBe(202);
  }
  const fourth = await call(server, 'POST', '/api/auth/password-reset', {
    body: { email: user.email.toUpperCase() },
    headers: fromAddress('192.0.2.30'),
  });
  expectThrottled(fourth, 3600);
});

test('password reset: the 11th request from one address within an hour is refused, for existing and unknown accounts alike', async () => {
  const address = '192.0.2.50';
  for (let attempt = 1; attempt <= 10; attempt++) {
    const res = await call(server, 'POST', '/api/auth/password-reset', {
      body: { email: `someone${attempt}@example.com` },
      headers: fromAddress(address),
    });
    expect(res.status).toBe(202);
  }
  const user = await createUser(server);
  const eleventh = await call(server, 'POST', '/api/auth/password-reset', {
    body: { email: user.email },
    headers: fromAddress(address),
  });
  expectThrottled(eleventh, 3600);
});

test('without TRUST_PROXY a made-up X-Forwarded-For does not open a fresh bucket', async () => {
  const existing = await createUser(directServer);
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await call(directServer, 'POST', '/api/auth/register', {
      body: signUpPayload({ username: existing.username }),
      headers: fromAddress(`192.0.2.${100 + attempt}`),
    });
    expect(res.status).toBe(409);
  }
  const sixth = await call(directServer, 'POST', '/api/auth/register', {
    body: signUpPayload(),
    headers: fromAddress('192.0.2.199'),
  });
  expectThrottled(sixth, 3600);
});

test('the counters store no address or email in clear', async () => {
  const keys = await server.app.db.selectFrom('rate_limits').select('key').execute();
  expect(keys.length).toBeGreaterThan(0);
  for (const { key } of keys) {
    expect(key).not.toMatch(/@|\d+\.\d+\.\d+\.\d+/);
  }
});

test("strangers' failed log-ins do not lock the signed-in owner out of changing the password; the owner's own checks are limited per user", async () => {
  const user = await createUser(server);
  const cookie = await loginAs(server, user);
  for (let attempt = 1; attempt <= 6; attempt++) {
    await call(server, 'POST', '/api/auth/login', {
      body: { email: user.email, password: `stranger-${attempt}` },
      headers: fromAddress(`198.51.100.${attempt}`),
    });
  }
  const wrong = (n: number) =>
    call(server, 'POST', '/api/me/password', {
      cookie,
      body: { currentPassword: `not-it-${n}`, newPassword: 'a-new-long-passphrase-7' },
    });
  for (let n = 1; n <= 5; n++) expect((await wrong(n)).status).toBe(400);
  expectThrottled(await wrong(6), 15 * 60);
}, 60_000);
