import { expect, test } from 'vitest';
import { ASSISTANT_MESSAGES, ASSISTANT_TEXT_MAX } from '#shared/assistant-schemas';
import { PAGE_KEYS } from '#shared/page-keys';
import { TRAFFIC_DAYS, type TrafficResponse } from '#shared/visit-schemas';
import { formatDateTime, formatDay, pageLabel, pageTitle } from './admin-format';
import { checkMessage } from './AssistantComposer';
import { busiestDay, dailySeries, totalOf, trafficRows, windowDays } from './traffic-data';

test('every page key has a human title, and unknown keys show as themselves', () => {
  for (const key of PAGE_KEYS) expect(pageTitle(key), key).toBeTruthy();
  expect(pageTitle('resetPassword')).toBe('Reset password');
  expect(pageTitle('lokalaJobbAvregistreraMail')).toBe('Avregistrera mail');
  expect(pageLabel('music')).toBe('Music (music)');
  expect(pageTitle('somewhereElse')).toBeNull();
  expect(pageLabel('somewhereElse')).toBe('somewhereElse');
});

test('times read like "21 Nov 2026, 14:02" in local time, and days like "5 Sep 2026"', () => {
  expect(formatDateTime(new Date(2026, 10, 21, 14, 2).toISOString())).toBe('21 Nov 2026, 14:02');
  expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe('5 Jan 2026, 09:07');
  expect(formatDateTime('not a date')).toBe('not a date');
  expect(formatDay('2026-09-05')).toBe('5 Sep 2026');
});

test('the composer finds the same first problem as the server, with its field', () => {
  expect(checkMessage('  ', ['home'])).toEqual({
    field: 'text',
    message: ASSISTANT_MESSAGES.textMissing,
  });
  expect(checkMessage('x'.repeat(ASSISTANT_TEXT_MAX + 1), ['home'])).toEqual({
    field: 'text',
    message: ASSISTANT_MESSAGES.textTooLong,
  });
  expect(checkMessage('Hello', [])).toEqual({
    field: 'pages',
    message: ASSISTANT_MESSAGES.pagesMissing,
  });
  expect(checkMessage('Hello', ['home', 'nowhere'])).toEqual({
    field: 'pages',
    message: ASSISTANT_MESSAGES.unknownPage,
  });
  expect(checkMessage('Hello', ['home', 'music'])).toBeNull();
});

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
