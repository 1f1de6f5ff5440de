/**
 * The desk's traffic figures over a range of UTC days (docs/product/visits.md#traffic-counters): totals,
 * pages and sources beside the period of the same length before it, the series per day (per week
 * beyond 90 days) and the visits left out, read from the counters of visits.repository.ts.
 */
import type { Kysely } from 'kysely';
import {
  bucketOf,
  bucketStart,
  bucketStarts,
  previousRange,
  type Bucket,
  type DayRange,
} from '#shared/traffic-range';
import {
  TRAFFIC_SOURCES_MAX,
  type TrafficResponse,
  type TrafficSourcesResponse,
} from '#shared/visit-schemas';
import type { Database } from '#server/db/schema';
import {
  readDailyCounts,
  readExclusions,
  readPageCounts,
  readPageTotals,
  readSourceCounts,
  readSourcePages,
} from './visits.repository';

type Series = TrafficResponse['series'];

function seriesOf(days: Map<string, number>, range: DayRange, bucket: Bucket): Series {
  const byStart = new Map(bucketStarts(range, bucket).map((start) => [start, 0]));
  for (const [day, visits] of days) {
    const start = bucketStart(day, bucket);
    byStart.set(start, (byStart.get(start) ?? 0) + visits);
  }
  return [...byStart].map(([start, visits]) => ({ start, visits }));
}

function sum(counts: Map<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/** Counts of the range beside the previous one, for every key in either, most visits first. */
function beside(now: Map<string, number>, before: Map<string, number>) {
  return [...new Set([...now.keys(), ...before.keys()])]
    .map((key) => ({ key, visits: now.get(key) ?? 0, previous: before.get(key) ?? 0 }))
    .sort((a, b) => b.visits - a.visits || b.previous - a.previous || (a.key < b.key ? -1 : 1));
}

export async function readTraffic(
  db: Kysely<Database>,
  range: DayRange,
  page: string | null,
): Promise<TrafficResponse> {
  const previous = previousRange(range);
  const bucket = bucketOf(range);
  const [pages, previousPages, daily, pageDaily, excluded, totals] = await Promise.all([
    readPageCounts(db, range),
    readPageCounts(db, previous),
    readDailyCounts(db, range, null),
    page === null ? Promise.resolve(null) : readDailyCounts(db, range, page),
    readExclusions(db, range),
    readPageTotals(db),
  ]);
  return {
    range,
    previousRange: previous,
    bucket,
    totals: { visits: sum(pages), previous: sum(previousPages) },
    pages: beside(pages, previousPages).map(({ key, visits, previous: before }) => ({
      page: key,
      visits,
      previous: before,
    })),
    series: seriesOf(daily, range, bucket),
    pageSeries: pageDaily ? seriesOf(pageDaily, range, bucket) : null,
    excluded,
    sessions: Object.fromEntries(Object.entries(totals).map(([key, count]) => [key, { count }])),
  };
}

export async function readSources(
  db: Kysely<Database>,
  range: DayRange,
  source: string | null,
): Promise<TrafficSourcesResponse> {
  const previous = previousRange(range);
  const [now, before, pages] = await Promise.all([
    readSourceCounts(db, range),
    readSourceCounts(db, previous),
    source === null ? Promise.resolve(null) : readSourcePages(db, source, range),
  ]);
  const rows = beside(now, before).filter((row) => row.visits > 0);
  return {
    range,
    previousRange: previous,
    sources: rows.slice(0, TRAFFIC_SOURCES_MAX).map(({ key, visits, previous: before }) => ({
      source: key,
      visits,
      previous: before,
    })),
    sourceCount: rows.length,
    pages,
  };
}
