/**
 * The first authenticator set-up is confirmed only by the session that entered the enrolment code,
 * and its tries count per offered secret (docs/product/desk.md#admin-multi-factor): someone holding only
 * the password cannot stall the owner's set-up with wrong codes from a session of their own. On
 * SQLite and PostgreSQL.
 */
import { expect, test } from 'vitest';
import { MFA_MESSAGES } from '#shared/admin-security-schemas';
import { MESSAGES } from '#shared/account-schemas';
import { call, createUser, loginAs } from '#test-support/accounts';
import { onBothServers } from '#test-support/both-servers';
import { issueEnrolmentCode } from './mfa.service';
import { totpCode } from './totp';

const STEP_MS = 30_000;

/** A six-digit code that is not the secret's now, nor one step either side. */
function wrongCodeFor(secret: string): string {
  const right = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * STEP_MS)));
  for (let n = 0; ; n++) {
    const code = String((Number(totpCode(secret)) + 123_457 * (n + 1)) % 1_000_000).padStart(
      6,
      '0',
    );
    if (!right.has(code)) return code;
  }
}

await onBothServers('the first authenticator set-up', (server) => {
  async function startSetUp() {
    const admin = await createUser(server(), { adminRank: 10 });
    const owner = await loginAs(server(), admin, { mfa: 'none' });
    const enrolmentCode = await issueEnrolmentCode(server().app.db, admin.id);
    const offered = await call(server(), 'POST', '/api/admin/mfa/enrolment', {
      cookie: owner,
      body: { enrolmentCode },
    });
    expect(offered.status).toBe(201);
    const { secret } = offered.json as { secret: string };
    return { admin, owner, enrolmentCode: enrolmentCode!, secret };
  }
  const confirm = (cookie: string, code: string) =>
    call(server(), 'POST', '/api/admin/mfa/enrolment/confirm', { cookie, body: { code } });

  test("wrong codes from another session with the password do not hold back the owner's set-up", async () => {
    const { admin, owner, secret } = await startSetUp();
    const intruder = await loginAs(server(), admin, { mfa: 'none' });
    for (let i = 0; i < 7; i++) {
      const refused = await confirm(intruder, wrongCodeFor(secret));
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        error: { status: 'aborted', message: MFA_MESSAGES.noEnrolment, field: 'code' },
      });
    }
    // Not even a right code confirms it from there: that session never entered the enrolment code.
    expect((await confirm(intruder, totpCode(secret))).status).toBe(409);

    const confirmed = await confirm(owner, totpCode(secret, Date.now() + STEP_MS));
    expect(confirmed.status).toBe(200);
    expect((confirmed.json as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
  });

  test("the owner's own wrong codes count per offered secret; a new start with the enrolment code begins afresh", async () => {
    const { owner, enrolmentCode, secret } = await startSetUp();
    for (let i = 0; i < 5; i++)
      expect((await confirm(owner, wrongCodeFor(secret))).status).toBe(400);
    const waiting = await confirm(owner, totpCode(secret));
    expect(waiting.status).toBe(429);
    expect(waiting.json).toEqual({
      error: { status: 'resource-exhausted', message: MESSAGES.tooManyAttempts },
    });
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);

    const again = await call(server(), 'POST', '/api/admin/mfa/enrolment', {
      cookie: owner,
      body: { enrolmentCode },
    });
    expect(again.status).toBe(201);
    const { secret: fresh } = again.json as { secret: string };
    expect(fresh).not.toBe(secret);
    expect((await confirm(owner, totpCode(fresh))).status).toBe(200);
  });
});
