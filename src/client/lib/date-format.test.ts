import { expect, test } from 'vitest';
import {
  formatAgo,
  formatClock,
  formatClockRange,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayTick,
  formatPlanDate,
  formatPlanDay,
  formatWeekday,
  formatWeekdayClock,
  parseDay,
} from './date-format';

test('times read like "21 Nov 2026, 14:02" in local time, and days like "5 Sep 2026"', () => {
  expect(formatDateTime(new Date(2026, 10, 21, 14, 2).toISOString())).toBe('21 Nov 2026, 14:02');
  expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe('5 Jan 2026, 09:07');
  expect(formatDateTime('not a date')).toBe('not a date');
  expect(formatDay('2026-09-05')).toBe('5 Sep 2026');
});

test('dates read like "29 Nov 2026" in local time', () => {
  expect(formatDate(new Date(2026, 10, 29, 23, 59).toISOString())).toBe('29 Nov 2026');
  expect(formatDate(new Date(2026, 0, 5, 0, 1).toISOString())).toBe('5 Jan 2026');
  expect(formatDate('not a date')).toBe('not a date');
});

test('a day typed the way the site writes it, or as YYYY-MM-DD, reads back as YYYY-MM-DD', () => {
  expect(parseDay(formatDay('2026-09-05'))).toBe('2026-09-05');
  expect(parseDay(' 26 nov 2026 ')).toBe('2026-11-26');
  expect(parseDay('26 November 2026')).toBe('2026-11-26');
  expect(parseDay('2026-11-26')).toBe('2026-11-26');
  for (const text of ['', '31 Feb 2026', '26 Nox 2026', '11/26/2026', '2026-13-01', 'soon'])
    expect(parseDay(text), text).toBeNull();
});

test('how long ago reads in minutes, hours, then days', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  expect(formatAgo('2026-11-27T11:59:40Z', now)).toBe('just now');
  expect(formatAgo('2026-11-27T11:55:00Z', now)).toBe('5 min ago');
  expect(formatAgo('2026-11-27T09:00:00Z', now)).toBe('3 h ago');
  expect(formatAgo('2026-11-26T11:00:00Z', now)).toBe('1 day ago');
  expect(formatAgo('2026-11-20T12:00:00Z', now)).toBe('7 days ago');
});

test("times are on the 24-hour clock with two-digit hours, whatever the browser's locale", () => {
  expect(formatClock(new Date(2026, 10, 27, 14, 30))).toBe('14:30');
  expect(formatClock(new Date(2026, 10, 27, 9, 5).getTime())).toBe('09:05');
  expect(formatClock(new Date(2026, 10, 27, 0, 0).toISOString())).toBe('00:00');
  expect(formatClock('not a time')).toBe('');
  const start = new Date(2026, 10, 27, 10, 0);
  expect(formatClockRange(start, new Date(2026, 10, 27, 23, 30))).toBe('10:00 – 23:30');
  expect(formatWeekdayClock(new Date(2026, 10, 24, 10, 0))).toBe('Tue 10:00');
});

test('a day to plan reads "Fri 27 Nov" in the current year and "27 Nov 2027" in any other', () => {
  const now = new Date(2026, 10, 27, 12, 0);
  expect(formatPlanDate(new Date(2026, 10, 27, 23, 59), now)).toBe('Fri 27 Nov');
  expect(formatPlanDate(new Date(2026, 0, 1, 0, 0).getTime(), now)).toBe('Thu 1 Jan');
  expect(formatPlanDate(new Date(2027, 0, 4, 9, 0), now)).toBe('4 Jan 2027');
  expect(formatPlanDate(new Date(2025, 11, 31, 9, 0), now)).toBe('31 Dec 2025');
  expect(formatPlanDate('not a time', now)).toBe('');
  expect(formatPlanDay('2026-11-30', now)).toBe('Mon 30 Nov');
  expect(formatPlanDay('2027-09-05', now)).toBe('5 Sep 2027');
  expect(formatPlanDay('someday', now)).toBe('someday');
});

test('September is "Sep" and the afternoon is 14:30 (Intl would write "Sept" or "2:30 PM")', () => {
  const at = new Date(2026, 8, 5, 14, 30);
  expect(formatDateTime(at.toISOString())).toBe('5 Sep 2026, 14:30');
  expect(formatPlanDate(at, at)).toBe('Sat 5 Sep');
});

test('weekdays are "Mon" to "Sun" counted from Sunday = 0, and a chart marks days by year, month or date', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(formatWeekday).join(' ')).toBe('Sun Mon Tue Wed Thu Fri Sat');
  expect(formatDayTick('2026-09-05', 'year')).toBe('2026');
  expect(formatDayTick('2026-09-05', 'month')).toBe('Sep');
  expect(formatDayTick('2026-09-05', 'date')).toBe('5');
  expect(formatDayTick('soon', 'date')).toBe('');
});
