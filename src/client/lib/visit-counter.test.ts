import { expect, test } from 'vitest';
import { shouldCountVisit, type VisitState } from './visit-counter';

const firstVisit: VisitState = { visibility: 'visible', sessions: {}, blockSessions: false };

test('the first visit to a page in the session counts', () => {
  expect(shouldCountVisit('home', firstVisit)).toBe(true);
  expect(
    shouldCountVisit('about', {
      ...firstVisit,
      sessions: { home: { startedAt: '2026-11-21T10:00:00.000Z' } },
    }),
  ).toBe(true);
});

test('a hidden tab does not count (yet)', () => {
  expect(shouldCountVisit('home', { ...firstVisit, visibility: 'hidden' })).toBe(false);
});

test('a page already in the session record does not count again', () => {
  expect(
    shouldCountVisit('home', {
      ...firstVisit,
      sessions: { home: { startedAt: '2026-11-21T10:00:00.000Z' } },
    }),
  ).toBe(false);
});

test('nothing counts while sessions are blocked by setting', () => {
  expect(shouldCountVisit('home', { ...firstVisit, blockSessions: true })).toBe(false);
});
