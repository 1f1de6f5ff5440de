import { expect, test } from 'vitest';
import { atMinutes, hhmm, parseHhmm, toLocalIso, wallMinutes } from './local-time';

test('HH:MM both ways', () => {
  expect(hhmm(615)).toBe('10:15');
  expect(parseHhmm('9:05')).toBe(545);
  expect(parseHhmm('24:00')).toBeNull();
});

test('local times round-trip through ISO with offset', () => {
  const at = atMinutes('2026-05-07', 10 * 60 + 15);
  const iso = toLocalIso(at);
  expect(iso).toMatch(/^2026-05-07T10:15:00[+-]\d{2}:\d{2}$/);
  expect(Date.parse(iso)).toBe(at);
  expect(wallMinutes(at)).toBe(615);
  expect(atMinutes('2026-05-07', 1440)).toBe(atMinutes('2026-05-08', 0));
});
