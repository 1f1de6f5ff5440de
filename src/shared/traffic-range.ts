/**
 * Ranges of UTC days for the desk's traffic (docs/product/visits.md#traffic-counters): the period before a
 * range, its buckets (days, or weeks from Monday beyond 90 days), and the presets the desk offers.
 * Days are 'YYYY-MM-DD' strings; plain functions both sides use.
 */
import { daysInRange, TRAFFIC_DAILY_MAX_DAYS, TRAFFIC_RANGE_MAX_DAYS } from './visit-schemas';

const DAY_MS = 86_400_000;

export function utcDayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

export interface DayRange {
  from: string;
  to: string;
}

/** The range of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const length = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

export type Bucket = 'day' | 'week';

export function bucketOf(range: DayRange): Bucket {
  return daysInRange(range.from, range.to) > TRAFFIC_DAILY_MAX_DAYS ? 'week' : 'day';
}

/** The first day of the bucket holding `day`: itself, or its week's Monday. */
export function bucketStart(day: string, bucket: Bucket): string {
  if (bucket === 'day') return day;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Every bucket's first day over the range, oldest first (the first may start before `from`).
 * Counted in days, not by comparing day strings (which stop sorting as days past year 9999), and
 * never more than the longest range holds.
 */
export function bucketStarts(range: DayRange, bucket: Bucket): string[] {
  const step = bucket === 'day' ? 1 : 7;
  const first = bucketStart(range.from, bucket);
  const days = Math.min(daysInRange(first, range.to), TRAFFIC_RANGE_MAX_DAYS + 7);
  if (!(days > 0)) return [];
  return Array.from({ length: Math.ceil(days / step) }, (_, index) => addDays(first, index * step));
}

export const TRAFFIC_PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type TrafficPreset = (typeof TRAFFIC_PRESETS)[number];

/** The preset's range ending today (UTC): the last 7, 30 or 90 days, or the last 12 months. */
export function presetRange(preset: TrafficPreset, today: string): DayRange {
  if (preset === '12m') {
    const [year, month, date] = today.split('-').map(Number) as [number, number, number];
    return { from: addDays(utcDayOf(Date.UTC(year - 1, month - 1, date)), 1), to: today };
  }
  return { from: addDays(today, -(Number.parseInt(preset, 10) - 1)), to: today };
}
