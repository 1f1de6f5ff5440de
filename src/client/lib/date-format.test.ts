import { expect, test } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './date-format';

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
