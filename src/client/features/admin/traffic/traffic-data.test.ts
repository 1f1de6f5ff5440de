import { expect, test } from 'vitest';
import { PAGE_KEYS } from '#shared/page-keys';
import { TRAFFIC_DAYS, type TrafficResponse } from '#shared/visit-schemas';
import { busiestDay, dailySeries, totalOf, trafficRows, windowDays } from './traffic-data';

const TRAFFIC: TrafficResponse = {
  sessions: { home: { count: 12 }, music: { count: 5 }, art: { count: 5 } },
  daily: [
    { day: '2026-11-19', page: 'home', count: 2 },
    { day: '2026-11-21', page: 'home', count: 3 },
    { day: '2026-11-21', page: 'music', count: 4 },
  ],
};

test('the table lists every page key, zeros included, most visited first, ties by title', () => {
  const rows = trafficRows(TRAFFIC);
  expect(rows).toHaveLength(PAGE_KEYS.length);
  expect(rows.slice(0, 3).map((row) => row.key)).toEqual(['home', 'art', 'music']);
  expect(rows.slice(3).every((row) => row.count === 0)).toBe(true);
  expect(totalOf(rows)).toBe(22);
});

test('the daily series covers the whole window with zeros on quiet days, per page or in all', () => {
  const days = windowDays(TRAFFIC, new Date('2026-11-21T23:30:00Z'));
  expect(days).toHaveLength(TRAFFIC_DAYS);
  expect(days.at(-1)).toBe('2026-11-21');
  expect(days[0]).toBe('2026-08-24');
  const all = dailySeries(TRAFFIC, days, null);
  expect(all.slice(-3)).toEqual([
    { day: '2026-11-19', count: 2 },
    { day: '2026-11-20', count: 0 },
    { day: '2026-11-21', count: 7 },
  ]);
  expect(totalOf(dailySeries(TRAFFIC, days, 'music'))).toBe(4);
  expect(busiestDay(all)).toEqual({ day: '2026-11-21', count: 7 });
  expect(busiestDay(dailySeries(TRAFFIC, days, 'art'))).toBeNull();
});

test('a server clock ahead of the browser moves the window to its newest day', () => {
  const days = windowDays(TRAFFIC, new Date('2026-11-20T12:00:00Z'));
  expect(days.at(-1)).toBe('2026-11-21');
});
