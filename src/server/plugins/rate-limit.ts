/**
 * Attempt limits, counted in storage (rate_limits) so they hold across instances. Each rule's window
 * slides: a counter per rule, subject and fixed window, raised by one atomic upsert (never
 * read-modify-write), and an attempt is judged by this window's count plus the previous window's
 * count weighted by how much of it still lies within one window of now (the sliding-window counter
 * Cloudflare describes in "How we built rate limiting capable of scaling to millions of domains").
 * So a burst at the end of one window is still counted at the start of the next: no double burst at
 * a boundary. Over the limit the route answers 429 resource-exhausted with Retry-After (when the
 * estimate falls below the limit again). Subjects (an address, an email) are stored only as a hash.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '#shared/account-schemas';
import type { Database } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';
import { pruneAttemptGates } from './attempt-gate';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  loginPerAddress: { name: 'login:address', limit: 20, windowMs: 15 * MINUTE },
  /**
   * Log-ins from a browser that has logged in to the account before (its device cookie): its own
   * bucket, so failures from elsewhere never hold it back; past it, the browser counts as unknown.
   */
  loginPerKnownDevice: { name: 'login:device', limit: 10, windowMs: 15 * MINUTE },
  signUpPerAddress: { name: 'signup:address', limit: 5, windowMs: HOUR },
  /**
   * Sign-ups answered "An account with this email already exists.": the answer tells whether an
   * address has an account, so one network may hear it only a few times a day
   * (docs/decisions/2026-11-27-security-probe.md).
   */
  signUpTakenEmailPerAddress: { name: 'signup-taken:address', limit: 3, windowMs: 24 * HOUR },
  resetPerAccount: { name: 'reset:account', limit: 3, windowMs: HOUR },
  /**
   * Reset requests from a browser the account knows: its own bucket, so a stranger's requests for
   * the email never hold the owner back; past it, the browser counts with everyone else.
   */
  resetPerKnownDevice: { name: 'reset:device', limit: 3, windowMs: HOUR },
  resetPerAddress: { name: 'reset:address', limit: 10, windowMs: HOUR },
  verificationPerAccount: { name: 'verification:account', limit: 3, windowMs: HOUR },
  /**
   * Password checks of a signed-in user (change password, delete account), keyed by the user's id:
   * failed log-ins from strangers, keyed by the email, must not lock the owner out of these.
   */
  passwordCheckPerUser: { name: 'password-check:user', limit: 5, windowMs: 15 * MINUTE },
  /**
   * Authenticator and recovery codes from a browser that entered a right code for the account
   * before: every try counts before it is checked (so tries sent at once cannot slip past), and a
   * right code is taken back off the count. Past it, the browser counts as unknown.
   */
  mfaCodesPerKnownDevice: { name: 'mfa:device', limit: 5, windowMs: 15 * MINUTE },
  /**
   * Codes confirming an admin's first authenticator, per offered secret: only the session that
   * entered the enrolment code may send them, so someone else's wrong codes never count here.
   */
  mfaSetUpCodesPerSecret: { name: 'mfa-set-up:secret', limit: 5, windowMs: 15 * MINUTE },
  /**
   * Passkey ceremonies anyone may start (docs/product/accounts.md#passkeys): options for a sign-in (each
   * keeps a challenge for five minutes) and the sign-ins themselves, per client network. A passkey
   * cannot be guessed, so these only keep storage and signature checks within bounds.
   */
  passkeyOptionsPerAddress: { name: 'passkey-options:address', limit: 60, windowMs: 15 * MINUTE },
  passkeySignInPerAddress: { name: 'passkey-sign-in:address', limit: 30, windowMs: 15 * MINUTE },
  /**
   * Owner notification mails at once (docs/product/mail.md#owner-notifications), counted only when one
   * goes out: per kind of notice, and for the whole site. Past either, the notice is held for the
   * mail that brings held ones together.
   */
  noticeMailsPerKind: { name: 'notice-mail:kind', limit: 3, windowMs: HOUR },
  noticeMails: { name: 'notice-mail:site', limit: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Counters from before they carried their end are kept this long (the longest rule of that time). */
const LEGACY_WINDOW_MS = HOUR;
const PRUNE_INTERVAL_MS = 10 * MINUTE;

export interface RateLimitHit {
  /** Attempts counted in the current fixed window, this one included. */
  count: number;
  allowed: boolean;
  /** Seconds until one more attempt would be within the limit. */
  retryAfterSeconds: number;
}

export interface SlidingWindow {
  start: number;
  previousStart: number;
  /** How much of the previous window still lies within one window of now (1 at the boundary). */
  previousWeight: number;
}

export function slidingWindow(rule: RateLimitRule, now: Date): SlidingWindow {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return {
    start,
    previousStart: start - rule.windowMs,
    previousWeight: 1 - (now.getTime() - start) / rule.windowMs,
  };
}

/**
 * Whether `count` attempts in this window and `previous` in the last are within the limit, and if
 * not, how long until one more would be: this window's weight of the previous one shrinks as time
 * goes on, and once this window is over its count is the one that shrinks.
 */
export function judge(
  rule: RateLimitRule,
  window: SlidingWindow,
  count: number,
  previous: number,
  now: Date,
): RateLimitHit {
  const allowed = count + previous * window.previousWeight <= rule.limit;
  let waitMs: number;
  if (count + 1 > rule.limit) {
    // Only after this window: when its count, weighted, leaves room for one.
    const end = window.start + rule.windowMs;
    waitMs = end - now.getTime() + (1 - (rule.limit - 1) / count) * rule.windowMs;
  } else {
    const fraction = previous === 0 ? 0 : 1 - (rule.limit - count - 1) / previous;
    waitMs = window.start + Math.max(0, fraction) * rule.windowMs - now.getTime();
  }
  return {
    count,
    allowed,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

async function previousCounts(
  db: Kysely<Database>,
  keys: string[],
  previousStart: number,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count'])
    .where('key', 'in', keys)
    .where('window_start', '=', new Date(previousStart).toISOString())
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

function keyOf(rule: RateLimitRule, subject: string): string {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url');
  return `${rule.name}:${digest}`;
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** Counts one attempt and says whether it is within the limit. */
export async function hitRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitHit> {
  const [hit] = (await hitRateLimitMany(db, rule, [subject], now)).get(subject) ?? [];
  if (!hit) throw new Error(`no count came back for ${rule.name}`);
  return hit;
}

/**
 * Counts `amount` units at once (kilobytes sent, say) and says whether the window's total is within
 * the limit; Retry-After tells when one more unit would be.
 */
export async function spendRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  amount: number,
  now = new Date(),
): Promise<RateLimitHit> {
  const window = slidingWindow(rule, now);
  const key = keyOf(rule, subject);
  const row = await db
    .insertInto('rate_limits')
    .values({
      key,
      window_start: new Date(window.start).toISOString(),
      count: amount,
      expires_at: new Date(window.start + 2 * rule.windowMs).toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ count: sql<number>`rate_limits.count + excluded.count` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const previous = (await previousCounts(db, [key], window.previousStart)).get(key) ?? 0;
  return judge(rule, window, Number(row.count), previous, now);
}

/** Takes back one attempt counted in the current window (it turned out right). */
export async function refundRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<void> {
  const windowStart = slidingWindow(rule, now).start;
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', keyOf(rule, subject))
    .where('window_start', '=', new Date(windowStart).toISOString())
    .where('count', '>', 0)
    .execute();
}

/** The count so far in the current window, without counting anything. */
export async function readRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitHit> {
  const window = slidingWindow(rule, now);
  const key = keyOf(rule, subject);
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', new Date(window.start).toISOString())
    .executeTakeFirst();
  const previous = (await previousCounts(db, [key], window.previousStart)).get(key) ?? 0;
  // Would one more attempt be allowed?
  const hit = judge(rule, window, Number(row?.count ?? 0) + 1, previous, now);
  return { ...hit, count: hit.count - 1 };
}

/**
 * Counts many attempts in one statement: one upsert raises each subject's counter by its number of
 * attempts. Answers, per subject, one hit per
 * attempt in the order given, as if they had been counted one by one. The rows are written in the
 * order of their keys, so two instances upserting overlapping keys on PostgreSQL lock them in the
 * same order and can never deadlock. Four parameters per distinct subject: callers keep the
 * subjects few enough for the SQL parameter limit.
 */
export async function hitRateLimitMany(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subjects: readonly string[],
  now = new Date(),
): Promise<Map<string, RateLimitHit[]>> {
  const window = slidingWindow(rule, now);
  const windowStart = window.start;
  const keys = new Map<string, string>();
  const attempts = new Map<string, number>();
  for (const subject of subjects) {
    let key = keys.get(subject);
    if (key === undefined) {
      key = keyOf(rule, subject);
      keys.set(subject, key);
    }
    attempts.set(key, (attempts.get(key) ?? 0) + 1);
  }
  const rows = await db
    .insertInto('rate_limits')
    .values(
      [...attempts].sort(byKey).map(([key, count]) => ({
        key,
        window_start: new Date(windowStart).toISOString(),
        count,
        // Kept through the next window, whose estimate weighs it.
        expires_at: new Date(windowStart + 2 * rule.windowMs).toISOString(),
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ count: sql<number>`rate_limits.count + excluded.count` }),
    )
    .returning(['key', 'count'])
    .execute();
  const previous = await previousCounts(db, [...attempts.keys()], window.previousStart);
  // The count after this statement; the attempts of a key took the numbers just below it, in order.
  const nextOf = new Map(
    rows.map((row) => [row.key, Number(row.count) - (attempts.get(row.key) ?? 0) + 1]),
  );
  const hits = new Map<string, RateLimitHit[]>();
  for (const subject of subjects) {
    const key = keys.get(subject) as string;
    const count = nextOf.get(key);
    if (count === undefined) throw new Error(`no count came back for ${rule.name}`);
    nextOf.set(key, count + 1);
    const list = hits.get(subject) ?? [];
    list.push(judge(rule, window, count, previous.get(key) ?? 0, now));
    hits.set(subject, list);
  }
  return hits;
}

/**
 * Counts one attempt (or `amount` units) against every given rule (each its own bucket) and refuses
 * with 429 and Retry-After when any is over its limit. All buckets count, so a client cannot dodge
 * one limit by tripping another first.
 */
export async function enforceRateLimits(
  db: Kysely<Database>,
  reply: FastifyReply,
  checks: [rule: RateLimitRule, subject: string, amount?: number][],
): Promise<void> {
  const hits = await Promise.all(
    checks.map(([rule, subject, amount]) =>
      amount === undefined
        ? hitRateLimit(db, rule, subject)
        : spendRateLimit(db, rule, subject, amount),
    ),
  );
  const refused = hits.filter((hit) => !hit.allowed);
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map((hit) => hit.retryAfterSeconds));
  reply.header('retry-after', String(retryAfter));
  throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
}

export async function pruneRateLimits(db: Kysely<Database>, now = new Date()): Promise<number> {
  const legacyCutoff = new Date(now.getTime() - LEGACY_WINDOW_MS).toISOString();
  const result = await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb.and([eb('expires_at', 'is', null), eb('window_start', '<', legacyCutoff)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes counters whose window is over, and gates whose failures are forgotten, every ten minutes. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        Promise.all([pruneRateLimits(app.db), pruneAttemptGates(app.db)]).catch((error: unknown) =>
          app.log.warn({ err: error }, 'pruning rate-limit windows failed'),
        );
      }, PRUNE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
