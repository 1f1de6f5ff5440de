/**
 * Nowou on a phone in real Chromium (docs/product/nowou.md#nowou): at 400×850 the first to-do is on the
 * first screen, a row is one line with Edit, Move to… and Delete behind its menu button, and a
 * touch-only device shows no keyboard hints; at 1280 px the actions stay in the row. The timeline's
 * grid and a board's canvas start high, their toolbars folded behind View options and Tools; a
 * block's menu shows whole over the grid's scroll box; Fit keeps a big board's text readable.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { axeViolations } from '#test-support/axe';
import { useSite } from '#test-support/site';
import { nextFrames } from '#test-support/browser';

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

const TIMELINE = `${paths.nowou}?section=timeline&grid=day`;
const BOARDS = `${paths.nowou}?section=boards`;
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * Where the work starts at 400×850, against the 810 px the timeline's grid started at when its eight
 * rows of buttons all showed: Nowou's title and bar (sections, sync state, Undo) end at about
 * 295 px; below them the section's one row (the day and its arrows, or a board's name and its
 * toolbar) and the Day's Add a note, so about half the first screen is grid or canvas.
 */
const WORK_STARTS_BY = 440;

test('at 400×850 the grid starts high, with the toolbar behind View options; at 1280 px it shows whole', async () => {
  for (const theme of ['light', 'dark'] as const) {
    const { page } = await site.open(TIMELINE, { width: 400, height: 850, theme });
    const grid = page.getByRole('region', { name: 'Time grid' });
    await grid.waitFor();
    expect((await grid.boundingBox())!.y, `the grid's top (${theme})`).toBeLessThan(WORK_STARTS_BY);
    expect(await page.getByRole('button', { name: 'New block…' }).count()).toBe(0);

    const options = page.getByRole('button', { name: 'View options' });
    expect(await options.getAttribute('aria-expanded')).toBe('false');
    await options.click();
    expect(await options.getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByRole('group', { name: 'View options' });
    for (const name of ['Today', 'Day', 'Week', 'New block…', 'Export .ics', 'New timeline']) {
      expect(await panel.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await panel.getByLabel('Timeline', { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A folded control works: Week shows seven days.
    await panel.getByRole('button', { name: 'Week', exact: true }).click();
    await expect.poll(() => page.locator('.tl-grid__day').count()).toBe(7);
    // Escape closes the options and gives the focus back to their button.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await options.evaluate((button) => button === document.activeElement)).toBe(true);
    // The arrows stay in the row: Previous week moves back seven days.
    const range = await page.locator('.tl__range').innerText();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(() => page.locator('.tl__range').innerText()).not.toBe(range);
    expect(await noSidewaysScroll(page)).toBe(true);
  }

  const { page } = await site.open(TIMELINE, { width: 1280, height: 800, theme: 'light' });
  await page.getByRole('region', { name: 'Time grid' }).waitFor();
  expect(await page.getByRole('button', { name: 'View options' }).count()).toBe(0);
  for (const name of ['Previous day', 'Today', 'New block…', 'Export .ics', 'New timeline']) {
    expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
  }
});

/** Every item of the open menu is whole in the window and is what a tap on its middle meets. */
async function menuItemsHit(page: Page, menu: ReturnType<Page['getByRole']>) {
  return menu.evaluate((group) =>
    [...group.querySelectorAll('button')].map((item) => {
      const box = item.getBoundingClientRect();
      const inside =
        box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { item: item.textContent, whole: inside && hit?.closest('button') === item };
    }),
  );
}

test("a block's menu shows whole over the grid's scroll box, each item tappable, at 400 and 1280 px", async () => {
  for (const [width, height, theme] of [
    [400, 850, 'dark'],
    [1280, 800, 'light'],
  ] as const) {
    const { page } = await site.open(TIMELINE, { width, height, theme });
    await page.getByRole('region', { name: 'Time grid' }).waitFor();
    const options = page.getByRole('button', { name: 'View options' });
    if (width === 400) await options.click();
    await page.getByRole('button', { name: 'New block…' }).click();
    const form = page.getByRole('form', { name: 'New block' });
    await form.getByLabel('Title').fill('Call the bank');
    await form.getByLabel('Start').fill('09:00');
    await form.getByLabel('Minutes').fill('30');
    await form.getByLabel('Minutes').press('Enter');
    await form.waitFor({ state: 'detached' });
    // The block at the bottom of the grid's box, where a menu under it used to be cut off.
    const block = page.locator('.tl-block__button', { hasText: 'Call the bank' });
    await block.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await nextFrames(page);
    await block.click();
    const menu = page.getByRole('group', { name: 'Call the bank menu' });
    await menu.waitFor();
    const items = await menuItemsHit(page, menu);
    expect(items.map((one) => one.item)).toEqual([
      'Mark done',
      'Edit title',
      'Move to…',
      'Duration',
      'Unschedule',
      'Delete',
      'Close',
    ]);
    expect(
      items.filter((one) => !one.whole),
      `items cut off at ${width} px`,
    ).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // Floating over the page, it closes on a press outside the grid too.
    await page.getByRole('heading', { level: 1 }).click();
    await menu.waitFor({ state: 'detached' });
    // The last item works from where it shows.
    await block.click();
    await menu.getByRole('button', { name: 'Delete' }).click();
    await block.waitFor({ state: 'detached' });
    expect(await noSidewaysScroll(page)).toBe(true);
  }
});

/** A board of 40 nodes in a grid of 8 × 5, each 260 × 120 canvas px, chained left to right. */
function bigBoard(): string {
  const nodes = Array.from({ length: 40 }, (_, i) => ({
    id: `n${i}`,
    type: 'text',
    x: (i % 8) * 320,
    y: Math.floor(i / 8) * 220,
    width: 260,
    height: 120,
    text: `Idea ${i + 1}`,
  }));
  const edges = nodes
    .slice(1)
    .map((node, i) => ({ id: `e${i}`, fromNode: nodes[i]!.id, toNode: node.id }));
  return JSON.stringify({ nodes, edges });
}

/** The rendered size of a node's text: its font size times the canvas's zoom. */
const renderedTextPx = (page: Page) =>
  page.evaluate(() => {
    const layer = document.querySelector<HTMLElement>('[data-testid="board-layer"]')!;
    const text = layer.querySelector<HTMLElement>('.bn:not([data-type="group"])')!;
    const zoom = new DOMMatrix(getComputedStyle(layer).transform).a;
    return parseFloat(getComputedStyle(text).fontSize) * zoom;
  });

test('a board at 400×850 starts high with its toolbar behind Tools; Fit keeps text readable at 400 and 1280 px', async () => {
  for (const [width, height, theme] of [
    [400, 850, 'light'],
    [1280, 800, 'dark'],
  ] as const) {
    const { page } = await site.open(BOARDS, { width, height, theme });
    await page.getByLabel('Import a .canvas file').setInputFiles({
      name: 'Ideas.canvas',
      mimeType: 'application/json',
      buffer: Buffer.from(bigBoard()),
    });
    const canvas = page.getByTestId('board-canvas');
    await canvas.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    if (width === 400) {
      expect((await canvas.boundingBox())!.y, "the canvas's top").toBeLessThan(WORK_STARTS_BY);
      expect(await page.getByRole('button', { name: 'Add link' }).count()).toBe(0);
      const tools = page.getByRole('button', { name: 'Tools', exact: true });
      await tools.click();
      expect(await tools.getAttribute('aria-expanded')).toBe('true');
      const panel = page.getByRole('group', { name: 'Tools', exact: true });
      for (const name of ['Add link', 'Zoom out', 'Zoom in', 'Outline', 'Files']) {
        expect(await panel.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
      }
      expect(await axeViolations(page)).toEqual([]);
      await panel.getByRole('button', { name: 'Files', exact: true }).click();
      expect(await panel.getByRole('button', { name: 'Export .canvas' }).isVisible()).toBe(true);
      await panel.getByRole('button', { name: 'Zoom out' }).focus();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await tools.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
    } else {
      expect(await page.getByRole('button', { name: 'Tools', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add link' }).isVisible()).toBe(true);
    }
    // Fit: the whole board would be drawn at about 13 % (its text under 2 px): it stops at a
    // readable zoom instead, from the first nodes, and says so.
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'too small to read' }).waitFor();
    await nextFrames(page);
    const textPx = await renderedTextPx(page);
    expect(textPx, `text after Fit at ${width} px`).toBeGreaterThanOrEqual(12);
    expect(textPx).toBeLessThan(14);
    const first = await page.locator('.bn', { hasText: 'Idea 1' }).first().boundingBox();
    const box = (await canvas.boundingBox())!;
    expect(first!.x).toBeGreaterThanOrEqual(box.x);
    expect(first!.y).toBeGreaterThanOrEqual(box.y);
  }
});
