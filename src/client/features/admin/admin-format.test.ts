import { expect, test } from 'vitest';
import { PAGE_KEYS } from '#shared/page-keys';
import { formatDateTime, formatDay, pageLabel, pageTitle } from './admin-format';

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
