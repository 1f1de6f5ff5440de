/**
 * The desk's traffic with a year of visits (docs/product/visits.md#traffic-counters): TRAFFIC_VISITS
 * counted visits over TRAFFIC_DAYS UTC days ending today, TRAFFIC_PAGES pages and TRAFFIC_SOURCES
 * sources, seeded straight into the counters the way counting leaves them (per source, day and
 * page; per source and day; per source and month; per page and day; the pages' totals). Days vary
 * by weekday and season; sources and pages follow Zipf's law (a few big ones, a long tail), and each
 * source leads to fewer pages the smaller it is. Then the traffic page is timed for each of the
 * desk's ranges and a custom one, and the sources table for 30 days and 12 months.
 */
import type { Kysely } from 'kysely';
import { addDays, presetRange, utcDayOf, type DayRange } from '#shared/traffic-range';
import type { Database } from '#server/db/schema';
import type { DeskClient } from './desk-run.ts';
import { series } from './desk-run.ts';
import type { DeskTrafficFigure } from './desk-results.ts';
import { endProgress, progress } from './progress.ts';

export const TRAFFIC_VISITS = 10_000_000;
export const TRAFFIC_DAYS = 365;
export const TRAFFIC_PAGES = 40;
export const TRAFFIC_SOURCES = 500;

const ROWS_PER_STATEMENT = 1_000;
const ROWS_PER_TRANSACTION = 20_000;

function zipfWeights(count: number): number[] {
  const raw = Array.from({ length: count }, (_, i) => 1 / (i + 1));
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((weight) => weight / sum);
}

/** Whole counts in proportion to `weights` that add up to `total` exactly. */
function split(total: number, weights: readonly number[]): number[] {
  const counts = weights.map((weight) => Math.floor(total * weight));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i]! += 1;
  return counts;
}

async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(start + ROWS_PER_TRANSACTION, rows.length);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += ROWS_PER_STATEMENT) {
        await trx
          .insertInto(table)
          .values(rows.slice(from, Math.min(from + ROWS_PER_STATEMENT, end)) as never)
          .execute();
      }
    });
  }
}

export interface TrafficSeed {
  today: string;
  visits: number;
  rows: number;
  ms: number;
}

export interface TrafficShape {
  visits: number;
  pages: readonly string[];
  /** Most visits first. */
  sources: readonly string[];
}

export const BENCH_TRAFFIC: TrafficShape = {
  visits: TRAFFIC_VISITS,
  pages: Array.from({ length: TRAFFIC_PAGES }, (_, i) => `page${String(i + 1).padStart(2, '0')}`),
  sources: Array.from({ length: TRAFFIC_SOURCES }, (_, i) =>
    i === 0 ? 'Direct' : `site-${String(i).padStart(3, '0')}.example`,
  ),
};

