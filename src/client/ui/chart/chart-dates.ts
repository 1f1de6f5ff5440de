/**
 * Every chart's days in the site's words ("27 Nov 2026" under the crosshair, "Nov" and "27" on the
 * axis) instead of the library's Intl dates; set once when a chart is made (no palette in them).
 */
import { TickMarkType, type ChartOptions, type DeepPartial, type Time } from 'lightweight-charts';
import { formatDay, formatDayTick } from '../../lib/date-format';

/** The chart's time back as 'YYYY-MM-DD' (it hands days to its formatters as objects). */
function dayOfTime(time: Time): string {
  if (typeof time === 'string') return time;
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
}

/** The axis marks the days in the site's words (the chart's own follow Intl): "2026", "Nov", "27". */
function tickMark(time: Time, type: TickMarkType): string {
  const mark = type === TickMarkType.Year ? 'year' : type === TickMarkType.Month ? 'month' : 'date';
  return formatDayTick(dayOfTime(time), mark);
}

export const DATE_OPTIONS = {
  localization: { locale: 'en-US', timeFormatter: (time: Time) => formatDay(dayOfTime(time)) },
  timeScale: { tickMarkFormatter: tickMark },
} satisfies DeepPartial<ChartOptions>;
