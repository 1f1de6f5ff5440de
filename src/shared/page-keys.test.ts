import { expect, test } from 'vitest';
import { dashToCamel, isPageKey, PAGE_KEYS, pageKeyFromPath } from './page-keys';
import {
  isAssetPath,
  isProductivityPath,
  isProductivityRedirect,
  paths,
  type RouteName,
} from './paths';

const expectedKeys: Record<RouteName, string> = {
  home: 'home',
  about: 'about',
  longAndShortPosition: 'longAndShortPosition',
  portfolio: 'portfolio',
  art: 'art',
  music: 'music',
  termsOfService: 'termsOfService',
  privacyPolicy: 'privacyPolicy',
  support: 'support',
  contact: 'contact',
  purchase: 'purchase',
  admin: 'admin',
  account: 'account',
  accountResetPassword: 'resetPassword',
  productivity: 'nowou',
  nowou: 'nowou',
  newsletterUnsubscribe: 'newsletterUnsubscribe',
  lokalaJobb: 'lokalaJobb',
  lokalaJobbUnsubscribe: 'lokalaJobbAvregistreraMail',
  pitchesUnsubscribe: 'pitchesMailUnsubscribe',
};

test.each(Object.entries(paths) as [RouteName, string][])(
  'route %s (%s) has its page key',
  (name, path) => {
    expect(pageKeyFromPath(path)).toBe(expectedKeys[name]);
  },
);

test('every route gives a known page key, and every known key has a route', () => {
  const fromRoutes = new Set(Object.values(paths).map(pageKeyFromPath));
  for (const key of fromRoutes) expect(isPageKey(key)).toBe(true);
  expect([...fromRoutes].sort()).toEqual([...PAGE_KEYS].sort());
});

test.each(Object.entries(paths) as [RouteName, string][])(
  'route %s (%s) in upper and mixed case has the same key (routes match in any case)',
  (name, path) => {
    const mixed = path.replace(
      /(^|[/-])([a-z])/g,
      (_, before: string, c: string) => before + c.toUpperCase(),
    );
    expect(pageKeyFromPath(path.toUpperCase())).toBe(expectedKeys[name]);
    expect(pageKeyFromPath(mixed)).toBe(expectedKeys[name]);
  },
);

test('a trailing slash does not change the key', () => {
  for (const path of Object.values(paths)) {
    expect(pageKeyFromPath(`${path}/`)).toBe(pageKeyFromPath(path));
  }
});

test('the root path in any form is home', () => {
  expect(pageKeyFromPath('/')).toBe('home');
  expect(pageKeyFromPath('')).toBe('home');
  expect(pageKeyFromPath('//')).toBe('home');
});

test.each([
  '/productivity',
  '/Productivity',
  '/PRODUCTIVITY',
  '/PRODUCTIVITY/',
  '/nowou',
  '/Nowou',
  '/NOWOU',
  '/nOwOu/',
])('%s gives nowou', (path) => {
  expect(pageKeyFromPath(path)).toBe('nowou');
});

test('the indicator pages honour the intended special keys (docs/product/pages.md#indicator-page-keys)', () => {
  expect(pageKeyFromPath('/indicators/portfolio')).toBe('portfolio');
  expect(pageKeyFromPath('/indicators/long-and-short-position')).toBe('longAndShortPosition');
  expect(pageKeyFromPath('indicators/portfolio')).toBe('portfolio');
});

test('other paths use the last segment in camelCase', () => {
  expect(pageKeyFromPath('/some/deep/page-with-dashes')).toBe('pageWithDashes');
  expect(pageKeyFromPath('/terms-Of-service')).toBe('termsOfService');
});

test('dashToCamel converts each dash-letter pair', () => {
  expect(dashToCamel('long-and-short-position')).toBe('longAndShortPosition');
  expect(dashToCamel('lokala-jobb-avregistrera-mail')).toBe('lokalaJobbAvregistreraMail');
  expect(dashToCamel('plain')).toBe('plain');
});

test('isPageKey rejects unknown keys', () => {
  expect(isPageKey('home')).toBe(true);
  expect(isPageKey('nope')).toBe(false);
});

test.each(['/productivity', '/Productivity', '/PRODUCTIVITY/', '/nowou', '/Nowou', '/NOWOU/'])(
  '%s is productivity-app mode',
  (path) => {
    expect(isProductivityPath(path)).toBe(true);
  },
);

test.each(['/', '/about', '/nowou/extra', '/productivity-tips', '/indicators/portfolio'])(
  '%s is not productivity-app mode',
  (path) => {
    expect(isProductivityPath(path)).toBe(false);
  },
);

test('only /productivity in any case redirects', () => {
  expect(isProductivityRedirect('/productivity')).toBe(true);
  expect(isProductivityRedirect('/Productivity')).toBe(true);
  expect(isProductivityRedirect('/PRODUCTIVITY/')).toBe(true);
  expect(isProductivityRedirect('/nowou')).toBe(false);
  expect(isProductivityRedirect('/Nowou')).toBe(false);
});

test('paths under /assets are never rendered', () => {
  expect(isAssetPath('/assets')).toBe(true);
  expect(isAssetPath('/assets/index-abc.js')).toBe(true);
  expect(isAssetPath('/assetsx')).toBe(false);
  expect(isAssetPath('/about')).toBe(false);
});