/** Seeds the year ending `today` (UTC); the counters must hold no visits yet. */
export async function seedTraffic(
  db: Kysely<Database>,
  now: Date,
  shape: TrafficShape = BENCH_TRAFFIC,
): Promise<TrafficSeed> {
  const started = Date.now();
  const today = utcDayOf(now.getTime());
  const { pages, sources } = shape;
  const sourceWeights = zipfWeights(sources.length);
  const pageWeights = zipfWeights(pages.length);
  // Busier on weekdays and in the second half of the year.
  const dayWeights = Array.from({ length: TRAFFIC_DAYS }, (_, i) => {
    const weekday = new Date(`${addDays(today, i - TRAFFIC_DAYS + 1)}T00:00:00Z`).getUTCDay();
    return (weekday === 0 || weekday === 6 ? 0.75 : 1.1) * (0.8 + (0.4 * i) / TRAFFIC_DAYS);
  });
  const daySum = dayWeights.reduce((a, b) => a + b, 0);
  const perDay = split(
    shape.visits,
    dayWeights.map((weight) => weight / daySum),
  );

  const sourcePageRows: Record<string, unknown>[] = [];
  const sourceDayRows: Record<string, unknown>[] = [];
  const pageDayRows: Record<string, unknown>[] = [];
  const months = new Map<string, number>();
  const pageTotals = new Map<string, number>();
  for (let d = 0; d < TRAFFIC_DAYS; d++) {
    if (d % 30 === 0) progress(`traffic: day ${d}/${TRAFFIC_DAYS}…`);
    const day = addDays(today, d - TRAFFIC_DAYS + 1);
    const pagesOfDay = new Map<string, number>();
    split(perDay[d]!, sourceWeights).forEach((count, s) => {
      if (count === 0) return;
      const source = sources[s]!;
      sourceDayRows.push({ day, source, count });
      const monthKey = `${day.slice(0, 7)}\n${source}`;
      months.set(monthKey, (months.get(monthKey) ?? 0) + count);
      // A source leads to about one page per 20 of its visits, at most to every page.
      const reach = Math.min(pages.length, Math.max(1, Math.ceil(count / 20)));
      const weights = pageWeights.slice(0, reach);
      const sum = weights.reduce((a, b) => a + b, 0);
      split(
        count,
        weights.map((weight) => weight / sum),
      ).forEach((visits, p) => {
        if (visits === 0) return;
        const page = pages[(p + s) % pages.length]!;
        sourcePageRows.push({ source, day, page_key: page, count: visits });
        pagesOfDay.set(page, (pagesOfDay.get(page) ?? 0) + visits);
      });
    });
    for (const [page, count] of pagesOfDay) {
      pageDayRows.push({ page_key: page, day, count });
      pageTotals.set(page, (pageTotals.get(page) ?? 0) + count);
    }
  }
  const monthRows = [...months].map(([key, count]) => {
    const [month, source] = key.split('\n');
    return { month, source, count };
  });
  const totalRows = [...pageTotals].map(([page_key, count]) => ({ page_key, count }));
  const tables: [keyof Database & string, Record<string, unknown>[]][] = [
    ['visit_sources_daily', sourcePageRows],
    ['visit_source_days', sourceDayRows],
    ['visit_source_months', monthRows],
    ['page_visits_daily', pageDayRows],
    ['page_visits', totalRows],
  ];
  let rows = 0;
  for (const [table, tableRows] of tables) {
    progress(`traffic: writing ${tableRows.length} rows to ${table}…`);
    await insertRows(db, table, tableRows);
    rows += tableRows.length;
  }
  endProgress();
  return { today, visits: shape.visits, rows, ms: Date.now() - started };
}

interface TrafficAnswer {
  totals: { visits: number };
  series: unknown[];
}

interface SourcesAnswer {
  sources: { source: string; visits: number }[];
}

function query(range: DayRange): string {
  return `from=${range.from}&to=${range.to}`;
}

/** The traffic page for each range and the sources table, each timed like the desk's reads. */
export async function measureTraffic(
  client: DeskClient,
  seed: TrafficSeed,
): Promise<DeskTrafficFigure[]> {
  const ranges: [string, DayRange][] = [
    ['last 7 days', presetRange('7d', seed.today)],
    ['last 30 days', presetRange('30d', seed.today)],
    ['last 90 days', presetRange('90d', seed.today)],
    ['last 12 months', presetRange('12m', seed.today)],
    ['custom 45 days', { from: addDays(seed.today, -200), to: addDays(seed.today, -156) }],
  ];
  const figures: DeskTrafficFigure[] = [];
  for (const [name, range] of ranges) {
    const latency = await series<TrafficAnswer>(
      client,
      `traffic, ${name}`,
      () => `/api/admin/traffic?${query(range)}&page=page01`,
      (body) => {
        if (body.totals.visits <= 0) throw new Error(`traffic for ${name} counted no visits`);
      },
    );
    figures.push({ what: `traffic page, ${name} (page01 charted)`, latency });
  }
  for (const [name, range] of [ranges[1]!, ranges[3]!]) {
    const latency = await series<SourcesAnswer>(
      client,
      `sources, ${name}`,
      () => `/api/admin/traffic/sources?${query(range)}`,
      (body) => {
        if (body.sources.length < 100) throw new Error(`the sources of ${name} were too few`);
      },
    );
    figures.push({ what: `sources table, ${name}`, latency });
  }
  const top = presetRange('12m', seed.today);
  const latency = await series<{ pages: unknown[] | null }>(
    client,
    'pages of a source, last 12 months',
    (n) =>
      `/api/admin/traffic/sources?${query(top)}&source=site-${String((n % 50) + 1).padStart(3, '0')}.example`,
    (body) => {
      if (!body.pages?.length) throw new Error('a source led to no pages');
    },
  );
  figures.push({ what: 'sources table with one source’s pages, last 12 months', latency });
  return figures;
}
