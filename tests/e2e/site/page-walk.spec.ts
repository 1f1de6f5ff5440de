/**
 * The page walk: every route loaded once per width (400 and 1280 px) and theme (light and dark), one
 * after another in one context per combination as a visitor's would, and every per-page check run on
 * that load (tests/support/page-checks.ts):
 *
 * | check                                                         | pages                         |
 * | ------------------------------------------------------------- | ----------------------------- |
 * | the theme is on <html> from the first paint                   | every route                   |
 * | its own title, one main landmark, one h1 inside it            | every route                   |
 * | axe-core finds no WCAG 2.0–2.2 A/AA violation                 | every route                   |
 * | no console error (a hydration mismatch is one)                | every route                   |
 * | paints with its inline stylesheet (allowed by the CSP's hash) | public pages                  |
 * |   before it asks for any module; inlined sheets never fetched |                               |
 * | hydrates without moving anything (CLS 0); cookie notice shown | public pages                  |
 * | no browser issue (Lighthouse's inspector-issues)              | public pages                  |
 * | nothing fixed or stuck covers a control or text, 4 scrolls    | public pages, /admin, /nowou  |
 *
 * Also here, once per width: every public page reads fully with JavaScript off, and no route
 * scrolls sideways at 320 px. docs/product/pages.md#route-table, #prerendered-pages, #donate-button.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { documentTitleFor } from '#shared/document-title';
import { paths, type RouteName } from '#shared/paths';
import { isPublicPage, PUBLIC_PAGES } from '#shared/public-pages';
import { axeViolations } from '#test-support/axe';
import {
  collectPageErrors,
  newContext,
  settleAnimations,
  VIEWPORTS,
  type ThemeName,
} from '#test-support/browser';
import {
  cspViolations,
  fixedCovers,
  inlinedStylesheets,
  inlineStyleApplied,
  landmarks,
  layoutShifts,
  paintAndModules,
  scrollAndSettle,
  watchBrowserIssues,
  watchCspViolations,
  watchRequests,
  type RequestWatch,
} from '#test-support/page-checks';
import { gotoPage, useSite, waitForApp } from '#test-support/site';

const site = useSite();

const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const THEMES: ThemeName[] = ['light', 'dark'];
const COMBINATIONS = WIDTHS.flatMap((width) => THEMES.map((theme) => ({ width, theme })));
const ROUTES = Object.entries(paths) as [RouteName, string][];
/** Where the floating-control check walks: the public pages, the owner's desk and Nowou. */
const FIXED_CONTROL_PAGES = new Set<RouteName>([...PUBLIC_PAGES, 'admin', 'nowou']);
const SCROLL_SHARES = [0, 1 / 3, 2 / 3, 1];

interface WalkTab {
  context: BrowserContext;
  page: Page;
  errors: string[];
  requests: RequestWatch;
  issues: string[];
}

/** Fixed controls over the page at four scroll positions, each once its movement has settled. */
async function coversWhileScrolling(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (const share of SCROLL_SHARES) {
    // Donate scales in 300 ms after it appears: settleAnimations waits for that, not a timer.
    await scrollAndSettle(page, Math.round(height * share), settleAnimations);
    for (const line of await fixedCovers(page))
      found.push(`${path} at ${Math.round(share * 100)}%: ${line}`);
  }
  return found;
}

