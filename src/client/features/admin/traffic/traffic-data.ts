/**
 * The traffic answers shaped for the desk (docs/product/visits.md#traffic-counters): the range the address
 * bar names, each figure's change on the period before, the pages with their titles, and the
 * left-out visits in words.
 */
import {
  presetRange,
  TRAFFIC_PRESETS,
  utcDayOf,
  type DayRange,
  type TrafficPreset,
} from '#shared/traffic-range';
import {
  daysInRange,
  isTrafficDay,
  TRAFFIC_RANGE_MAX_DAYS,
  type ExclusionReason,
} from '#shared/visit-schemas';
import { parseDay } from '../../../lib/date-format';
import { pageTitle, plural } from '../admin-format';

export interface DayPoint {
  /** 'YYYY-MM-DD', the first UTC day of the point's day or week. */
  day: string;
  count: number;
}

/** The address bar's keys for the traffic section's range. */
export const RANGE_PARAMS = { preset: 'traffic', from: 'traffic-from', to: 'traffic-to' } as const;
export const DEFAULT_PRESET: TrafficPreset = '30d';

export const PRESET_LABELS: Record<TrafficPreset, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
};

export type RangeChoice =
  { kind: 'preset'; preset: TrafficPreset; range: DayRange } | { kind: 'custom'; range: DayRange };

function isPreset(value: string | null): value is TrafficPreset {
  return (TRAFFIC_PRESETS as readonly string[]).includes(value ?? '');
}

/**
 * The range the address bar asks for: a custom one when both days are valid and within the span
 * the server accepts (a link from anywhere can set them), else a preset.
 */
export function rangeFromParams(params: URLSearchParams, now: Date): RangeChoice {
  const from = parseDay(params.get(RANGE_PARAMS.from) ?? '');
  const to = parseDay(params.get(RANGE_PARAMS.to) ?? '');
  if (
    from &&
    to &&
    isTrafficDay(from) &&
    isTrafficDay(to) &&
    from <= to &&
    daysInRange(from, to) <= TRAFFIC_RANGE_MAX_DAYS
  )
    return { kind: 'custom', range: { from, to } };
  const asked = params.get(RANGE_PARAMS.preset);
  const preset = isPreset(asked) ? asked : DEFAULT_PRESET;
  return { kind: 'preset', preset, range: presetRange(preset, utcDayOf(now.getTime())) };
}

/** The change in whole per cent, or null when there was nothing before. */
function changePercent(visits: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((visits - previous) / previous) * 100);
}

/** "+12%", "−8%", "±0%", "new" (nothing before) or "—" (nothing in either). */
export function changeText(visits: number, previous: number): string {
  const percent = changePercent(visits, previous);
  if (percent === null) return visits === 0 ? '—' : 'new';
  if (percent === 0) return '±0%';
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

/** Whether a change reads as up, down or flat (for its colour), as its text rounds it. */
export function changeTone(visits: number, previous: number): 'up' | 'down' | 'flat' {
  const percent = changePercent(visits, previous);
  if (percent === null) return visits > 0 ? 'up' : 'flat';
  return percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
}

export function pointsOf(series: readonly { start: string; visits: number }[]): DayPoint[] {
  return series.map(({ start, visits }) => ({ day: start, count: visits }));
}

const EXCLUSION_WORDS: Record<ExclusionReason, [string, string]> = {
  admin: ['visit by a logged-in admin', 'visits by logged-in admins'],
  optedOut: ['visit from a browser switched off', 'visits from browsers switched off'],
  bot: ['visit by a bot', 'visits by bots'],
  noPageLoad: ['request no page made', 'requests no page made'],
  repeat: [
    'repeat visit from an address already counted on that page that day',
    'repeat visits from addresses already counted on that page that day',
  ],
  manySources: [
    'visit from an address past its sources for the day',
    'visits from addresses past their sources for the day',
  ],
};

/** "Left out: 3 visits by logged-in admins, 12 visits by bots." or null when none were. */
export function exclusionsText(
  rows: readonly { reason: ExclusionReason; visits: number }[],
): string | null {
  const parts = rows
    .filter((row) => row.visits > 0)
    .map((row) => plural(row.visits, ...EXCLUSION_WORDS[row.reason]));
  return parts.length ? `Left out: ${parts.join(', ')}.` : null;
}

export function pageName(key: string): string {
  return pageTitle(key) ?? key;
}

/** The busiest point of a series, or null when it has no visits. */
export function busiestDay(points: readonly DayPoint[]): DayPoint | null {
  let best: DayPoint | null = null;
  for (const point of points) if (point.count > (best?.count ?? 0)) best = point;
  return best;
}
