/**
 * The in-memory memory of visits counted today: an address once per page and UTC day, a few sources
 * per address and day, forgotten when the day turns.
 */
import { expect, test } from 'vitest';
import { createVisitRepeats, SOURCES_PER_ADDRESS } from './visit-repeats';

const DAY = Date.UTC(2026, 0, 5);
const at = (hours: number) => new Date(DAY + hours * 3_600_000);

test('an address counts once per page and day; other pages, other addresses and the next day count', () => {
  const repeats = createVisitRepeats();
  expect(repeats.check('198.51.100.1', 'home', 'Direct', at(1))).toBeNull();
  expect(repeats.check('198.51.100.1', 'home', 'Direct', at(2))).toBe('repeat');
  expect(repeats.check('198.51.100.1', 'home', 'news.example.org', at(3))).toBe('repeat');
  expect(repeats.check('198.51.100.1', 'music', 'Direct', at(3))).toBeNull();
  expect(repeats.check('198.51.100.2', 'home', 'Direct', at(3))).toBeNull();
  expect(repeats.check('198.51.100.1', 'home', 'Direct', at(24))).toBeNull();
  expect(repeats.check('198.51.100.1', 'home', 'Direct', at(25))).toBe('repeat');
});

test('an address brings a few sources a day; Direct and a source it brought before still count', () => {
  const repeats = createVisitRepeats();
  const pages = ['home', 'about', 'art', 'music', 'support', 'contact', 'purchase'];
  const verdicts = pages
    .slice(0, SOURCES_PER_ADDRESS + 2)
    .map((page, index) => repeats.check('2001:db8:1:2::/64', page, `src-${index}`, at(1)));
  expect(verdicts).toEqual([
    ...Array<null>(SOURCES_PER_ADDRESS).fill(null),
    'manySources',
    'manySources',
  ]);
  expect(repeats.check('2001:db8:1:2::/64', 'contact', 'Direct', at(1))).toBeNull();
  expect(repeats.check('2001:db8:1:2::/64', 'purchase', 'src-0', at(1))).toBeNull();
  // A page left out for its source was not counted: with a source it may bring, it counts.
  expect(
    repeats.check('2001:db8:1:2::/64', pages[SOURCES_PER_ADDRESS]!, 'src-1', at(1)),
  ).toBeNull();
  // Another address, and the next day, start again.
  expect(repeats.check('2001:db8:1:3::/64', 'home', 'src-9', at(1))).toBeNull();
  expect(repeats.check('2001:db8:1:2::/64', 'home', 'src-8', at(30))).toBeNull();
});

test('many addresses and pages in a day: hardly any taken for a repeat by a collision', () => {
  const repeats = createVisitRepeats();
  let leftOut = 0;
  for (let address = 0; address < 20_000; address++) {
    for (const page of ['home', 'about', 'art', 'music', 'nowou']) {
      if (repeats.check(`10.${address >> 8}.${address & 255}.1`, page, 'Direct', at(5))) leftOut++;
    }
  }
  // About one in a million is expected at this many pairs; the seed is random per process.
  expect(leftOut).toBeLessThan(10);
});
