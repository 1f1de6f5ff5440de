import { expect, test } from 'vitest';
import { layoutValuesFor } from '#shared/layout';
import { embeddedFromSearch, searchWithoutEmbedded } from './embedded-mode';
import { layoutCssProperties } from './layout-style';
import { SCREEN_QUERIES, screenClassFromQueries } from './screen-queries';

/** Evaluates the queries the way a browser window of `width` px would. */
function windowOf(width: number) {
  return (query: string) => {
    const limit = Number(/<= (\d+)px/.exec(query)?.[1]);
    return width <= limit;
  };
}

test.each([
  [320, 'thin-mobile'],
  [495, 'thin-mobile'],
  [496, 'mobile'],
  [755, 'mobile'],
  [756, 'tablet'],
  [1040, 'tablet'],
  [1041, 'desktop'],
  [1920, 'desktop'],
] as const)('the media queries put a %i px window in %s', (width, expected) => {
  expect(screenClassFromQueries(windowOf(width))).toBe(expected);
});

test('the queries use the screen-size breakpoints', () => {
  expect(Object.values(SCREEN_QUERIES)).toEqual([
    '(width <= 495px)',
    '(width <= 755px)',
    '(width <= 1040px)',
  ]);
});

test('?embedded=1 turns embedded mode on, ?embedded=0 off, anything else leaves it', () => {
  expect(embeddedFromSearch('?embedded=1')).toBe(true);
  expect(embeddedFromSearch('?a=b&embedded=0')).toBe(false);
  expect(embeddedFromSearch('')).toBe(null);
  expect(embeddedFromSearch('?embedded=yes')).toBe(null);
});

test('leaving embedded mode drops only the switch from the query', () => {
  expect(searchWithoutEmbedded('?embedded=1')).toBe('');
  expect(searchWithoutEmbedded('?a=b&embedded=1&c=d')).toBe('?a=b&c=d');
});

test('layout values become the CSS custom properties the app root carries', () => {
  expect(
    layoutCssProperties(layoutValuesFor({ screen: 'desktop', hideLayout: false, embedded: true })),
  ).toEqual({
    '--header-height': '135px',
    '--navigation-width': '21vw',
    '--top-menu-bar-height': '30px',
    '--hide-layout-left': '50px',
    '--hide-layout-top': '30px',
  });
  expect(
    layoutCssProperties(layoutValuesFor({ screen: 'mobile', hideLayout: true, embedded: false })),
  ).toEqual({
    '--header-height': '0px',
    '--navigation-width': '0vw',
    '--top-menu-bar-height': '0px',
    '--hide-layout-left': '0px',
    '--hide-layout-top': '0px',
  });
});
