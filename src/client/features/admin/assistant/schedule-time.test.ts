import { expect, test } from 'vitest';
import { localIso, localParts, parseTimeOfDay } from './schedule-time';

test('a time of day reads as hours and minutes', () => {
  expect(parseTimeOfDay('14:30')).toEqual([14, 30]);
  expect(parseTimeOfDay(' 9.05 ')).toEqual([9, 5]);
  for (const bad of ['24:00', '12:60', '2pm', '', '1430']) expect(parseTimeOfDay(bad)).toBeNull();
});

test('a local day and time go to ISO and back', () => {
  const iso = localIso('26 Nov 2026', '14:30');
  expect(iso).toBe(new Date(2026, 10, 26, 14, 30).toISOString());
  expect(localParts(iso!)).toEqual({ day: '2026-11-26', time: '14:30' });
  expect(localIso('26 Nov 2026', 'soon')).toBeNull();
  expect(localIso('someday', '14:30')).toBeNull();
});
