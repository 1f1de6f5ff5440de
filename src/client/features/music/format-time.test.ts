import { expect, test } from 'vitest';
import { formatTime } from './format-time';

test('minutes and zero-padded seconds', () => {
  expect(formatTime(0)).toBe('0:00');
  expect(formatTime(5)).toBe('0:05');
  expect(formatTime(65)).toBe('1:05');
  expect(formatTime(600)).toBe('10:00');
});

test('partial seconds round down, so a track never shows more than has played', () => {
  expect(formatTime(34.04)).toBe('0:34');
  expect(formatTime(59.999)).toBe('0:59');
});

test('hours appear only when needed', () => {
  expect(formatTime(3599)).toBe('59:59');
  expect(formatTime(3725)).toBe('1:02:05');
});

test('an unknown or negative time reads as zero', () => {
  expect(formatTime(Number.NaN)).toBe('0:00');
  expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  expect(formatTime(-3)).toBe('0:00');
});
