import { expect, test } from 'vitest';
import { landingSource, shouldCountVisit, type VisitState } from './visit-counter';

const firstVisit: VisitState = { visibility: 'visible', sessions: {} };

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

test('the landing source is another site that sent the visitor, and the campaign name', () => {
  expect(landingSource('https://news.example.org/a?b=c', 'https://site.test/music')).toEqual({
    referrer: 'https://news.example.org/a?b=c',
  });
  expect(
    landingSource('https://site.test/about', 'https://site.test/music?utm_source=mail'),
  ).toEqual({ utmSource: 'mail' });
  expect(landingSource('', 'https://site.test/')).toEqual({});
});
