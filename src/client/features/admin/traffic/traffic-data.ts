/**
 * The traffic answer (GET /api/admin/traffic) shaped for the desk: one row per page key with its
 * total (every known key, zeros included, most visited first) and per-day series over the whole
 * window, days without visits filled with zeros so the chart's time axis has no gaps.
 */
import { PAGE_KEYS } from '#shared/page-keys';
import { TRAFFIC_DAYS, type TrafficResponse } from '#shared/visit-schemas';
import { pageTitle } from '../admin-format';

export interface TrafficRow {
  key: string;
  title: string | null;
  count: number;
}

export interface DayPoint {
  /** 'YYYY-MM-DD', a UTC day. */
  day: string;
  count: number;
}

export function trafficRows(traffic: TrafficResponse): TrafficRow[] {
  const keys = new Set<string>([...PAGE_KEYS, ...Object.keys(traffic.sessions)]);
  return [...keys]
    .map((key) => ({ key, title: pageTitle(key), count: traffic.sessions[key]?.count ?? 0 }))
    .sort((a, b) => b.count - a.count || (a.title ?? a.key).localeCompare(b.title ?? b.key, 'en'));
}

const DAY_MS = 86_400_000;

function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The window's days, oldest first: TRAFFIC_DAYS days ending today (UTC), or ending on the newest
 * day in the answer when the server's clock is ahead of this browser's.
 */
export function windowDays(traffic: TrafficResponse, now: Date): string[] {
  const today = utcDay(now.getTime());
  const newest = traffic.daily.reduce((max, row) => (row.day > max ? row.day : max), today);
  const end = Date.parse(`${newest}T00:00:00Z`);
  return Array.from({ length: TRAFFIC_DAYS }, (_, i) =>
    utcDay(end - (TRAFFIC_DAYS - 1 - i) * DAY_MS),
  );
}

/** Visits per day over `days`, of one page or (page null) of all pages together. */
export function dailySeries(
  traffic: TrafficResponse,
  days: readonly string[],
  page: string | null,
): DayPoint[] {
  const counts = new Map<string, number>();
  for (const row of traffic.daily) {
    if (page !== null && row.page !== page) continue;
    counts.set(row.day, (counts.get(row.day) ?? 0) + row.count);
  }
  return days.map((day) => ({ day, count: counts.get(day) ?? 0 }));
}

export function totalOf(points: readonly { count: number }[]): number {
  return points.reduce((sum, point) => sum + point.count, 0);
}

/** The busiest day of a series, or null when it has no visits. */
export function busiestDay(points: readonly DayPoint[]): DayPoint | null {
  let best: DayPoint | null = null;
  for (const point of points) if (point.count > (best?.count ?? 0)) best = point;
  return best;
}
