import { expect, test } from 'vitest';
import { isTheme, otherTheme, settingsWithTheme } from './theme';

test('the toggle flips between light and dark', () => {
  expect(otherTheme('light')).toBe('dark');
  expect(otherTheme('dark')).toBe('light');
});

test('only light and dark are themes', () => {
  expect(isTheme('light')).toBe(true);
  expect(isTheme('dark')).toBe(true);
  expect(isTheme('sepia')).toBe(false);
  expect(isTheme(null)).toBe(false);
});

test('the first save stamps createdAt', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  expect(settingsWithTheme(null, 'dark', now)).toEqual({
    createdAt: '2026-11-21T10:00:00.000Z',
    theme: 'dark',
  });
});

test('later saves keep createdAt and change only the theme', () => {
  const now = new Date('2026-12-01T10:00:00.000Z');
  expect(
    settingsWithTheme({ createdAt: '2026-11-21T10:00:00.000Z', theme: 'dark' }, 'light', now),
  ).toEqual({
    createdAt: '2026-11-21T10:00:00.000Z',
    theme: 'light',
  });
});
