/**
 * Nowou's timeline in real Chromium (docs/product/nowou.md#nowou): a to-do dragged from the unscheduled
 * panel onto 10:00 and resized to 90 minutes, kept over a reload; a keyboard move announced; blocks
 * drawn on empty space (a to-do and a note) laid out side by side where they overlap; .ics export;
 * a new timeline made the one that opens first, a block dragged to the next day and undone; New
 * block… and Mark done by keyboard alone; short blocks (to-dos and notes) show their title; 44 px
 * touch targets for short blocks and the resize handle on a touch screen, whose dot lies beside the
 * blocks' text; axe at 400 px (dark) and 1280 px (light); no sideways scroll at 320 px.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { axeViolations } from '#test-support/axe';
import { downloadedText, VIEWPORTS } from '#test-support/browser';
import { storedTitles } from '#test-support/nowou-storage';
import { useSite } from '#test-support/site';
import { SLOT_PX } from '../../../src/client/features/nowou/timeline/grid-math';

const site = useSite();
const TIMELINE = `${paths.nowou}?section=timeline`;
const GRID = '[data-testid="timeline-grid"]';

interface StoredRange {
  timelineId: string;
  start: string;
  end: string;
}

/** Pixels from the top of the grid to a time of day. */
const yOf = (minutes: number) => (minutes / 15) * SLOT_PX;

/** Whether a block's time sits on its content's hidden second line. */
function timeIsHidden(time: Element): boolean {
  const content = time.closest('.tl-block__content')!.getBoundingClientRect();
  return time.getBoundingClientRect().top >= content.bottom - 0.5;
}

/** The times of short blocks that show on the visible line but do not fit it. */
function timesShownCut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.tl-block[data-short] .tl-block__time')].flatMap((time) => {
      const content = time.closest('.tl-block__content')!.getBoundingClientRect();
      const box = time.getBoundingClientRect();
      const shown = box.top < content.bottom - 0.5;
      return shown && box.right > content.right + 0.5 ? [time.textContent ?? ''] : [];
    }),
  );
}

/** Short blocks whose title does not show on their one visible line. */
function shortTitlesHidden(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.tl-block[data-short] .tl-block__content')].flatMap(
      (content) => {
        const title = content.querySelector('.tl-block__title');
        const box = content.getBoundingClientRect();
        const shown = title?.getBoundingClientRect();
        return shown && shown.width > 8 && shown.top < box.bottom - 0.5
          ? []
          : [content.closest('[data-block-id]')?.getAttribute('data-block-id') ?? '?'];
      },
    ),
  );
}

/**
 * Titles and times a touch screen's resize dot lies over: the dot is drawn 7 px round on the
 * handle's bottom-right corner of the block (timeline.css).
 */
function dotsOverText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.tl-block[data-block-id]')].flatMap((block) => {
      const handle = block.querySelector('[data-resize-handle]')!.getBoundingClientRect();
      const dot = {
        left: handle.right - 14,
        right: handle.right,
        top: handle.top + handle.height / 2 - 7,
        bottom: handle.top + handle.height / 2 + 7,
      };
      return [...document.querySelectorAll('.tl-block__title, .tl-block__time')].flatMap((text) => {
        const content = text.closest('.tl-block__content')!.getBoundingClientRect();
        const box = text.getBoundingClientRect();
        const top = Math.max(box.top, content.top);
        const bottom = Math.min(box.bottom, content.bottom);
        const right = Math.min(box.right, content.right);
        const overlaps =
          Math.min(dot.right, right) - Math.max(dot.left, box.left) > 0.5 &&
          Math.min(dot.bottom, bottom) - Math.max(dot.top, top) > 0.5;
        return overlaps ? [text.textContent ?? ''] : [];
      });
    }),
  );
}

async function openTimeline(page: Page) {
  await page.goto(new URL(TIMELINE, page.url()).href);
  await page.locator(GRID).waitFor();
}

/** Adds to-dos through the To-dos quick add (they are unscheduled). */
async function addTodos(page: Page, titles: string[]) {
  for (const title of titles) {
    await page.getByLabel('Add a to-do').fill(title);
    await page.getByLabel('Add a to-do').press('Enter');
  }
  await expect.poll(() => storedTodos(page).then((todos) => todos.length)).toBe(titles.length);
}

