/**
 * The rate-limit counters on both databases: the same checks against SQLite and PostgreSQL
 * (skipped with a notice when no PostgreSQL server answers).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { hitRateLimit, pruneRateLimits, RATE_LIMITS } from '#server/plugins/rate-limit';
import { unique } from '#test-support/accounts';
import { onBothDatabases, type OpenDatabase } from '#test-support/storage';

function storageTests(open: OpenDatabase) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('the rate-limit counter counts 50 concurrent attempts exactly once each', async () => {
    const subject = `burst-${unique()}`;
    const now = new Date();
    const hits = await Promise.all(
      Array.from({ length: 50 }, () => hitRateLimit(db, RATE_LIMITS.loginPerAddress, subject, now)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(RATE_LIMITS.loginPerAddress.limit);
    const next = await hitRateLimit(db, RATE_LIMITS.loginPerAddress, subject, now);
    expect(next.count).toBe(51);
    // A new window starts from one again.
    const later = new Date(now.getTime() + RATE_LIMITS.loginPerAddress.windowMs);
    expect((await hitRateLimit(db, RATE_LIMITS.loginPerAddress, subject, later)).count).toBe(1);
    // Old windows are pruned.
    const muchLater = new Date(now.getTime() + 3 * 3600_000);
    expect(await pruneRateLimits(db, muchLater)).toBeGreaterThanOrEqual(2);
  });

  test('each counter is deleted when its own window is over: a daily one lives a day', async () => {
    const daily = { name: `daily-${unique()}`, limit: 5, windowMs: 24 * 3600_000 };
    const hourly = { name: `hourly-${unique()}`, limit: 5, windowMs: 3600_000 };
    const start = new Date(Math.floor(Date.now() / daily.windowMs) * daily.windowMs);
    await hitRateLimit(db, daily, 'someone', start);
    await hitRateLimit(db, hourly, 'someone', start);
    const countOf = async (rule: { name: string }) =>
      (
        await db
          .selectFrom('rate_limits')
          .select('key')
          .where('key', 'like', `${rule.name}:%`)
          .execute()
      ).length;
    await pruneRateLimits(db, new Date(start.getTime() + 2 * 3600_000));
    expect([await countOf(daily), await countOf(hourly)]).toEqual([1, 0]);
    // Still counting within its day.
    expect(
      (await hitRateLimit(db, daily, 'someone', new Date(start.getTime() + 3 * 3600_000))).count,
    ).toBe(2);
    // Kept through the next day, whose estimate weighs it.
    await pruneRateLimits(db, new Date(start.getTime() + daily.windowMs));
    expect(await countOf(daily)).toBe(1);
    await pruneRateLimits(db, new Date(start.getTime() + 2 * daily.windowMs));
    expect(await countOf(daily)).toBe(0);
  });

  test('the window slides: a burst at the end of one window is still counted at the start of the next, and fades as it goes', async () => {
    const rule = { name: `sliding-${unique()}`, limit: 5, windowMs: 15 * 60_000 };
    const boundary = Math.ceil(Date.now() / rule.windowMs) * rule.windowMs;
    const lastSecond = new Date(boundary - 1000);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => hitRateLimit(db, rule, 'someone', lastSecond)),
    );
    expect(burst.every((hit) => hit.allowed)).toBe(true);
    // A fixed window would allow five more here: ten in two seconds.
    const justAfter = await hitRateLimit(db, rule, 'someone', new Date(boundary + 1000));
    expect(justAfter.allowed).toBe(false);
    expect(justAfter.retryAfterSeconds).toBeGreaterThan(60);
    expect(justAfter.retryAfterSeconds).toBeLessThanOrEqual(rule.windowMs / 1000);
    // Two thirds into the new window a third of the burst still counts: with the refused try and
    // this one, 1.67 + 2 ≤ 5.
    const later = new Date(boundary + (2 / 3) * rule.windowMs);
    expect((await hitRateLimit(db, rule, 'someone', later)).allowed).toBe(true);
    // Once a whole window has passed since the burst, it no longer counts at all.
    const fresh = 'someone-else';
    await Promise.all(Array.from({ length: 5 }, () => hitRateLimit(db, rule, fresh, lastSecond)));
    const afterWindow = new Date(boundary + rule.windowMs);
    const hits = [];
    for (let i = 0; i < 6; i++) hits.push(await hitRateLimit(db, rule, fresh, afterWindow));
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, true, true, true, false]);
  });
}

await onBothDatabases('rate-limit storage', storageTests);
