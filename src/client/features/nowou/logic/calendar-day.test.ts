import { afterEach, expect, test } from 'vitest';
import {
  addDays,
  dayOf,
  daysBetween,
  daysInMonth,
  isDay,
  makeDay,
  parseDay,
  weekdayOf,
} from './calendar-day';

const zoneAtStart = process.env.TZ;
afterEach(() => {
  if (zoneAtStart === undefined) delete process.env.TZ;
  else process.env.TZ = zoneAtStart;
});

test('only real calendar days are days', () => {
  expect(makeDay(2026, 12, 3)).toBe('2026-12-03');
  expect(makeDay(7, 1, 9)).toBe('0007-01-09');
  expect(makeDay(2026, 4, 31)).toBeNull();
  expect(makeDay(2026, 13, 1)).toBeNull();
  expect(makeDay(2026, 0, 1)).toBeNull();
  expect(makeDay(2026, 1, 0)).toBeNull();
  expect(makeDay(10_000, 1, 1)).toBeNull();
  expect(makeDay(2026, 1.5, 1)).toBeNull();
  expect(isDay('2028-02-29')).toBe(true);
  expect(isDay('2027-02-29')).toBe(false);
  expect(isDay('1900-02-29')).toBe(false);
  expect(isDay('2000-02-29')).toBe(true);
  expect(isDay('2026-1-05')).toBe(false);
  expect(isDay('2026-01-05T00:00')).toBe(false);
  expect(parseDay('2026-09-05')).toEqual({ year: 2026, month: 9, date: 5 });
});

test('month lengths follow the Gregorian leap years', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([
    31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
  ]);
  expect(daysInMonth(2028, 2)).toBe(29);
  expect(daysInMonth(2100, 2)).toBe(28);
  expect(daysInMonth(2400, 2)).toBe(29);
});

test('adding days crosses months, years and leap days', () => {
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  expect(daysBetween('2026-12-01', '2027-01-01')).toBe(31);
  expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
});

test('weekdays count from Sunday as 0', () => {
  expect(weekdayOf('2026-12-06')).toBe(0);
  expect(weekdayOf('2026-12-04')).toBe(5);
  expect(weekdayOf('2000-01-01')).toBe(6);
});

test('a moment is on the local calendar day, in any time zone', () => {
  for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'Europe/Stockholm', 'UTC']) {
    process.env.TZ = zone;
    expect(dayOf(new Date(2026, 11, 4, 23, 59))).toBe('2026-12-04');
    expect(dayOf(new Date(2026, 11, 5, 0, 1))).toBe('2026-12-05');
    expect(dayOf(new Date(2026, 2, 29, 12, 0))).toBe('2026-03-29');
  }
  // 11:00 on 4 December in Auckland is still 3 December in UTC.
  process.env.TZ = 'Pacific/Auckland';
  const morning = new Date(2026, 11, 4, 11, 0);
  expect(morning.toISOString().slice(0, 10)).toBe('2026-12-03');
  expect(dayOf(morning)).toBe('2026-12-04');
});
