/**
 * docs/product.md#prerendered-pages in Chromium: every public page reads fully with JavaScript off;
 * with it on, at both widths and in both themes, the page hydrates the server's markup without a
 * console error (a hydration mismatch is one) and without moving anything (CLS 0), and stays as
 * interactive as a page the browser rendered itself.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { VIEWPORTS, type ThemeName } from '#test-support/browser';
import { useSite, waitForApp } from '#test-support/site';

const site = useSite();
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const THEMES: ThemeName[] = ['light', 'dark'];

/** Every layout shift since the document started, as the browser reported it. */
async function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

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

test.each(THEMES.flatMap((theme) => WIDTHS.map((width) => [theme, width] as const)))(
  'in the %s theme at %i px every public page hydrates silently and moves nothing',
  async (theme, width) => {
    // A dark visitor is dark from the first paint; any console error (a hydration mismatch, a
    // recoverable React error) fails the test through the tab's error collection.
    const { page } = await site.newTab({ width, theme, cookieConsent: false });
    for (const name of PUBLIC_PAGES) {
      await page.goto(`${site.url}${paths[name]}`);
      expect(await page.locator('html').getAttribute('data-theme'), paths[name]).toBe(theme);
      await waitForApp(page);
      // The sign-in check answers (the navigation settles) before the shifts are read.
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts(page), `CLS of ${paths[name]}`).toBe(0);
      expect(await page.getByRole('region', { name: 'Cookie notice' }).isVisible()).toBe(true);
    }
  },
);

test.each(WIDTHS)(
  'at %i px the hydrated page works: theme, navigation, pop-ups, forms',
  async (width) => {
    const { page } = await site.newTab({ width, theme: 'light' });
    await page.goto(`${site.url}${paths.home}`);
    await waitForApp(page);
    // Nothing reloads from here on: a full page load would lose this mark.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    await page.getByRole('button', { name: 'Dark theme' }).first().click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');

    await page.getByRole('button', { name: 'Donate' }).click();
    const donation = page.getByRole('dialog');
    await donation.waitFor();
    await page.keyboard.press('Escape');
    await donation.waitFor({ state: 'detached' });

    await page.getByRole('main').getByRole('link', { name: 'About me' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(paths.about);
    await page
      .getByRole('main')
      .getByRole('heading', { level: 1, name: /Hi, I'm/ })
      .waitFor();
    expect(await page.evaluate(() => '__samePage' in window)).toBe(true);

    // A form checks its fields in the browser: an empty message is refused with the spec's words.
    await page.goto(`${site.url}${paths.contact}`);
    await waitForApp(page);
    await page.getByRole('main').getByRole('button', { name: 'Send message' }).click();
    await page
      .getByRole('main')
      .getByText(/ is missing\.$/)
      .first()
      .waitFor();
  },
);

test('no public page raises a browser issue (what Lighthouse counts as inspector-issues)', async () => {
  const { page, context } = await site.newTab({ width: VIEWPORTS.mobile.width });
  const cdp = await context.newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(`${page.url()}: ${issue.code}`));
  await cdp.send('Audits.enable');
  for (const key of PUBLIC_PAGES) {
    await page.goto(`${site.url}${paths[key]}`);
    await waitForApp(page);
    // The lazy pictures and the forms' schemas come in after hydration.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
  }
  expect(issues).toEqual([]);
});

/** The CSP directives the page reports as violated, from before its first byte on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(event.effectiveDirective),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/** Whether the page's inline <style> block is in force (a refused one has no style sheet). */
const inlineStyleApplied = (page: Page) =>
  page.evaluate(() => (document.querySelector('style')?.sheet?.cssRules.length ?? 0) > 0);

/** When the page first painted, and when each of its own modules (theme-init.js aside) was asked for. */
const paintAndModules = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Infinity,
    modules: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(?!theme-init-).+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));

test('every public page paints with its inline stylesheet, which the CSP allows by its hash, before it asks for any module', async () => {
  const { page } = await site.newTab({ width: VIEWPORTS.mobile.width });
  const violations = await watchViolations(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  for (const name of PUBLIC_PAGES) {
    requested.length = 0;
    await page.goto(`${site.url}${paths[name]}`);
    await waitForApp(page);
    expect(await violations(), paths[name]).toEqual([]);
    expect(await inlineStyleApplied(page), paths[name]).toBe(true);
    const { paint, modules } = await paintAndModules(page);
    expect(modules.length, paths[name]).toBeGreaterThan(0);
    expect(Math.min(...modules), paths[name]).toBeGreaterThanOrEqual(paint);
    // The inlined files are named by disabled links: neither the browser nor the page module's
    // loader fetches them.
    const inlined = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
        (link) => link.href,
      ),
    );
    expect(inlined.length, paths[name]).toBeGreaterThan(0);
    expect(
      requested.filter((url) => inlined.includes(url)),
      paths[name],
    ).toEqual([]);
  }
});

test('an inline stylesheet changed without a matching hash is refused', async () => {
  const { page } = await site.newTab({
    width: VIEWPORTS.mobile.width,
    expectErrors:
      /inline style violates the following Content Security Policy directive 'style-src/,
  });
  const violations = await watchViolations(page);
  await page.route(`${site.url}${paths.home}`, async (route) => {
    const response = await route.fetch();
    // The body is sent again decoded: its length and encoding headers no longer apply.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => name !== 'content-encoding' && name !== 'content-length',
      ),
    );
    const body = (await response.text()).replace('<style>', '<style>/* changed */');
    await route.fulfill({ status: response.status(), headers, body });
  });
  await page.goto(`${site.url}${paths.home}`);
  await expect.poll(violations).toContain('style-src-elem');
  expect(await inlineStyleApplied(page)).toBe(false);
});
