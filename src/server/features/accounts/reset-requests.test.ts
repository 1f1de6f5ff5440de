/**
 * A stranger cannot keep the owner from resetting the password (docs/product/accounts.md#password-reset):
 * requests for an email count per account, but a browser the account knows (its device cookie)
 * has a bucket of its own, as log-in does. Mail read back from a real SMTP sink; on SQLite and
 * PostgreSQL.
 */
import { afterAll, expect, test } from 'vitest';
import { call, createUser, fromAddress, type CallResult } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { startSmtpSink } from '#test-support/smtp-sink';

const sink = await startSmtpSink();
afterAll(() => sink.close());

/** The `name=value` of the device cookie an answer set. */
function deviceCookieOf(res: CallResult): string {
  const line = res.setCookies.find((cookie) => cookie.startsWith('device='));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(res.setCookies)}`);
  return line.split(';')[0]!;
}

await onBothServers(
  'password-reset requests',
  (server) => {
    const requestReset = (email: string, address: string, cookie?: string) =>
      call(server(), 'POST', '/api/auth/password-reset', {
        body: { email },
        headers: fromAddress(address),
        cookie,
      });
    const resetMails = (email: string) =>
      sink.find((m) => m.to === email && m.subject.startsWith('Reset your password'));

    test("a stranger's requests for the owner's email do not hold back the owner's own browser", async () => {
      const owner = await createUser(server());
      const loggedIn = await call(server(), 'POST', '/api/auth/login', {
        body: { email: owner.email, password: owner.password },
        headers: fromAddress('192.0.2.61'),
      });
      expect(loggedIn.status).toBe(200);
      const device = deviceCookieOf(loggedIn);

      // The stranger uses up the account's requests from one address…
      for (let i = 0; i < 3; i++)
        expect((await requestReset(owner.email, '203.0.113.61')).status).toBe(202);
      expect((await requestReset(owner.email, '203.0.113.61')).status).toBe(429);
      // …and a browser the account does not know waits like the stranger.
      expect((await requestReset(owner.email, '198.51.100.61')).status).toBe(429);

      // The owner's browser, from another address, still gets its link.
      const own = await requestReset(owner.email, '198.51.100.62', device);
      expect(own.status).toBe(202);
      await sink.waitFor(() => resetMails(owner.email).length === 4);

      // Its bucket is its own and limited too: three an hour, then it counts with everyone else.
      expect((await requestReset(owner.email, '198.51.100.62', device)).status).toBe(202);
      expect((await requestReset(owner.email, '198.51.100.62', device)).status).toBe(202);
      expect((await requestReset(owner.email, '198.51.100.62', device)).status).toBe(429);
      await sink.waitFor(() => resetMails(owner.email).length === 6);
    });

    test("a device cookie known to one account does nothing for another's requests", async () => {
      const mine = await createUser(server());
      const theirs = await createUser(server());
      const device = deviceCookieOf(
        await call(server(), 'POST', '/api/auth/login', {
          body: { email: mine.email, password: mine.password },
          headers: fromAddress('192.0.2.71'),
        }),
      );
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await requestReset(theirs.email, '192.0.2.71', device)).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    });
  },
  { env: { SMTP_URL: sink.url, TRUST_PROXY: 'true' } },
);
