/**
 * Page visit counters (docs/product/data.md#visit-tables): the pages' totals and days, where counted
 * visits came from (per source, day and page; per source and day; per source and month) and the
 * visits left out per day and reason. Every row is raised by an atomic upsert (`count = count + n`
 * in SQL), never read-modify-write, so concurrent visits on any number of instances add up exactly.
 */
import { sql, type Kysely } from 'kysely';
import { EXCLUSION_REASONS, type ExclusionReason } from '#shared/visit-schemas';
import { addDays, type DayRange } from '#shared/traffic-range';
import type { Database } from '#server/db/schema';

/** `YYYY-MM-DD` of the UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface CountedVisit {
  pageKey: string;
  source: string;
}

/** Counts of equal keys, sorted by key so concurrent batches lock rows in one order. */
function tally<T>(items: readonly T[], keyOf: (item: T) => string): [string, number, T][] {
  const counts = new Map<string, [number, T]>();
  for (const item of items) {
    const key = keyOf(item);
    const seen = counts.get(key);
    if (seen) seen[0] += 1;
    else counts.set(key, [1, item]);
  }
  return [...counts]
    .map(([key, [count, item]]): [string, number, T] => [key, count, item])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Adds the counted visits to their pages and sources and the left-out ones to their reasons, for
 * the UTC day of `now`: one upsert per table however many visits there are. Call it in a
 * transaction. Rows go in key order, so concurrent batches on PostgreSQL lock them in one order and
 * never deadlock; at most four parameters per distinct row.
 */
export async function countVisits(
  db: Kysely<Database>,
  visits: readonly CountedVisit[],
  excluded: readonly ExclusionReason[],
  now = new Date(),
): Promise<void> {
  const day = utcDay(now);
  const month = day.slice(0, 7);
  if (visits.length > 0) {
    const perPage = tally(visits, (visit) => visit.pageKey);
    await db
      .insertInto('page_visits')
      .values(perPage.map(([page_key, count]) => ({ page_key, count })))
      .onConflict((oc) =>
        oc
          .column('page_key')
          .doUpdateSet({ count: sql<number>`page_visits.count + excluded.count` }),
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
    const perSourcePage = tally(visits, (visit) => `${visit.source}\n${visit.pageKey}`);
    await db
      .insertInto('visit_sources_daily')
      .values(
        perSourcePage.map(([, count, visit]) => ({
          source: visit.source,
          day,
          page_key: visit.pageKey,
          count,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['source', 'day', 'page_key'])
          .doUpdateSet({ count: sql<number>`visit_sources_daily.count + excluded.count` }),
      )
      .execute();
    const perSource = tally(visits, (visit) => visit.source);
    await db
      .insertInto('visit_source_days')
      .values(perSource.map(([source, count]) => ({ day, source, count })))
      .onConflict((oc) =>
        oc
          .columns(['day', 'source'])
          .doUpdateSet({ count: sql<number>`visit_source_days.count + excluded.count` }),
      )
      .execute();
    await db
      .insertInto('visit_source_months')
      .values(perSource.map(([source, count]) => ({ month, source, count })))
      .onConflict((oc) =>
        oc
          .columns(['month', 'source'])
          .doUpdateSet({ count: sql<number>`visit_source_months.count + excluded.count` }),
      )
      .execute();
  }
  if (excluded.length > 0) {
    await db
      .insertInto('visit_exclusions')
      .values(
        tally(excluded, (reason) => reason).map(([reason, count]) => ({ day, reason, count })),
      )
      .onConflict((oc) =>
        oc
          .columns(['day', 'reason'])
          .doUpdateSet({ count: sql<number>`visit_exclusions.count + excluded.count` }),
      )
      .execute();
  }
}

/** PostgreSQL may hand back a bigint sum as text; the API always answers numbers. */
const n = (value: unknown) => Number(value ?? 0);

/** Every page's visits since counting began (the traffic/pages document). */
export async function readPageTotals(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('page_visits').select(['page_key', 'count']).execute();
  return Object.fromEntries(rows.map((row) => [row.page_key, n(row.count)]));
}

/** Visits per page over the range. */
export async function readPageCounts(
  db: Kysely<Database>,
  range: DayRange,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('page_visits_daily')
    .select(['page_key', (eb) => eb.fn.sum<number>('count').as('visits')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('page_key')
    .execute();
  return new Map(rows.map((row) => [row.page_key, n(row.visits)]));
}

/** Visits per day over the range, of every page or of one; quiet days are absent. */
export async function readDailyCounts(
  db: Kysely<Database>,
  range: DayRange,
  page: string | null,
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('page_visits_daily')
    .select(['day', (eb) => eb.fn.sum<number>('count').as('visits')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (page !== null) query = query.where('page_key', '=', page);
  const rows = await query.groupBy('day').execute();
  return new Map(rows.map((row) => [row.day, n(row.visits)]));
}

/** Visits left out over the range, by reason, zeros included. */
export async function readExclusions(
  db: Kysely<Database>,
  range: DayRange,
): Promise<{ reason: ExclusionReason; visits: number }[]> {
  const rows = await db
    .selectFrom('visit_exclusions')
    .select(['reason', (eb) => eb.fn.sum<number>('count').as('visits')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('reason')
    .execute();
  const byReason = new Map(rows.map((row) => [row.reason, n(row.visits)]));
  return EXCLUSION_REASONS.map((reason) => ({ reason, visits: byReason.get(reason) ?? 0 }));
}

/** The first day of the month after `day`'s. */
function nextMonthStart(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return utcDay(new Date(Date.UTC(year, month, 1)));
}

/**
 * The range as whole months and the days left at either end: a year's sources then sum twelve
 * months of rows and a few weeks of days, not a year of days.
 */
export function monthsAndDays(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const firstWhole = range.from.endsWith('-01') ? range.from : nextMonthStart(range.from);
  const toMonthEnd = addDays(nextMonthStart(range.to), -1);
  const lastWhole = range.to === toMonthEnd ? range.to : addDays(`${range.to.slice(0, 7)}-01`, -1);
  if (firstWhole > lastWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < firstWhole) days.push({ from: range.from, to: addDays(firstWhole, -1) });
  if (lastWhole < range.to) days.push({ from: addDays(lastWhole, 1), to: range.to });
  return { months: { from: firstWhole.slice(0, 7), to: lastWhole.slice(0, 7) }, days };
}

/** Counted visits per source over the range (whole months from the monthly rows). */
export async function readSourceCounts(
  db: Kysely<Database>,
  range: DayRange,
): Promise<Map<string, number>> {
  const { months, days } = monthsAndDays(range);
  const parts = await Promise.all([
    months
      ? db
          .selectFrom('visit_source_months')
          .select(['source', (eb) => eb.fn.sum<number>('count').as('visits')])
          .where('month', '>=', months.from)
          .where('month', '<=', months.to)
          .groupBy('source')
          .execute()
      : Promise.resolve([]),
    ...days.map((span) =>
      db
        .selectFrom('visit_source_days')
        .select(['source', (eb) => eb.fn.sum<number>('count').as('visits')])
        .where('day', '>=', span.from)
        .where('day', '<=', span.to)
        .groupBy('source')
        .execute(),
    ),
  ]);
  const counts = new Map<string, number>();
  for (const rows of parts)
    for (const row of rows) counts.set(row.source, (counts.get(row.source) ?? 0) + n(row.visits));
  return counts;
}

/** The pages one source led to over the range, most visits first. */
export async function readSourcePages(
  db: Kysely<Database>,
  source: string,
  range: DayRange,
): Promise<{ page: string; visits: number }[]> {
  const rows = await db
    .selectFrom('visit_sources_daily')
    .select(['page_key', (eb) => eb.fn.sum<number>('count').as('visits')])
    .where('source', '=', source)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('page_key')
    .execute();
  return rows
    .map((row) => ({ page: row.page_key, visits: n(row.visits) }))
    .sort((a, b) => b.visits - a.visits || (a.page < b.page ? -1 : 1));
}
