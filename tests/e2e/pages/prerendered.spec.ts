/**
 * docs/product/pages.md#prerendered-pages in Chromium: a hydrated page stays as interactive as a page the
 * browser rendered itself, and an inline stylesheet the CSP's hash does not match is refused. What
 * every public page must do on its load (read fully with JavaScript off, hydrate silently without
 * moving anything, paint with its inline stylesheet before any module) is checked in the page walk
 * (tests/e2e/site/page-walk.spec.ts).
 */
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { VIEWPORTS } from '#test-support/browser';
import { cspViolations, inlineStyleApplied, watchCspViolations } from '#test-support/page-checks';
import { useSite, waitForApp } from '#test-support/site';

const site = useSite();
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];

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

test('an inline stylesheet changed without a matching hash is refused', async () => {
  const { page, context } = await site.newTab({
    width: VIEWPORTS.mobile.width,
    expectErrors:
      /inline style violates the following Content Security Policy directive 'style-src/,
  });
  await watchCspViolations(context);
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
  await expect.poll(() => cspViolations(page)).toContain('style-src-elem');
  expect(await inlineStyleApplied(page)).toBe(false);
});
