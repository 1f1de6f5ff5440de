import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  PAGE_MODULES,
  pageExportName,
  pageModuleRouteFor,
  pageModuleSource,
  type PageModuleRoute,
} from './page-modules';
import { paths } from './paths';

test.each(Object.keys(PAGE_MODULES) as PageModuleRoute[])(
  '%s names a page module that exists',
  (route) => {
    expect(existsSync(pageModuleSource(route))).toBe(true);
    expect(pageExportName(route)).toMatch(/^[A-Z]\w*Page$/);
  },
);

test('every route but the /productivity redirect has a page module', () => {
  const withModules = new Set(Object.keys(PAGE_MODULES));
  const without = Object.keys(paths).filter((route) => !withModules.has(route));
  expect(without).toEqual(['productivity']);
});

test.each([
  ['/', 'home'],
  ['', 'home'],
  ['/about', 'about'],
  ['/About/', 'about'],
  ['/TERMS-of-SERVICE', 'termsOfService'],
  ['/indicators/portfolio', 'portfolio'],
  ['/productivity', 'nowou'],
  ['/PRODUCTIVITY/', 'nowou'],
  ['/about/more', 'home'],
  ['/no-such-page', 'home'],
])('the page for %s is %s, as the client router matches it', (pathname, route) => {
  expect(pageModuleRouteFor(pathname)).toBe(route);
});
