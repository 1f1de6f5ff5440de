/**
 * docs/product/pages.md#route-table and docs/product/pages.md#route-quirks: the route table, the /* fallback,
 * the /productivity redirect and /assets. Each route's title, landmarks and width are checked in the
 * page walk (tests/e2e/site/page-walk.spec.ts).
 */
import { expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { paths, type RouteName } from '#shared/paths';
import { documentTitleFor } from '#shared/document-title';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

const site = useSite();

const ROUTES = Object.entries(paths) as [RouteName, string][];
const HOME_TITLE = documentTitleFor('home', siteJson);
const NOWOU_TITLE = documentTitleFor('nowou', siteJson);

test('every route has a different document title (Nowou and its redirect share one)', () => {
  const titles = ROUTES.filter(([name]) => name !== 'productivity').map(([name]) =>
    documentTitleFor(name, siteJson),
  );
  expect(new Set(titles).size).toBe(titles.length);
});

test.each(['/no/such/page', '/indicators', '/about/extra'])(
  'the unknown path %s shows Home and keeps its URL',
  async (path) => {
    // Answered 404 (with Home's page), which the browser logs.
    const { page } = await site.open(path, {
      width: VIEWPORTS.desktop.width,
      expectErrors: /Failed to load resource: the server responded with a status of 404/,
    });
    await expect.poll(() => page.title()).toBe(HOME_TITLE);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()).toContain(
      siteJson.siteName,
    );
  },
);

test.each(['/productivity', '/Productivity', '/PRODUCTIVITY'])(
  '%s replaces itself with /nowou, so going back does not return to it',
  async (path) => {
    const { page } = await site.open(paths.about, { width: VIEWPORTS.desktop.width });
    await gotoPage(page, `${site.url}${path}`);
    await page.waitForURL(`${site.url}${paths.nowou}`);
    await expect.poll(() => page.title()).toBe(NOWOU_TITLE);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nowou');

    await page.goBack();
    await page.waitForURL(`${site.url}${paths.about}`);
    expect(new URL(page.url()).pathname).toBe(paths.about);
  },
);

test('the redirect from /productivity keeps the query string', async () => {
  const { page } = await site.open(`${paths.productivity}?from=mail`, {
    width: VIEWPORTS.mobile.width,
  });
  await page.waitForURL(`${site.url}${paths.nowou}?from=mail`);
});

test('/NoWoU shows Nowou without changing the URL', async () => {
  const { page } = await site.open('/NoWoU', { width: VIEWPORTS.desktop.width });
  await expect.poll(() => page.title()).toBe(NOWOU_TITLE);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nowou');
  expect(new URL(page.url()).pathname).toBe('/NoWoU');
});

test.each(['/assets/missing.js', '/assets/missing-page', '/assets/'])(
  '%s answers 404 and never the app',
  async (path) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');

    // The browser's own "Failed to load resource" line for the 404 is expected.
    const { page } = await site.newTab({ width: VIEWPORTS.desktop.width, expectErrors: /404/ });
    const navigation = await page.goto(`${site.url}${path}`);
    expect(navigation?.status()).toBe(404);
    expect(await page.locator('#root, main, .app').count()).toBe(0);
  },
);

test.each([paths.lokalaJobb, paths.lokalaJobbUnsubscribe])(
  'the Swedish page %s marks its main content as lang="sv"',
  async (path) => {
    const { page } = await site.open(path, { width: VIEWPORTS.mobile.width });
    expect(await page.getByRole('main').getAttribute('lang')).toBe('sv');
    // The shell around it says it is English (the prerendered page's <html> is lang="sv").
    expect(await page.locator('header.site-header').getAttribute('lang')).toBe('en');
    expect(await page.locator('footer.site-footer').getAttribute('lang')).toBe('en');
  },
);
