/**
 * An account's gate for tries from browsers it does not know (docs/decisions/2026-11-27-security-probe.md):
 * instead of a hard lock after a few failures, which anyone could cause, each failure in a row
 * past the free ones closes the gate for twice as long as the last (30 s, 1 min, 2 min … at most
 * 15 min), so guessing stays slow while the owner is never shut out for long, and never at all from
 * a browser the account knows (the caller's device cookie decides which path a try takes).
 *
 * A try is counted before it is checked, by one conditional UPDATE on the row as it was read
 * (its version), so tries sent at once queue for the gate one by one and none slips past; a right
 * one is taken back off. Failures are forgotten a day after the last one. Counted in storage, so
 * every instance shares the gate; the subject (an email, a user id) is stored only as a hash.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export interface GateRule {
  name: string;
  /** Failures in a row that close nothing. */
  freeFailures: number;
  /** How long the gate closes after the last free failure; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A day without a failure forgets them all. */
  forgetAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const UNKNOWN_BROWSERS = {
  freeFailures: 4,
  firstDelayMs: 30 * SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 24 * 60 * MINUTE,
};

export const ATTEMPT_GATES = {
  /** Log-ins to one email (whether or not it has an account) from browsers it does not know. */
  loginFromUnknownBrowsers: { name: 'login:unknown', ...UNKNOWN_BROWSERS },
  /** Authenticator and recovery codes of one admin from browsers that never entered a right one. */
  mfaFromUnknownBrowsers: { name: 'mfa:unknown', ...UNKNOWN_BROWSERS },
} as const satisfies Record<string, GateRule>;

/** Concurrent tries that each read the row before another changed it try again this often. */
const MAX_ROUNDS = 50;

/** A try let through, and what the gate was before it, so a right one can be taken back whole. */
export interface ClaimedTry {
  key: string;
  version: number;
  before: { failures: number; lastFailureAt: string | null; openAt: string };
}

export type GateClaim =
  { allowed: true; claimed: ClaimedTry } | { allowed: false; retryAfterSeconds: number };

function keyOf(rule: GateRule, subject: string): string {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url');
  return `${rule.name}:${digest}`;
}

/** How long the gate stays closed after `failures` in a row. */
export function gateDelayMs(rule: GateRule, failures: number): number {
  if (failures <= rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures - 1;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(doublings, 30));
}

/**
 * Counts one try against the gate, or says when the next may come. The try is counted as a failure
 * until refundAttempt says it was right.
 */
export async function claimAttempt(
  db: Kysely<Database>,
  rule: GateRule,
  subject: string,
  now = new Date(),
): Promise<GateClaim> {
  const key = keyOf(rule, subject);
  const at = now.toISOString();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const row = await db
      .selectFrom('attempt_gates')
      .select(['failures', 'version', 'last_failure_at', 'open_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) {
      await db
        .insertInto('attempt_gates')
        .values({ key, open_at: at, expires_at: at })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      continue;
    }
    const openAt = Date.parse(row.open_at);
    if (openAt > now.getTime()) {
      return { allowed: false, retryAfterSeconds: Math.ceil((openAt - now.getTime()) / SECOND) };
    }
    const lastFailure = row.last_failure_at ? Date.parse(row.last_failure_at) : null;
    const remembered = lastFailure !== null && now.getTime() - lastFailure < rule.forgetAfterMs;
    const failures = remembered ? Number(row.failures) + 1 : 1;
    const version = Number(row.version) + 1;
    const result = await db
      .updateTable('attempt_gates')
      .set({
        failures,
        version,
        last_failure_at: at,
        open_at: new Date(now.getTime() + gateDelayMs(rule, failures)).toISOString(),
        expires_at: new Date(now.getTime() + rule.forgetAfterMs).toISOString(),
      })
      .where('key', '=', key)
      .where('version', '=', Number(row.version))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      const before = {
        failures: Number(row.failures),
        lastFailureAt: row.last_failure_at,
        openAt: row.open_at,
      };
      return { allowed: true, claimed: { key, version, before } };
    }
  }
  // So many tries at once that this one never found the row unchanged: it waits like a closed gate.
  return { allowed: false, retryAfterSeconds: 1 };
}

/**
 * Takes back a try that was right. When no other try came since, the gate is as it was before it;
 * otherwise only the failure comes off, and the gate keeps the time the others set, so a right
 * password from one browser does not open the way for guesses from the rest.
 */
export async function refundAttempt(db: Kysely<Database>, claimed: ClaimedTry): Promise<void> {
  const { key, version, before } = claimed;
  const undone = await db
    .updateTable('attempt_gates')
    .set({
      failures: before.failures,
      last_failure_at: before.lastFailureAt,
      open_at: before.openAt,
      version: version + 1,
    })
    .where('key', '=', key)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(undone.numUpdatedRows) === 1) return;
  await db
    .updateTable('attempt_gates')
    .set({ failures: sql<number>`failures - 1`, version: sql<number>`version + 1` })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function pruneAttemptGates(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('attempt_gates')
    .where('expires_at', '<=', now.toISOString())
    .where('open_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
