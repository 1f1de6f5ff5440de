/**
 * Nowou on a phone in real Chromium (docs/product/nowou.md#nowou): at 400×850 the first to-do is on the
 * first screen, a row is one line with Edit, Move to… and Delete behind its menu button, and a
 * touch-only device shows no keyboard hints; at 1280 px the actions stay in the row.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { axeViolations } from '#test-support/axe';
import { useSite } from '#test-support/site';

const site = useSite();
const TITLES = ['Call Ada about the long-running exhibition plans', 'Buy paint', 'Water plants'];
const KEY_HINT = 'Alt+Up and Alt+Down move the focused to-do.';

async function addTodos(page: Page) {
  for (const title of TITLES) {
    await page.getByLabel('Add a to-do').fill(title);
    await page.getByLabel('Add a to-do').press('Enter');
  }
  await page.getByRole('list', { name: 'Inbox' }).getByRole('listitem').nth(2).waitFor();
}

test('at 400×850 the first to-do is on the first screen, one line, its actions behind a menu', async () => {
  for (const theme of ['light', 'dark'] as const) {
    const { page } = await site.open(paths.nowou, { width: 400, height: 850, theme });
    await addTodos(page);
    await page.reload();
    const rows = page.getByRole('list', { name: 'Inbox' }).getByRole('listitem');
    await rows.first().waitFor();
    const first = (await rows.first().boundingBox())!;
    expect(first.y, `the first to-do's top (${theme})`).toBeLessThan(850);
    expect(first.y + first.height).toBeLessThanOrEqual(850);
    // One line each, the long title too (cut short with an ellipsis, whole in Edit).
    for (let i = 0; i < TITLES.length; i++) {
      expect((await rows.nth(i).boundingBox())!.height).toBeLessThan(70);
    }

    const title = TITLES[0]!;
    expect(await page.getByRole('button', { name: `Edit ${title}` }).isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: `Actions for ${title}` });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const action of ['Edit', 'Move to…', 'Delete']) {
      expect(
        await page.getByRole('button', { name: `${action} ${title}` }).isVisible(),
        action,
      ).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    // Escape closes the actions and gives the focus back to the menu button.
    await page.getByRole('button', { name: `Edit ${title}` }).focus();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: `Edit ${title}` }).isVisible()).toBe(false);
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    // The actions work from the menu.
    await menu.click();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await expect.poll(() => rows.count()).toBe(2);
    // No sideways scroll of the page: the strip of views scrolls on its own.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      ),
    ).toBe(false);
  }
});

test('at 1280 px the actions stay in the row, and the keyboard hint shows', async () => {
  const { page } = await site.open(paths.nowou, { width: 1280, theme: 'light' });
  await addTodos(page);
  expect(await page.getByRole('button', { name: `Edit ${TITLES[1]}` }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: `Actions for ${TITLES[1]}` }).isVisible()).toBe(
    false,
  );
  expect(await page.getByText(KEY_HINT).isVisible()).toBe(true);
});

test('a touch-only device shows no keyboard hints', async () => {
  const context = await site.browser.newContext({
    viewport: { width: 400, height: 850 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${site.url}${paths.nowou}`);
    await addTodos(page);
    expect(
      await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches),
    ).toBe(true);
    // The hint is in the page (read with the list's keys on a keyboard) but not shown.
    expect(await page.getByText(KEY_HINT).count()).toBe(1);
    expect(await page.getByText(KEY_HINT).isVisible()).toBe(false);
  } finally {
    await context.close();
  }
});
