/**
 * Calendar days as Nowou stores them, 'YYYY-MM-DD', with no time and no time zone. The arithmetic
 * goes through Date.UTC, where every day is 24 hours long, so a daylight-saving change in the
 * visitor's zone can never move a day. Only dayOf reads a local clock: it turns a moment into the
 * day it is on the visitor's own calendar.
 */

export interface CalendarDate {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  date: number;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 28..31 for a month 1..12. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return MONTH_LENGTHS[month - 1] ?? Number.NaN;
}

/** 'YYYY-MM-DD' for a real date in years 0..9999, or null (31 April, month 13, year 10000). */
export function makeDay(year: number, month: number, date: number): string | null {
  const whole = [year, month, date].every(Number.isInteger);
  if (!whole || year < 0 || year > 9999 || month < 1 || month > 12) return null;
  if (date < 1 || date > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
}

/** The parts of a 'YYYY-MM-DD' day, or null when it is not a real calendar day. */
export function parseDay(day: string): CalendarDate | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  return makeDay(year, month, date) === null ? null : { year, month, date };
}

export function isDay(day: string): boolean {
  return parseDay(day) !== null;
}

function requireDay(day: string): CalendarDate {
  const parts = parseDay(day);
  if (!parts) throw new RangeError(`not a YYYY-MM-DD calendar day: ${day}`);
  return parts;
}

function utcTime(day: string): number {
  const { year, month, date } = requireDay(day);
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, date); // setUTCFullYear, unlike Date.UTC, keeps years 0..99
  return time.getTime();
}

function dayFromUtcTime(time: number): string {
  const at = new Date(time);
  const day = makeDay(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  if (day === null) throw new RangeError('the day falls outside years 0..9999');
  return day;
}

/** The day a moment falls on in the local time zone (not UTC). */
export function dayOf(moment: Date): string {
  const day = makeDay(moment.getFullYear(), moment.getMonth() + 1, moment.getDate());
  if (day === null) throw new RangeError('not a valid date');
  return day;
}

export function addDays(day: string, count: number): string {
  return dayFromUtcTime(utcTime(day) + count * MS_PER_DAY);
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcTime(to) - utcTime(from)) / MS_PER_DAY);
}

/** 0 = Sunday .. 6 = Saturday, as Date.getDay counts. */
export function weekdayOf(day: string): number {
  return new Date(utcTime(day)).getUTCDay();
}
