/**
 * Nowou's main bar keeps one height (docs/product/nowou.md#nowou) across its sections (To-dos, Timeline,
 * Boards) and sync states (signed out, Synced, Offline), measured with getBoundingClientRect at
 * 1280 and 400 px: what is under it never moves when a section or the sync state changes.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { createUser } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { settleAnimations, VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();
const SECTIONS = ['To-dos', 'Timeline', 'Boards'] as const;

/** The bar's top and height at the top of the page, as "top+height". */
async function barHeight(page: Page): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.locator('.nowou-bar').evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return `${box.top}+${box.height}`;
  });
}

/** The bar's height in each section, To-dos last again (where it started). */
async function heightsBySection(page: Page): Promise<Record<string, string>> {
  const heights: Record<string, string> = {};
  for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
    const button = page
      .getByRole('navigation', { name: 'Nowou sections' })
      .getByRole('button', { name: section, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-current')).toBe('page');
    await settleAnimations(page);
    heights[section] = await barHeight(page);
  }
  return heights;
}

const same = (height: string) => Object.fromEntries(SECTIONS.map((section) => [section, height]));

test.each([VIEWPORTS.desktop.width, VIEWPORTS.mobile.width])(
  'at %i px the bar is one height in every section, signed out, synced and offline',
  async (width) => {
    const { page: visitor } = await site.open(paths.nowou, { width });
    await visitor.locator('.nowou-sync:not([data-state="idle"])').waitFor();
    const signedOut = await barHeight(visitor);
    expect(Number(signedOut.split('+')[1])).toBeGreaterThan(40);
    expect(await heightsBySection(visitor)).toEqual(same(signedOut));

    const user = await createUser(site.server);
    const tab = await site.openAs(user, paths.nowou, {
      width,
      // Going offline on purpose: the browser reports the calls it could not make.
      expectErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/,
    });
    const { page } = tab;
    await expect.poll(() => page.locator('.nowou-sync').getAttribute('data-state')).toBe('synced');
    expect(await heightsBySection(page)).toEqual(same(signedOut));

    await tab.context.setOffline(true);
    await page.getByLabel('Add a to-do').fill('Written on the train');
    await page.getByLabel('Add a to-do').press('Enter');
    await expect.poll(() => page.locator('.nowou-sync').getAttribute('data-state')).toBe('offline');
    expect(await heightsBySection(page)).toEqual(same(signedOut));
    await tab.context.setOffline(false);
  },
);
