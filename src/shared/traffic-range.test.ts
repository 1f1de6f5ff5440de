import { expect, test } from 'vitest';
import { bucketOf, bucketStarts, presetRange, previousRange } from './traffic-range';

test('the previous period has the same length and ends the day before', () => {
  expect(previousRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
    from: '2026-10-02',
    to: '2026-10-31',
  });
  expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
    from: '2026-02-28',
    to: '2026-02-28',
  });
});

test('the presets end today; 12 months start the day after the same date a year before', () => {
  expect(presetRange('7d', '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  expect(presetRange('90d', '2026-11-27').from).toBe('2026-08-30');
  expect(presetRange('12m', '2026-11-27')).toEqual({ from: '2025-11-28', to: '2026-11-27' });
});

test('up to 90 days is per day; longer is per week from Monday', () => {
  const quarter = presetRange('90d', '2026-11-27');
  expect(bucketOf(quarter)).toBe('day');
  expect(bucketStarts(quarter, 'day')).toHaveLength(90);
  const year = presetRange('12m', '2026-11-27');
  expect(bucketOf(year)).toBe('week');
  const weeks = bucketStarts(year, 'week');
  expect(weeks[0]).toBe('2025-11-24'); // the Monday of 28 Nov 2025's week
  expect(weeks.at(-1)).toBe('2026-11-23');
  expect(weeks.every((start) => new Date(`${start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
});

test('bucket starts are counted in days: a range at the end of year 9999 ends, bounded', () => {
  expect(bucketStarts({ from: '9999-12-31', to: '9999-12-31' }, 'day')).toEqual(['9999-12-31']);
  expect(bucketStarts({ from: '9999-12-25', to: '9999-12-31' }, 'week')).toHaveLength(2);
  expect(bucketStarts({ from: '2000-01-01', to: '9999-12-31' }, 'day').length).toBeLessThan(1200);
  expect(bucketStarts({ from: '2026-03-02', to: '2026-03-01' }, 'day')).toEqual([]);
});
