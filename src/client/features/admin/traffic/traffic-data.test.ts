import { expect, test } from 'vitest';
import { changeText, changeTone, exclusionsText, rangeFromParams } from './traffic-data';

const NOW = new Date('2026-11-27T10:00:00Z');

test('the address bar names a preset or a custom range; anything else is the last 30 days', () => {
  expect(rangeFromParams(new URLSearchParams('traffic=7d'), NOW)).toEqual({
    kind: 'preset',
    preset: '7d',
    range: { from: '2026-11-21', to: '2026-11-27' },
  });
  expect(
    rangeFromParams(new URLSearchParams('traffic-from=2026-09-01&traffic-to=2026-09-30'), NOW),
  ).toEqual({ kind: 'custom', range: { from: '2026-09-01', to: '2026-09-30' } });
  for (const bad of [
    'traffic=5y',
    'traffic-from=2026-09-30&traffic-to=2026-09-01',
    '',
    'traffic-from=9999-12-31&traffic-to=9999-12-31',
    'traffic-from=1999-12-31&traffic-to=2000-01-02',
  ])
    expect(rangeFromParams(new URLSearchParams(bad), NOW)).toMatchObject({
      kind: 'preset',
      preset: '30d',
      range: { from: '2026-10-29', to: '2026-11-27' },
    });
});

test('a change reads as a signed percentage, new, or nothing', () => {
  expect(changeText(112, 100)).toBe('+12%');
  expect(changeText(92, 100)).toBe('−8%');
  expect(changeText(100, 100)).toBe('±0%');
  expect(changeText(5, 0)).toBe('new');
  expect(changeText(0, 0)).toBe('—');
  // The colour follows the text: a change that rounds to nothing is flat.
  expect(changeTone(3531, 3539)).toBe('flat');
  expect(changeTone(92, 100)).toBe('down');
  expect(changeTone(5, 0)).toBe('up');
});

test('left-out visits read in words, by reason, and not at all when none were', () => {
  expect(
    exclusionsText([
      { reason: 'admin', visits: 1 },
      { reason: 'optedOut', visits: 0 },
      { reason: 'bot', visits: 12 },
      { reason: 'noPageLoad', visits: 2 },
    ]),
  ).toBe('Left out: 1 visit by a logged-in admin, 12 visits by bots, 2 requests no page made.');
  expect(exclusionsText([{ reason: 'bot', visits: 0 }])).toBeNull();
});
