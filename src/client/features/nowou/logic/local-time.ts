/**
 * Local wall-clock time, pure: a time of day on a calendar day as a moment and back, the moments
 * as the records store them (ISO with the visitor's offset), 'HH:MM', and a to-do's block moved to
 * another day at the same time. The to-dos, the timeline and the app's lists share these.
 */
import type { Todo } from '#shared/nowou-records';
import { dayOf, parseDay } from './calendar-day';

type Schedule = NonNullable<Todo['schedule']>;

/** The moment (ms) of a local wall-clock time on a day; 1440 minutes is the next midnight. */
export function atMinutes(day: string, minutes: number): number {
  const parts = parseDay(day);
  if (!parts) throw new RangeError(`not a day: ${day}`);
  return new Date(parts.year, parts.month - 1, parts.date, 0, minutes).getTime();
}

/** Local wall-clock minutes since midnight of a moment. */
export function wallMinutes(ms: number): number {
  const at = new Date(ms);
  return at.getHours() * 60 + at.getMinutes() + at.getSeconds() / 60;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:MM:SS+HH:MM' in the visitor's zone, as the records store times. */
export function toLocalIso(ms: number): string {
  const at = new Date(ms);
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${dayOf(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** 'HH:MM' of minutes since midnight (1440 reads 24:00). */
export function hhmm(minutes: number): string {
  const whole = Math.round(minutes);
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** Minutes since midnight of 'HH:MM', or null. */
export function parseHhmm(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The schedule moved to `day`, at the same wall-clock start and for the same length. */
export function scheduleOnDay(schedule: Schedule, day: string): Schedule {
  const start = Date.parse(schedule.start);
  if (dayOf(new Date(start)) === day) return schedule;
  const length = Date.parse(schedule.end) - start;
  const from = atMinutes(day, Math.floor(wallMinutes(start)));
  return { ...schedule, start: toLocalIso(from), end: toLocalIso(from + length) };
}
