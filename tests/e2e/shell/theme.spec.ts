/**
 * docs/product/shell.md#theme: saved under settings, light by default; the fullscreen toggle
 * (docs/product/shell.md#toggles).
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { VIEWPORTS } from '#test-support/browser';
import { useSite, waitForApp } from '#test-support/site';

const site = useSite();

const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];

const htmlTheme = (page: Page) => page.locator('html').getAttribute('data-theme');
const savedSettings = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown,
    STORAGE_KEYS.settings,
  );
const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.each(WIDTHS)(
  'at %i px the site is light by default; the toggle switches to dark, saves settings and survives a reload',
  async (width) => {
    const { page } = await site.open(paths.home, { width });
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    expect(await htmlTheme(page)).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await savedSettings(page)).toBeNull();
    const lightBackground = await bodyBackground(page);

    const before = Date.now();
    await toggle.click();
    expect(await htmlTheme(page)).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => bodyBackground(page)).not.toBe(lightBackground);
    const saved = (await savedSettings(page)) as { createdAt: string; theme: string };
    expect(saved).toEqual({ createdAt: expect.any(String), theme: 'dark' });
    expect(new Date(saved.createdAt).toISOString()).toBe(saved.createdAt);
    expect(Date.parse(saved.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    await page.reload();
    expect(await htmlTheme(page)).toBe('dark');
    // The toggle's pressed state is the app's: it is right once the page has hydrated.
    await waitForApp(page);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    // Switching back keeps the first createdAt.
    await toggle.click();
    expect(await htmlTheme(page)).toBe('light');
    expect(await savedSettings(page)).toEqual({ createdAt: saved.createdAt, theme: 'light' });
  },
);

test.each(['dark', 'light'] as const)(
  'the saved %s theme is on <html> before any app script runs (no flash)',
  async (theme) => {
    // Aborted scripts log "Failed to load resource"; nothing else may go wrong.
    const { page, context } = await site.newTab({
      width: VIEWPORTS.desktop.width,
      theme,
      expectErrors: /Failed to load resource/,
    });
    // Every app script is refused; theme-init (hashed under /assets/ too) is the pre-paint script.
    await context.route(/\/assets\/(?!theme-init-)[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${site.url}${paths.about}`);
    expect(await htmlTheme(page)).toBe(theme);
    // The app never started (the prerendered markup is there, never hydrated): the attribute can
    // only come from the pre-paint script.
    await page.locator('main').waitFor();
    expect(await page.locator('html').getAttribute('data-ready')).toBeNull();
  },
);

test('the fullscreen toggle asks for fullscreen and shows it is pressed, then leaves it', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.desktop.width });
  const toggle = page.getByRole('button', { name: 'Fullscreen' });
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName)).toBe('HTML');
  // The toggle follows the browser's fullscreenchange event, a moment after the element changes.
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
});