async function storedTodos(page: Page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('todo-'))
      .map(
        (key) =>
          JSON.parse(localStorage.getItem(key)!) as {
            id: string;
            title: string;
            list: string;
            schedule: StoredRange | null;
          },
      ),
  );
}

async function storedTodo(page: Page, title: string) {
  return (await storedTodos(page)).find((todo) => todo.title === title);
}

/** Local "HH:MM" and length in minutes of a stored range. */
function clock(range: StoredRange | null | undefined): string {
  if (!range) return 'none';
  const start = new Date(range.start);
  const minutes = (Date.parse(range.end) - Date.parse(range.start)) / 60_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(start.getHours())}:${pad(start.getMinutes())} ${minutes}m`;
}

/** Scrolls the grid's box so `minutes` is near its top; answers the grid's box on screen. */
async function gridAt(page: Page, minutes: number) {
  await page.locator('.tl-scroller').evaluate((box, top) => (box.scrollTop = top), yOf(minutes));
  const grid = await page.locator(GRID).boundingBox();
  if (!grid) throw new Error('no grid');
  return grid;
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 6, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

test('drag from the panel, resize, keyboard move, draw blocks side by side, export .ics', async () => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await addTodos(page, ['Buy milk', 'Call Ada']);
  await openTimeline(page);
  // The first visit made "My timeline", the one that opens first.
  const picked = await page.getByLabel('Timeline', { exact: true }).inputValue();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('defaultTimeline')))
    .toBe(picked);
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  const panel = page.getByRole('list', { name: 'Unscheduled to-dos' });
  await panel.locator('.tl-panel__title', { hasText: 'Buy milk' }).waitFor();

  // Drag "Buy milk" from the panel onto 10:00 today: 30 minutes by default.
  let grid = await gridAt(page, 9 * 60);
  const item = await panel
    .locator('li', { hasText: 'Buy milk' })
    .locator('.tl-panel__title')
    .boundingBox();
  await drag(
    page,
    { x: item!.x + 10, y: item!.y + item!.height / 2 },
    { x: grid.x + grid.width / 2, y: grid.y + yOf(600) + 3 },
  );
  const milk = (await storedTodo(page, 'Buy milk'))!;
  const block = page.locator(`${GRID} [data-block-id="${milk.id}"]`);
  await block.waitFor();
  await expect
    .poll(async () => clock((await storedTodo(page, 'Buy milk'))!.schedule))
    .toBe('10:00 30m');
  expect(milk.list).toBe('inbox');
  await expect
    .poll(() => panel.locator('.tl-panel__title', { hasText: 'Buy milk' }).count())
    .toBe(0);

  // Its bottom edge dragged down four slots: 90 minutes.
  const handle = await block.locator('[data-resize-handle]').boundingBox();
  const hx = handle!.x + handle!.width / 2;
  const hy = handle!.y + handle!.height / 2;
  await drag(page, { x: hx, y: hy }, { x: hx, y: hy + yOf(60) });
  await expect
    .poll(async () => clock((await storedTodo(page, 'Buy milk'))!.schedule))
    .toBe('10:00 90m');

  // Kept over a reload (stored already, as polled above).
  await page.reload();
  await page.locator(`${GRID} [data-block-id="${milk.id}"]`).waitFor();
  expect(clock((await storedTodo(page, 'Buy milk'))!.schedule)).toBe('10:00 90m');

  // ArrowDown moves it 15 minutes later and says so.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  const button = page.locator(`${GRID} [data-block-id="${milk.id}"] button`);
  expect(await button.getAttribute('aria-label')).toMatch(/^Buy milk, 10:00/);
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(async () => clock((await storedTodo(page, 'Buy milk'))!.schedule))
    .toBe('10:15 90m');
  await page.getByRole('status').filter({ hasText: 'Moved Buy milk' }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toMatch(/^Buy milk, 10:15/);

  // Drawing on empty space makes a block: 13:00 to 14:00, a to-do on today's list.
  grid = await gridAt(page, 12 * 60);
  const x = grid.x + grid.width * 0.3;
  await drag(page, { x, y: grid.y + yOf(780) + 2 }, { x, y: grid.y + yOf(840) - 2 });
  const title = page.getByLabel(/^Title, /);
  await title.fill('Deep work');
  await title.press('Enter');
  await expect
    .poll(async () => clock((await storedTodo(page, 'Deep work'))?.schedule))
    .toBe('13:00 60m');
  expect((await storedTodo(page, 'Deep work'))!.list).toMatch(/^day:\d{4}-\d{2}-\d{2}$/);

  // A note drawn over it (13:30 to 14:30) sits beside it, not on top of it.
  await drag(page, { x, y: grid.y + yOf(870) - 2 }, { x, y: grid.y + yOf(810) + 2 });
  await page.getByLabel(/^Title, /).fill('Quiet, please');
  await page.getByRole('radio', { name: 'Note' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const note = page.locator(`${GRID} [data-block-id][data-kind="textBox"]`);
  await note.waitFor();
  const deep = (await storedTodo(page, 'Deep work'))!;
  // Polled: the two columns are laid out in the render after the note is added.
  await expect
    .poll(async () => {
      const a = (await page.locator(`${GRID} [data-block-id="${deep.id}"]`).boundingBox())!;
      const b = (await note.boundingBox())!;
      const sameTime = a.y < b.y + b.height && b.y < a.y + a.height;
      const sideBySide = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5;
      return sameTime && sideBySide;
    })
    .toBe(true);
  const storedNote = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('textBox-'));
      return key
        ? (JSON.parse(localStorage.getItem(key)!) as { text: string; anchor: StoredRange })
        : null;
    });
  await expect.poll(async () => clock((await storedNote())?.anchor)).toBe('13:30 60m');
  expect((await storedNote())!.text).toBe('Quiet, please');

  // Export .ics: one event per block, titles escaped.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export .ics' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('my-timeline.ics');
  const ics = await downloadedText(download);
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  expect(ics).toContain('SUMMARY:Buy milk\r\n');
  expect(ics).toContain('SUMMARY:Quiet\\, please\r\n');
  expect(ics).toContain(`UID:${milk.id}@nowou`);
});

test('a new timeline made default opens first; axe at 400 px dark and 1280 px light; no sideways scroll at 320 px', async () => {
  const { page } = await site.open(TIMELINE, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await page.locator(GRID).waitFor();
  const picker = page.getByLabel('Timeline', { exact: true });
  await expect
    .poll(() => picker.locator('option').allInnerTexts())
    .toEqual(['My timeline (opens first)']);

  await page.getByRole('button', { name: 'New timeline' }).click();
  await page.getByLabel('Name').fill('Work');
  await page.getByLabel('Name').press('Enter');
  await expect.poll(() => picker.locator('option:checked').innerText()).toBe('Work');
  const firstBefore = await page.evaluate(() => localStorage.getItem('defaultTimeline'));
  await page.getByRole('button', { name: 'Open first' }).click();
  await page.getByRole('button', { name: 'Opens first' }).waitFor();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('defaultTimeline')))
    .not.toBe(firstBefore);
  await page.reload();
  await page.locator(GRID).waitFor();
  await expect.poll(() => picker.locator('option:checked').innerText()).toBe('Work (opens first)');

  // A block on the grid and the menu open, for axe.
  const grid = await gridAt(page, 8 * 60);
  const x = grid.x + grid.width / 14;
  await drag(page, { x, y: grid.y + yOf(540) + 2 }, { x, y: grid.y + yOf(600) - 2 });
  await page.getByLabel(/^Title, /).fill('Review');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(/^Title, /).press('Enter');
  const block = page.locator(`${GRID} [data-block-id] button`).first();
  await block.click();
  await page.getByRole('button', { name: 'Move to…' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('button', { name: 'Move to…' }).count()).toBe(0);

  // Dragged one column right in the week: the next day at the same time; Ctrl+Z puts it back.
  const review = async () => (await storedTodo(page, 'Review'))?.schedule ?? null;
  await expect.poll(async () => clock(await review())).toBe('09:00 60m');
  const before = (await review())!.start;
  const box = (await page.locator(`${GRID} [data-block-id]`).first().boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + 10 };
  await drag(page, from, { x: from.x + grid.width / 7, y: from.y });
  await expect.poll(async () => (await review())!.start).not.toBe(before);
  const moved = (await review())!;
  expect(clock(moved)).toBe('09:00 60m');
  expect(Math.abs(Date.parse(moved.start) - Date.parse(before) - 86_400_000)).toBeLessThanOrEqual(
    3_600_000,
  );
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await review())!.start).toBe(before);

  // Escape in the middle of a drag puts the block back and writes nothing.
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + grid.width / 7, from.y + 60, { steps: 6 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  // Proves nothing is written: longer than the store takes to write a change (300 ms).
  await page.waitForTimeout(500);
  expect((await review())!.start).toBe(before);

  // Deleting a timeline asks first; Cancel keeps it, Delete timeline takes it, Undo brings it back.
  await page.getByRole('button', { name: /^Delete timeline Work/ }).click();
  await page
    .getByRole('group', { name: 'Delete Work' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  expect(await picker.locator('option').count()).toBe(2);
  await page.getByRole('button', { name: /^Delete timeline Work/ }).click();
  await page.getByRole('button', { name: 'Delete timeline', exact: true }).click();
  await expect
    .poll(() => picker.locator('option').allInnerTexts())
    .toEqual(['My timeline (opens first)']);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => picker.locator('option').count()).toBe(2);

  const dark = await site.open(TIMELINE, { width: VIEWPORTS.mobile.width, theme: 'dark' });
  await dark.page.locator(GRID).waitFor();
  // On a phone Day and Week are behind View options.
  await dark.page.getByRole('button', { name: 'View options' }).click();
  expect(
    await dark.page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed'),
  ).toBe('true');
  expect(await axeViolations(dark.page)).toEqual([]);

  for (const view of ['Day', 'Week']) {
    await dark.page.setViewportSize({ width: 320, height: 800 });
    await dark.page.getByRole('button', { name: view, exact: true }).click();
    expect(
      await dark.page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      ),
    ).toBe(false);
  }
});

test('without the pointer: New block… makes a to-do and a note, Mark done from the menu; on a touch screen short blocks and the resize handle take 44 px', async () => {
  const { page } = await site.open(`${TIMELINE}&grid=day`, {
    width: VIEWPORTS.desktop.width,
    theme: 'light',
  });
  await page.locator(GRID).waitFor();

  // Keyboard only: the toolbar's New block… asks for the title first; Enter adds.
  await page.getByRole('button', { name: 'New block…' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New block' });
  await page.keyboard.type('Call the bank');
  await form.getByLabel('Start').fill('10:00');
  await form.getByLabel('Minutes').fill('10');
  await form.getByLabel('Minutes').press('Enter');
  await form.getByText('A duration of 15 to 1440 minutes.').waitFor();
  await form.getByLabel('Minutes').fill('15');
  await form.getByLabel('Minutes').press('Enter');
  await form.waitFor({ state: 'detached' });
  await expect
    .poll(async () => clock((await storedTodo(page, 'Call the bank'))?.schedule))
    .toBe('10:00 15m');
  // The new block has focus; Enter opens its menu, whose first item is Mark done.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toMatch(/^Call the bank, 10:00/);
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Call the bank menu' }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Call the bank done.' }).waitFor();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('todo-'))
          .map((key) => JSON.parse(localStorage.getItem(key)!) as { done: boolean }),
      ),
    )
    .toMatchObject([{ done: true }]);
  const bank = (await storedTodo(page, 'Call the bank'))!;
  await page.locator(`${GRID} [data-block-id="${bank.id}"][data-done]`).waitFor();

  // A timed note the same way, right after it.
  await page.getByRole('button', { name: 'New block…' }).click();
  await form.getByLabel('Title').fill('Lunch with Ada');
  await form.getByRole('radio', { name: 'Note' }).check();
  await form.getByLabel('Start').fill('10:15');
  await form.getByLabel('Minutes').fill('60');
  await form.getByRole('button', { name: 'Add' }).click();
  await page.locator(`${GRID} [data-kind="textBox"]`).waitFor();
  await expect
    .poll(async () => (await storedTitles(page, 'textBox-')).join())
    .toContain('Lunch with Ada');
  // And a 15-minute note: one line, which shows its title.
  await page.getByRole('button', { name: 'New block…' }).click();
  await form.getByLabel('Title').fill('Stretch break');
  await form.getByRole('radio', { name: 'Note' }).check();
  await form.getByLabel('Start').fill('11:30');
  await form.getByLabel('Minutes').fill('15');
  await form.getByRole('button', { name: 'Add' }).click();
  await form.waitFor({ state: 'detached' });
  await page.locator(`${GRID} [data-kind="textBox"][data-short]`).waitFor();
  expect(await shortTitlesHidden(page)).toEqual([]);
  expect(
    await page.locator(`${GRID} [data-kind="textBox"][data-short] .tl-block__title`).innerText(),
  ).toBe('Stretch break');

  // In the week's narrow columns a short block's time shows whole or not at all, never cut.
  await page.goto(`${site.url}${TIMELINE}&grid=week`);
  const bankTime = page.locator(`${GRID} [data-block-id="${bank.id}"] .tl-block__time`);
  await bankTime.waitFor({ state: 'attached' });
  expect(await timesShownCut(page)).toEqual([]);
  expect(await bankTime.evaluate(timeIsHidden)).toBe(true);
  expect(await shortTitlesHidden(page)).toEqual([]);
  await page.goto(`${site.url}${TIMELINE}&grid=day`);
  await page.locator(GRID).waitFor();

  // The same items on a touch screen: a 15-minute block reaches 44 px, its handle is 44 px.
  const entries = await page.evaluate(() =>
    Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)!] as const),
  );
  const touch = await site.browser.newContext({
    viewport: { width: VIEWPORTS.mobile.width, height: 860 },
    hasTouch: true,
  });
  try {
    await touch.addInitScript((stored: (readonly [string, string])[]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [key, value] of stored) localStorage.setItem(key, value);
    }, entries);
    const phone = await touch.newPage();
    await phone.goto(`${site.url}${TIMELINE}&grid=day`);
    await phone.locator(GRID).waitFor();
    expect(await phone.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await phone.locator('.tl-scroller').evaluate((box, top) => (box.scrollTop = top), yOf(9 * 60));
    const short = phone.locator(`${GRID} [data-block-id="${bank.id}"]`);
    await short.evaluate((block) => block.scrollIntoView({ block: 'center' }));
    const box = (await short.locator('button').boundingBox())!;
    expect(box.height).toBeLessThan(20);
    // What a finger lands on, 20 px above and below the block's middle and in it: the block (the
    // note just below it included, since the short block reaches over it).
    const hits = await phone.evaluate(
      ({ x, y }) =>
        [y - 20, y, y + 20].map(
          (at) =>
            document
              .elementFromPoint(x, at)
              ?.closest('[data-block-id]')
              ?.getAttribute('data-block-id') ?? null,
        ),
      { x: box.x + 20, y: box.y + box.height / 2 },
    );
    expect(hits).toEqual([bank.id, bank.id, bank.id]);
    const handle = (await short.locator('[data-resize-handle]').boundingBox())!;
    expect(handle.width).toBeGreaterThanOrEqual(44);
    expect(handle.height).toBeGreaterThanOrEqual(44);
    const onHandle = await phone.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.hasAttribute('data-resize-handle') ?? false,
      { x: handle.x + handle.width / 2, y: handle.y + handle.height - 4 },
    );
    expect(onHandle).toBe(true);
    // The handles' dots lie beside the blocks' text, in the day and in the week's narrow columns.
    expect(await dotsOverText(phone)).toEqual([]);
    await phone.goto(`${site.url}${TIMELINE}&grid=week`);
    await phone.locator(`${GRID} [data-block-id="${bank.id}"]`).waitFor();
    expect(await dotsOverText(phone)).toEqual([]);
    expect(await shortTitlesHidden(phone)).toEqual([]);
  } finally {
    await touch.close();
  }
});
