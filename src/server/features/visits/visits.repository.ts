/**
 * Page visit counters (page_visits and page_visits_daily, docs/product.md#visit-tables). Both rows are
 * raised by an atomic upsert (`count = count + n` in SQL), never read-modify-write, so concurrent
 * visits on any number of instances add up exactly.
 */
import { sql, type Kysely } from 'kysely';
import type { TrafficResponse } from '#shared/visit-schemas';
import type { Database } from '#server/db/schema';

/** `YYYY-MM-DD` of the UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Adds the visits (one page key each) to their pages' totals and to their rows for the UTC day of
 * `now`: one upsert per table however many visits and pages there are. Call it in a transaction.
 * Rows go in page-key order, so concurrent batches on PostgreSQL lock them in one order and never
 * deadlock; three parameters per distinct page.
 */
export async function countVisits(
  db: Kysely<Database>,
  pageKeys: readonly string[],
  now = new Date(),
): Promise<void> {
  if (pageKeys.length === 0) return;
  const counts = new Map<string, number>();
  for (const key of pageKeys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const perPage = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const day = utcDay(now);
  await db
    .insertInto('page_visits')
    .values(perPage.map(([page_key, count]) => ({ page_key, count })))
    .onConflict((oc) =>
      oc.column('page_key').doUpdateSet({ count: sql<number>`page_visits.count + excluded.count` }),
    )
    .execute();
  await db
    .insertInto('page_visits_daily')
    .values(perPage.map(([page_key, count]) => ({ page_key, day, count })))
    .onConflict((oc) =>
      oc
        .columns(['page_key', 'day'])
        .doUpdateSet({ count: sql<number>`page_visits_daily.count + excluded.count` }),
    )
    .execute();
}

/** The traffic counters (docs/product.md#traffic-counters) and the per-day rows of the last `days` UTC days. */
export async function readTraffic(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<TrafficResponse> {
  const firstDay = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const [totals, daily] = await Promise.all([
    db.selectFrom('page_visits').select(['page_key', 'count']).orderBy('page_key').execute(),
    db
      .selectFrom('page_visits_daily')
      .select(['page_key', 'day', 'count'])
      .where('day', '>=', firstDay)
      .orderBy('day')
      .orderBy('page_key')
      .execute(),
  ]);
  const sessions: TrafficResponse['sessions'] = {};
  // PostgreSQL may hand back a bigint column as text; the API always answers numbers.
  for (const row of totals) sessions[row.page_key] = { count: Number(row.count) };
  return {
    sessions,
    daily: daily.map((row) => ({ day: row.day, page: row.page_key, count: Number(row.count) })),
  };
}
