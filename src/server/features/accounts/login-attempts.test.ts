/**
 * Online guessing is slowed without letting a stranger lock the owner out
 * (docs/product/accounts.md#log-in-attempts): a browser that logged in to the account before (its device
 * cookie) is not held back by failures from elsewhere; other browsers meet the email's gate, which
 * closes for longer after each failure instead of locking. The same for an admin's codes. On SQLite
 * and PostgreSQL.
 */
import { expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { hashRecoveryCode, newRecoveryCodes } from '#server/features/mfa/recovery-codes';
import { totpCode } from '#server/features/mfa/totp';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  TEST_TOTP_SECRET,
  type CallResult,
} from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { issueToken } from './tokens';

/** The `name=value` of the device cookie an answer set. */
function deviceCookieOf(res: CallResult): string {
  const line = res.setCookies.find((cookie) => cookie.startsWith('device='));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(res.setCookies)}`);
  return line.split(';')[0]!;
}

function expectSlowedDown(res: CallResult, atLeastSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.json).toEqual({
    error: { status: 'resource-exhausted', message: MESSAGES.tooManyAttempts },
  });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(atLeastSeconds - 5);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

await onBothServers(
  'log-in and code attempts',
  (server) => {
    test("the owner's browser logs in during an attack on its email; unknown browsers are slowed down, not locked", async () => {
      const user = await createUser(server());
      const first = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        headers: fromAddress('192.0.2.1'),
      });
      expect(first.status).toBe(200);
      const device = deviceCookieOf(first);

      // The attack: wrong passwords from many addresses, none with the owner's device cookie.
      const answers: number[] = [];
      for (let attempt = 1; attempt <= 8; attempt++) {
        const res = await call(server(), 'POST', '/api/auth/login', {
          body: { email: user.email, password: `guess-${attempt}` },
          headers: fromAddress(`203.0.113.${attempt}`),
        });
        answers.push(res.status);
      }
      // Five are checked; then the gate is closed for 30 s and the rest wait.
      expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

      // The right password from a browser the account does not know waits too…
      expectSlowedDown(
        await call(server(), 'POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
          headers: fromAddress('198.51.100.77'),
        }),
        30,
      );
      // …but the owner's browser, from anywhere, logs in at once.
      const owner = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        cookie: device,
        headers: fromAddress('198.51.100.78'),
      });
      expect(owner.status).toBe(200);
      expect(owner.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // It keeps the same device cookie.
      expect(deviceCookieOf(owner)).toBe(device);
    }, 60_000);

    test('a known browser has its own count: ten wrong passwords from it and it waits like any other', async () => {
      const user = await createUser(server());
      const first = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        headers: fromAddress('192.0.2.30'),
      });
      const device = deviceCookieOf(first);
      const tryFromDevice = (password: string) =>
        call(server(), 'POST', '/api/auth/login', {
          body: { email: user.email, password },
          cookie: device,
          headers: fromAddress('192.0.2.30'),
        });
      for (let attempt = 1; attempt <= 10; attempt++)
        expect((await tryFromDevice(`wrong-${attempt}`)).status).toBe(401);
      // Past its own ten it is one more unknown browser: five more are checked at the gate.
      const statuses: number[] = [];
      for (let attempt = 11; attempt <= 16; attempt++)
        statuses.push((await tryFromDevice(`wrong-${attempt}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    }, 120_000);

    test('a device cookie the browser brought is not adopted: a fresh one is issued, and the planted one buys no tries', async () => {
      const user = await createUser(server());
      // Someone planted a token of their choosing in the owner's browser.
      const planted = `device=Fix${'x'.repeat(40)}`;
      const owner = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        cookie: planted,
        headers: fromAddress('192.0.2.90'),
      });
      expect(owner.status).toBe(200);
      const issued = deviceCookieOf(owner);
      expect(issued).not.toBe(planted);
      expect(issued).toMatch(/^device=[A-Za-z0-9_-]{43}$/);

      // Strangers close the gate; the planter, with the token they chose, waits like them.
      for (let attempt = 1; attempt <= 5; attempt++)
        await call(server(), 'POST', '/api/auth/login', {
          body: { email: user.email, password: `guess-${attempt}` },
          headers: fromAddress(`203.0.113.${120 + attempt}`),
        });
      const planter = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: 'planter-guess' },
        cookie: planted,
        headers: fromAddress('203.0.113.130'),
      });
      expectSlowedDown(planter, 30);
      // The cookie issued to the owner is known, and kept at the next log-in.
      const again = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        cookie: issued,
        headers: fromAddress('192.0.2.91'),
      });
      expect(again.status).toBe(200);
      expect(deviceCookieOf(again)).toBe(issued);
    }, 60_000);

    test("a device cookie known to one account does nothing for another's", async () => {
      const mine = await createUser(server());
      const theirs = await createUser(server());
      const device = deviceCookieOf(
        await call(server(), 'POST', '/api/auth/login', {
          body: { email: mine.email, password: mine.password },
          headers: fromAddress('192.0.2.40'),
        }),
      );
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const res = await call(server(), 'POST', '/api/auth/login', {
          body: { email: theirs.email, password: `guess-${attempt}` },
          cookie: device,
          headers: fromAddress('192.0.2.40'),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    }, 60_000);

    test('tries at an unknown email meet the same gate, so the answers say nothing about accounts', async () => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const res = await call(server(), 'POST', '/api/auth/login', {
          body: { email: 'no-one-here@example.com', password: `guess-${attempt}` },
          headers: fromAddress(`203.0.113.${100 + attempt}`),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    }, 60_000);

    test('a reset link makes its browser known: it logs in while strangers are slowed down', async () => {
      const user = await createUser(server());
      for (let attempt = 1; attempt <= 6; attempt++) {
        await call(server(), 'POST', '/api/auth/login', {
          body: { email: user.email, password: `guess-${attempt}` },
          headers: fromAddress(`203.0.113.${200 + attempt}`),
        });
      }
      const { token, hash } = issueToken();
      await server()
        .app.db.insertInto('password_resets')
        .values({
          token_hash: hash,
          user_id: user.id,
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      const password = 'a-fresh-long-passphrase-9';
      const reset = await call(server(), 'POST', '/api/auth/password-reset/confirm', {
        body: { token, password },
        headers: fromAddress('192.0.2.50'),
      });
      expect(reset.status).toBe(204);
      const stranger = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password },
        headers: fromAddress('192.0.2.51'),
      });
      expect(stranger.status).toBe(429);
      const loggedIn = await call(server(), 'POST', '/api/auth/login', {
        body: { email: user.email, password },
        cookie: deviceCookieOf(reset),
        headers: fromAddress('192.0.2.50'),
      });
      expect(loggedIn.status).toBe(200);
    }, 60_000);

    test("wrong codes sent by someone holding an admin's password do not lock the admin's own browser out of the desk", async () => {
      const admin = await createUser(server(), { adminRank: 10 });
      await loginAs(server(), admin); // enrols the authenticator
      const wrong = String((Number(totpCode(TEST_TOTP_SECRET)) + 400_000) % 1_000_000).padStart(
        6,
        '0',
      );
      // The admin's browser entered a right code once.
      const own = await loginAs(server(), admin, { mfa: 'none' });
      const verified = await call(server(), 'POST', '/api/admin/mfa/verify', {
        cookie: own,
        body: { recoveryCode: await freshRecoveryCode(admin.id) },
      });
      expect(verified.status).toBe(200);
      const device = deviceCookieOf(verified);

      // Someone else with the password: a session of their own, wrong codes, then the gate.
      const intruder = await loginAs(server(), admin, { mfa: 'none' });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await call(server(), 'POST', '/api/admin/mfa/verify', {
          cookie: intruder,
          body: { code: wrong },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);

      // The admin, in a new session of the same browser, opens the desk with the right code.
      const next = await loginAs(server(), admin, { mfa: 'none' });
      const opened = await call(server(), 'POST', '/api/admin/mfa/verify', {
        cookie: `${next}; ${device}`,
        body: { code: totpCode(TEST_TOTP_SECRET) },
      });
      expect(opened.status).toBe(200);
      expect(
        (
          await call(server(), 'GET', '/api/admin/traffic?from=2026-11-01&to=2026-11-30', {
            cookie: `${next}; ${device}`,
          })
        ).status,
      ).toBe(200);
    }, 60_000);

    /** A recovery code for the admin, stored as the MFA domain stores them. */
    async function freshRecoveryCode(userId: string): Promise<string> {
      const [code] = newRecoveryCodes();
      await server()
        .app.db.insertInto('mfa_recovery_codes')
        .values({
          code_hash: hashRecoveryCode(code!),
          user_id: userId,
          created_at: new Date().toISOString(),
          used_at: null,
        })
        .execute();
      return code!;
    }
  },
  { env: { TRUST_PROXY: 'true' } },
);
