import { expect, test } from 'vitest';
import {
  HEADER_HEIGHT_MOBILE,
  HEADER_HEIGHT_WIDE,
  HIDE_LAYOUT_LEFT_EMBEDDED,
  layoutValuesFor,
  NAVIGATION_WIDTH_DESKTOP,
  SCREEN_CLASSES,
  screenClassFor,
  TOP_MENU_BAR_HEIGHT_EMBEDDED,
  type ScreenClass,
} from './layout';

test('the layout constants are the documented numbers', () => {
  expect(HEADER_HEIGHT_MOBILE).toBe(280);
  expect(HEADER_HEIGHT_WIDE).toBe(135);
  expect(NAVIGATION_WIDTH_DESKTOP).toBe(21);
  expect(TOP_MENU_BAR_HEIGHT_EMBEDDED).toBe(30);
  expect(HIDE_LAYOUT_LEFT_EMBEDDED).toBe(50);
});

test.each([
  [0, 'thin-mobile'],
  [320, 'thin-mobile'],
  [495, 'thin-mobile'],
  [496, 'mobile'],
  [755, 'mobile'],
  [756, 'tablet'],
  [1040, 'tablet'],
  [1041, 'desktop'],
  [1920, 'desktop'],
] as const)('a window %i px wide is %s', (width, expected) => {
  expect(screenClassFor(width)).toBe(expected);
});

test('exactly one screen class applies to every width', () => {
  for (let width = 0; width <= 2000; width += 1) {
    expect(SCREEN_CLASSES).toContain(screenClassFor(width));
  }
});

const headerFor: Record<ScreenClass, number> = {
  'thin-mobile': 280,
  mobile: 280,
  tablet: 135,
  desktop: 135,
};

test.each(SCREEN_CLASSES)(
  '%s: header height and navigation width with the layout shown',
  (screen) => {
    const values = layoutValuesFor({ screen, hideLayout: false, embedded: false });
    expect(values.headerHeight).toBe(headerFor[screen]);
    expect(values.navigationWidth).toBe(screen === 'desktop' ? 21 : 0);
  },
);

test.each(SCREEN_CLASSES)('%s: hide-layout zeroes the header and the navigation', (screen) => {
  const values = layoutValuesFor({ screen, hideLayout: true, embedded: false });
  expect(values.headerHeight).toBe(0);
  expect(values.navigationWidth).toBe(0);
});

test.each(SCREEN_CLASSES)(
  '%s: outside embedded mode there is no top menu bar and no offset',
  (screen) => {
    for (const hideLayout of [false, true]) {
      const values = layoutValuesFor({ screen, hideLayout, embedded: false });
      expect(values.topMenuBarHeight).toBe(0);
      expect(values.hideLayoutButtonTop).toBe(0);
      expect(values.hideLayoutButtonLeft).toBe(0);
    }
  },
);

test.each(SCREEN_CLASSES)(
  '%s: embedded mode adds the 30 px bar and moves the hide-layout button',
  (screen) => {
    for (const hideLayout of [false, true]) {
      const values = layoutValuesFor({ screen, hideLayout, embedded: true });
      expect(values.topMenuBarHeight).toBe(30);
      expect(values.hideLayoutButtonTop).toBe(30);
      expect(values.hideLayoutButtonLeft).toBe(50);
    }
  },
);

test('embedded mode does not change the header or navigation sizes', () => {
  for (const screen of SCREEN_CLASSES) {
    for (const hideLayout of [false, true]) {
      const plain = layoutValuesFor({ screen, hideLayout, embedded: false });
      const embedded = layoutValuesFor({ screen, hideLayout, embedded: true });
      expect(embedded.headerHeight).toBe(plain.headerHeight);
      expect(embedded.navigationWidth).toBe(plain.navigationWidth);
    }
  }
});

test('the top toolbar has no height yet', () => {
  expect(
    layoutValuesFor({ screen: 'desktop', hideLayout: false, embedded: true }).topToolbarHeight,
  ).toBe(0);
});
