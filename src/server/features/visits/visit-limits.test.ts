/**
 * The in-memory visit limit: exactly the limit per address in a window, the previous window still
 * weighing at the start of the next, and a bounded number of addresses followed.
 */
import { expect, test } from 'vitest';
import { createVisitLimits, MAX_TRACKED_ADDRESSES } from './visit-limits';

const RULE = { name: 'visits:test', limit: 7, windowMs: 60_000 };
/** A minute's start, far from any real clock. */
const MINUTE = Date.UTC(2026, 0, 5, 10, 0);
const at = (ms: number) => new Date(MINUTE + ms);

test('an address gets exactly its limit in a window; the next is refused with a wait, others go on', () => {
  const limits = createVisitLimits(RULE);
  const allowed = Array.from({ length: 10 }, () => limits.hit('198.51.100.30', at(1_000)).allowed);
  expect(allowed).toEqual([...Array<boolean>(7).fill(true), ...Array<boolean>(3).fill(false)]);
  expect(limits.hit('198.51.100.30', at(1_000)).retryAfterSeconds).toBeGreaterThan(0);
  expect(limits.hit('198.51.100.31', at(1_000)).allowed).toBe(true);
});

test("the last window's visits still weigh at the start of the next, less as it goes on", () => {
  const limits = createVisitLimits(RULE);
  for (let i = 0; i < RULE.limit; i++) limits.hit('198.51.100.40', at(59_000));
  // Just after the boundary the previous window counts almost whole: over the limit.
  const early = limits.hit('198.51.100.40', at(60_500));
  expect(early.allowed).toBe(false);
  expect(early.retryAfterSeconds).toBeGreaterThan(0);
  // Near the end of the next window it has all but faded.
  expect(limits.hit('198.51.100.40', at(119_000)).allowed).toBe(true);
  // Two windows later nothing of it is left: the full limit again.
  const later = Array.from({ length: RULE.limit }, () => limits.hit('198.51.100.40', at(180_500)));
  expect(later.every((hit) => hit.allowed)).toBe(true);
});

test('past the addresses one window may follow, a new one is refused until the next window', () => {
  const limits = createVisitLimits(RULE);
  for (let i = 0; i < MAX_TRACKED_ADDRESSES; i++) limits.hit(`a${i}`, at(1_000));
  expect(limits.hit('198.51.100.50', at(2_000)).allowed).toBe(false);
  // An address already followed still counts.
  expect(limits.hit('a1', at(2_000)).allowed).toBe(true);
  expect(limits.hit('198.51.100.50', at(61_000)).allowed).toBe(true);
});