describe.each(COMBINATIONS)('at $width px in the $theme theme', ({ width, theme }) => {
  let tab: WalkTab;

  beforeAll(async () => {
    // A first visit: no cookie consent yet, so every page shows the notice.
    const context = await newContext(site.browser, { width, theme, cookieConsent: false });
    await watchCspViolations(context);
    const page = await context.newPage();
    tab = {
      context,
      page,
      errors: collectPageErrors(page),
      requests: watchRequests(page),
      issues: await watchBrowserIssues(context, page),
    };
  });

  afterAll(async () => {
    await tab?.context.close();
  });

  test.each(ROUTES)('%s (%s)', async (name, path) => {
    const { page, errors, requests, issues } = tab;
    errors.length = 0;
    requests.clear();
    const issuesBefore = issues.length;
    const publicPage = isPublicPage(name);

    await page.goto(`${site.url}${path}`);
    // Set before any app script runs: a dark visitor is dark from the first paint.
    expect(await page.locator('html').getAttribute('data-theme'), 'theme').toBe(theme);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await expect
      .poll(() => page.title(), { message: 'title' })
      .toBe(documentTitleFor(name, siteJson));
    expect.soft(await landmarks(page)).toEqual({
      mainLandmarks: 1,
      mainElements: 1,
      h1: 1,
      h1InMain: true,
    });

    if (publicPage) {
      expect.soft(await cspViolations(page), 'CSP violations').toEqual([]);
      expect.soft(await inlineStyleApplied(page), 'inline stylesheet applied').toBe(true);
      const { paint, modules } = await paintAndModules(page);
      expect.soft(modules.length, 'modules').toBeGreaterThan(0);
      expect
        .soft(Math.min(...modules), 'first module asked for after first paint')
        .toBeGreaterThanOrEqual(paint);
      const inlined = await inlinedStylesheets(page);
      expect.soft(inlined.length, 'inlined stylesheets').toBeGreaterThan(0);
      expect
        .soft(
          requests.requested.filter((url) => inlined.includes(url)),
          'inlined stylesheets fetched',
        )
        .toEqual([]);
    }

    // The sign-in check and the page's data have answered: what follows sees the settled page.
    await requests.settled();
    expect.soft(await axeViolations(page), 'axe').toEqual([]);

    if (publicPage) {
      expect.soft(await layoutShifts(page), 'CLS').toBe(0);
      expect
        .soft(
          await page.getByRole('region', { name: 'Cookie notice' }).isVisible(),
          'cookie notice',
        )
        .toBe(true);
    }

    if (FIXED_CONTROL_PAGES.has(name)) {
      // Nowou hides the layout by itself; its Show layout button is then on screen.
      if (name === 'nowou') await page.getByRole('button', { name: 'Show layout' }).waitFor();
      expect.soft(await coversWhileScrolling(page, path), 'fixed controls').toEqual([]);
    }

    if (publicPage) {
      // Scrolled to the bottom: the lazy pictures and the forms' schemas have come in too.
      await requests.settled();
      expect.soft(issues.slice(issuesBefore), 'browser issues').toEqual([]);
    }
    expect(errors, 'console or page errors').toEqual([]);
  });
});

/** Self-tests of the cover check: a box over the Show layout button, fixed or inside a layer. */
const COVERS = [
  { kind: 'a fixed box over a button', insideClickThroughLayer: false },
  { kind: 'a part that takes clicks inside a click-through layer', insideClickThroughLayer: true },
];

test.each(COVERS)('the fixed-control check sees $kind', async ({ insideClickThroughLayer }) => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.mobile.width });
  await page.getByRole('button', { name: 'Show layout' }).waitFor();
  await page.evaluate((inLayer) => {
    window.scrollTo(0, 0);
    const box = document.querySelector('.show-layout-button')!.getBoundingClientRect();
    const cover = document.createElement('div');
    Object.assign(cover.style, {
      position: inLayer ? 'absolute' : 'fixed',
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: '20px',
      height: '20px',
      pointerEvents: 'auto',
    });
    if (!inLayer) {
      document.body.append(cover);
      return;
    }
    // A fixed layer over the whole screen that lets clicks through, with the box in it.
    const layer = document.createElement('div');
    Object.assign(layer.style, { position: 'fixed', inset: '0', pointerEvents: 'none' });
    layer.append(cover);
    document.body.append(layer);
  }, insideClickThroughLayer);
  expect(await fixedCovers(page)).toEqual([expect.stringContaining('covers button')]);
});

test.each(WIDTHS)('at %i px every public page reads fully with JavaScript off', async (width) => {
  const context = await site.browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    for (const name of PUBLIC_PAGES) {
      await page.goto(`${site.url}${paths[name]}`);
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      expect(await heading.isVisible(), `h1 of ${paths[name]}`).toBe(true);
      const text = (await page.getByRole('main').innerText()).trim();
      expect(text.length, `text of ${paths[name]}`).toBeGreaterThan(200);
      // The page's own stylesheet is in force: the heading is set in the display face, not the
      // browser's default.
      const family = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
      expect(family, `heading font on ${paths[name]}`).not.toMatch(/^"?Times New Roman"?$/);
    }
    expect(await page.title()).toBeTruthy();
  } finally {
    await context.close();
  }
});

test('no route scrolls sideways at 320 px', async () => {
  const { page } = await site.newTab({ width: 320, height: 640 });
  const overflowing: string[] = [];
  for (const [, path] of ROUTES) {
    await gotoPage(page, `${site.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      clientWidth: document.documentElement.clientWidth,
    }));
    if (scrollWidth > clientWidth) overflowing.push(`${path}: ${scrollWidth} > ${clientWidth}`);
  }
  expect(overflowing).toEqual([]);
});
