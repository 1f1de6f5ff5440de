/**
 * Nowou's layout in real Chromium at 400 and 1280 px (docs/product/nowou.md#nowou): the page does not move
 * while it loads (cumulative layout shift 0, read from the browser's layout-shift entries), signed
 * out and signed in with items kept in the browser, and the
 * board list counts "1 node" and keeps the storage line below its cards.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { createUser } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { nextFrames } from '#test-support/browser';

const site = useAccountsSite();

/** Sums every layout shift not caused by input, from the first paint on. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { layoutShift: number };
    seen.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) seen.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * What lands after the page is usable, each of which could move it: the browser's storage estimate
 * in the storage line (read a moment after the page starts) and the service worker taking the page
 * over; then the frame they drew.
 */
async function laterArrivals(page: Page): Promise<void> {
  await page.getByText(/The browser counts .+ used by this site/).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await nextFrames(page);
}

test('/nowou does not shift while it loads: CLS 0 at 1280 and 400 px', async () => {
  for (const [width, theme] of [
    [1280, 'light'],
    [400, 'dark'],
  ] as const) {
    const tab = await site.newTab({ width, theme });
    await watchLayoutShifts(tab.page);
    await tab.page.goto(`${site.url}${paths.nowou}`);
    await tab.page.locator('.nowou-sync__state').waitFor();
    await tab.page.getByLabel('Add a to-do').waitFor();
    await laterArrivals(tab.page);
    const shift = await tab.page.evaluate(
      () => (window as unknown as { layoutShift: number }).layoutShift,
    );
    expect(shift, `CLS at ${width} px`).toBe(0);
  }
});

test('/nowou signed in, with its items in this browser, does not shift while it loads and syncs', async () => {
  const user = await createUser(site.server);
  const tab = await site.openAs(user, paths.nowou, { width: 1280, theme: 'dark' });
  await tab.page.getByLabel('Add a to-do').fill('Plan the week');
  await tab.page.getByLabel('Add a to-do').press('Enter');
  await expect.poll(() => tab.page.locator('.nowou-sync__state').innerText()).toBe('Synced');
  // The service worker active before the next pages open, so each is controlled from its start
  // (one still installing on a busy machine may never take over a page opened meanwhile).
  await tab.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  for (const width of [1280, 400]) {
    const page = await tab.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await watchLayoutShifts(page);
    await page.goto(`${site.url}${paths.nowou}`);
    await expect.poll(() => page.locator('.nowou-sync__state').innerText()).toBe('Synced');
    await laterArrivals(page);
    const shift = await page.evaluate(
      () => (window as unknown as { layoutShift: number }).layoutShift,
    );
    expect(shift, `CLS signed in at ${width} px`).toBe(0);
    await page.close();
  }
});

test('a board card says "1 node", and the storage line stays below the cards at 1280 and 400 px', async () => {
  for (const width of [1280, 400]) {
    const { page } = await site.open(`${paths.nowou}?section=boards`, { width, theme: 'light' });
    await page.getByRole('button', { name: 'New board' }).click();
    // A new board opens with its first node; back to the list.
    await page.getByTestId('board-canvas').waitFor();
    await page.goto(`${site.url}${paths.nowou}?section=boards`);
    const card = page.locator('.board-card').first();
    await card.waitFor();
    expect(await card.locator('.board-card__meta').innerText()).toMatch(/^1 node · /);
    const footer = await page.locator('.nowou-app__footer').boundingBox();
    for (const name of ['Rename', 'Duplicate', 'Delete']) {
      const button = await card.getByRole('button', { name: new RegExp(`^${name}`) }).boundingBox();
      expect(button, name).not.toBeNull();
      expect(footer, 'the storage line').not.toBeNull();
      expect(button!.y + button!.height, `${name} at ${width} px`).toBeLessThanOrEqual(footer!.y);
    }
    const cardBox = await card.boundingBox();
    expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(footer!.y);
  }
});
