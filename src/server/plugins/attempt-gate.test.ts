/**
 * The gate for tries from unknown browsers, on both databases: free failures, then waits that
 * double up to 15 minutes, failures forgotten after a quiet day, tries sent at once counted one by
 * one, and a right try taken back whole.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import {
  ATTEMPT_GATES,
  claimAttempt,
  gateDelayMs,
  pruneAttemptGates,
  refundAttempt,
} from '#server/plugins/attempt-gate';
import { unique } from '#test-support/accounts';
import { onBothDatabases, type OpenDatabase } from '#test-support/storage';

const gate = ATTEMPT_GATES.loginFromUnknownBrowsers;
const SECOND = 1000;

test('the wait doubles from 30 seconds after the fifth failure in a row, up to 15 minutes', () => {
  const waits = Array.from({ length: 12 }, (_, i) => gateDelayMs(gate, i + 1) / SECOND);
  expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
});

function storageTests(open: OpenDatabase) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('each failure past the free ones closes the gate for longer; a quiet day forgets them', async () => {
    const subject = `someone-${unique()}@example.com`;
    let now = Date.now();
    let letThrough = 0;
    const waits: number[] = [];
    while (waits.length < 6) {
      const claim = await claimAttempt(db, gate, subject, new Date(now));
      if (claim.allowed) letThrough += 1;
      else {
        waits.push(claim.retryAfterSeconds);
        now += claim.retryAfterSeconds * SECOND;
      }
    }
    // Five failures before the first wait, then one between each wait.
    expect(letThrough).toBe(10);
    expect(waits).toEqual([30, 60, 120, 240, 480, 900]);
    // The gate is open again when it said; a day later the count starts over.
    const later = new Date(now + 25 * 3600 * SECOND);
    expect((await claimAttempt(db, gate, subject, later)).allowed).toBe(true);
    for (let i = 0; i < 3; i++)
      expect((await claimAttempt(db, gate, subject, later)).allowed).toBe(true);
  });

  test('tries sent at once are counted one by one: five are let through', async () => {
    const subject = `burst-${unique()}`;
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => claimAttempt(db, gate, subject, now)),
    );
    expect(claims.filter((claim) => claim.allowed)).toHaveLength(5);
  });

  test('a right try is taken back whole: right ones never close the gate', async () => {
    const subject = `owner-${unique()}`;
    const now = new Date();
    for (let i = 0; i < 4; i++)
      expect((await claimAttempt(db, gate, subject, now)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) {
      const claim = await claimAttempt(db, gate, subject, now);
      if (!claim.allowed) throw new Error('the gate closed on a right try');
      await refundAttempt(db, claim.claimed);
    }
    expect((await claimAttempt(db, gate, subject, now)).allowed).toBe(true);
    expect((await claimAttempt(db, gate, subject, now)).allowed).toBe(false);
  });

  test('a gate goes once its failures are forgotten and it is open', async () => {
    const subject = `prune-${unique()}`;
    const now = new Date();
    await claimAttempt(db, gate, subject, now);
    const count = () => db.selectFrom('attempt_gates').select('key').execute();
    const before = (await count()).length;
    await pruneAttemptGates(db, new Date(now.getTime() + gate.forgetAfterMs + SECOND));
    expect((await count()).length).toBeLessThan(before);
  });
}

await onBothDatabases('attempt gates', storageTests);
