/**
 * Attempt limits for the account routes, counted in storage (rate_limits) so they hold across
 * instances: one fixed-window counter per rule and subject, raised by one atomic upsert, never
 * read-modify-write. Over the limit the route answers 429 resource-exhausted with Retry-After.
 * Subjects (an address, an e-mail) are stored only as a hash.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '#shared/account-schemas';
import type { Database } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  loginPerAccount: { name: 'login:account', limit: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { name: 'login:address', limit: 20, windowMs: 15 * MINUTE },
  signUpPerAddress: { name: 'signup:address', limit: 5, windowMs: HOUR },
  resetPerAccount: { name: 'reset:account', limit: 3, windowMs: HOUR },
  resetPerAddress: { name: 'reset:address', limit: 10, windowMs: HOUR },
  verificationPerAccount: { name: 'verification:account', limit: 3, windowMs: HOUR },
  /**
   * Password checks of a signed-in user (change password, delete account), keyed by the user's id:
   * failed log-ins from strangers, keyed by the e-mail, must not lock the owner out of these.
   */
  passwordCheckPerUser: { name: 'password-check:user', limit: 5, windowMs: 15 * MINUTE },
  /**
   * Authenticator and recovery codes of one admin: every try counts before it is checked (so tries
   * sent at once cannot slip past), and a right code is taken back off the count.
   */
  mfaWrongCodesPerUser: { name: 'mfa-wrong:user', limit: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** Counters from before they carried their end are kept this long (the longest rule of that time). */
const LEGACY_WINDOW_MS = HOUR;
const PRUNE_INTERVAL_MS = 10 * MINUTE;

export interface RateLimitHit {
  count: number;
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
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

/** Takes back one attempt counted in the current window (it turned out right). */
export async function refundRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<void> {
  const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
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
  const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', keyOf(rule, subject))
    .where('window_start', '=', new Date(windowStart).toISOString())
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return {
    count,
    allowed: count < rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now.getTime()) / 1000)),
  };
}

/**
 * Counts many attempts in one statement, for callers that gather them (the visit batches): one
 * upsert raises each subject's counter by its number of attempts. Answers, per subject, one hit per
 * attempt in the order given, as if they had been counted one by one. The rows are written in the
 * order of their keys, so two instances upserting overlapping keys on PostgreSQL lock them in the
 * same order and can never deadlock. Four parameters per distinct subject: callers keep the
 * subjects few enough for the SQL parameter limit (visit-batches.ts).
 */
export async function hitRateLimitMany(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subjects: readonly string[],
  now = new Date(),
): Promise<Map<string, RateLimitHit[]>> {
  const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart + rule.windowMs - now.getTime()) / 1000),
  );
  const attempts = new Map<string, { subjects: Set<string>; count: number }>();
  for (const subject of subjects) {
    const key = keyOf(rule, subject);
    const entry = attempts.get(key) ?? { subjects: new Set<string>(), count: 0 };
    entry.subjects.add(subject);
    entry.count += 1;
    attempts.set(key, entry);
  }
  const rows = await db
    .insertInto('rate_limits')
    .values(
      [...attempts].sort(byKey).map(([key, { count }]) => ({
        key,
        window_start: new Date(windowStart).toISOString(),
        count,
        expires_at: new Date(windowStart + rule.windowMs).toISOString(),
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ count: sql<number>`rate_limits.count + excluded.count` }),
    )
    .returning(['key', 'count'])
    .execute();
  // The count after this statement; the attempts of a key took the numbers just below it, in order.
  const nextOf = new Map(
    rows.map((row) => [row.key, Number(row.count) - (attempts.get(row.key)?.count ?? 0) + 1]),
  );
  const hits = new Map<string, RateLimitHit[]>();
  for (const subject of subjects) {
    const key = keyOf(rule, subject);
    const count = nextOf.get(key);
    if (count === undefined) throw new Error(`no count came back for ${rule.name}`);
    nextOf.set(key, count + 1);
    const list = hits.get(subject) ?? [];
    list.push({ count, allowed: count <= rule.limit, retryAfterSeconds });
    hits.set(subject, list);
  }
  return hits;
}

/**
 * Counts one attempt against every given rule (each its own bucket) and refuses with 429 and
 * Retry-After when any is over its limit. All buckets count, so a client cannot dodge one limit by
 * tripping another first.
 */
export async function enforceRateLimits(
  db: Kysely<Database>,
  reply: FastifyReply,
  checks: [rule: RateLimitRule, subject: string][],
): Promise<void> {
  const hits = await Promise.all(checks.map(([rule, subject]) => hitRateLimit(db, rule, subject)));
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

/** Deletes counters whose window is over, every ten minutes while the app runs. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        pruneRateLimits(app.db).catch((error: unknown) =>
          app.log.warn({ err: error }, 'pruning rate-limit windows failed'),
        );
      }, PRUNE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
