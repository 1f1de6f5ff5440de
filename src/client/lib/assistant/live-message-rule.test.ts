import { expect, test } from 'vitest';
import { TYPING_DELAY_MIN_MS } from '#shared/timing';
import { isUnseen, typingDelayMs, viewedTimeAfter } from './live-message-rule';

const message = (createdAtUTC: string) => ({ id: 'm', text: 'Hi', pages: ['home'], createdAtUTC });

test('a message never viewed, or newer than the last viewed time, is unseen', () => {
  expect(isUnseen(message('2026-11-22T10:00:00.000Z'), null)).toBe(true);
  expect(isUnseen(message('2026-11-22T10:00:00.001Z'), '2026-11-22T10:00:00.000Z')).toBe(true);
});

test('a message as old as or older than the last viewed time is seen', () => {
  expect(isUnseen(message('2026-11-22T10:00:00.000Z'), '2026-11-22T10:00:00.000Z')).toBe(false);
  expect(isUnseen(message('2026-11-21T10:00:00.000Z'), '2026-11-22T10:00:00.000Z')).toBe(false);
});

test('an unreadable stored time counts as never viewed; an unreadable message time as seen', () => {
  expect(isUnseen(message('2026-11-22T10:00:00.000Z'), 'yesterday')).toBe(true);
  expect(isUnseen(message('soon'), '2026-11-22T10:00:00.000Z')).toBe(false);
});

test('the recorded time is the shown message’s time and never goes back', () => {
  expect(viewedTimeAfter(message('2026-11-22T10:00:00.000Z'), null)).toBe(
    '2026-11-22T10:00:00.000Z',
  );
  expect(viewedTimeAfter(message('2026-11-22T10:00:00.000Z'), '2026-11-23T00:00:00.000Z')).toBe(
    '2026-11-23T00:00:00.000Z',
  );
});

test('typing takes about 24 ms a character, speeds up for long texts, never below the minimum', () => {
  expect(typingDelayMs(20, TYPING_DELAY_MIN_MS)).toBe(24);
  expect(typingDelayMs(200, TYPING_DELAY_MIN_MS)).toBe(20);
  expect(typingDelayMs(500, TYPING_DELAY_MIN_MS)).toBe(TYPING_DELAY_MIN_MS);
  expect(typingDelayMs(0, TYPING_DELAY_MIN_MS)).toBe(TYPING_DELAY_MIN_MS);
});
