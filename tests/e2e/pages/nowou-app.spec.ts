/**
 * Nowou's frame in real Chromium (docs/product/nowou.md#nowou): undo and redo from the keyboard for
 * done, delete and a roll-over-sized change; the command palette (with the timeline's commands)
 * and the shortcuts sheet; N for a new to-do; export in one browser, import into a fresh one with
 * a preview naming what it adds and changes, every kind arriving with the same values; a bad file
 * that changes nothing and says why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { storedTitles } from '#test-support/nowou-storage';
import { makeTempDir } from '#test-support/server';
import { useSite } from '#test-support/site';

const site = useSite();

async function quickAdd(page: Page, text: string) {
  await page.getByLabel('Add a to-do').fill(text);
  await page.getByLabel('Add a to-do').press('Enter');
}

function inbox(page: Page) {
  return page.getByRole('list', { name: 'Inbox' }).locator('.todo-row__title');
}

async function inboxTitles(page: Page): Promise<string[]> {
  if ((await page.getByRole('list', { name: 'Inbox' }).count()) === 0) return [];
  return inbox(page).allInnerTexts();
}

/** Ctrl+Z (or Shift+Ctrl+Z) pressed with the focus on the page, not in a field. */
async function pressOnPage(page: Page, keys: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(keys);
}

async function storedTodos(
  page: Page,
): Promise<{ title: string; done: boolean; deleted: boolean }[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('todo-'))
      .map((key) => JSON.parse(localStorage.getItem(key)!))
      .sort((a, b) => a.title.localeCompare(b.title)),
  );
}

test('Ctrl+Z undoes done and delete, Shift+Ctrl+Z redoes; the bar buttons follow', async () => {
  const { page } = await site.open(paths.nowou, { width: 1280, theme: 'light' });
  await quickAdd(page, 'Water plants');
  await quickAdd(page, 'Pay rent');
  await expect.poll(() => inboxTitles(page)).toEqual(['Water plants', 'Pay rent']);

  await page.getByRole('checkbox', { name: 'Pay rent' }).click();
  await expect.poll(() => inboxTitles(page)).toEqual(['Water plants']);
  await pressOnPage(page, 'Control+z');
  await expect.poll(() => inboxTitles(page)).toEqual(['Water plants', 'Pay rent']);
  await page.getByRole('status').filter({ hasText: 'Undone: Ticked Pay rent.' }).waitFor();

  await page.getByRole('button', { name: 'Delete Water plants' }).click();
  await expect.poll(() => inboxTitles(page)).toEqual(['Pay rent']);
  await pressOnPage(page, 'Control+z');
  await expect.poll(() => inboxTitles(page)).toEqual(['Water plants', 'Pay rent']);
  await pressOnPage(page, 'Control+Shift+z');
  await expect.poll(() => inboxTitles(page)).toEqual(['Pay rent']);

  // The undo reached storage too: a reload shows the same.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => inboxTitles(page)).toEqual(['Water plants', 'Pay rent']);
  await expect.poll(() => storedTitles(page, 'todo-')).toEqual(['Pay rent', 'Water plants']);
  await page.reload();
  await expect.poll(() => inboxTitles(page)).toEqual(['Water plants', 'Pay rent']);
  // A fresh page has no history: the buttons say so.
  expect(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled()).toBe(true);

  // In a field, Ctrl+Z is the field's own: nothing in the list changes.
  await page.getByLabel('Add a to-do').fill('half typed');
  await page.getByLabel('Add a to-do').press('Control+z');
  expect(await inboxTitles(page)).toEqual(['Water plants', 'Pay rent']);
});

test('the command palette runs commands by keyboard; ? lists the shortcuts; N starts a new to-do', async () => {
  const { page } = await site.open(paths.nowou, { width: 400, theme: 'dark' });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Commands' });
  await palette.waitFor();
  await palette.getByRole('combobox').fill('show tom');
  expect(await palette.getByRole('option').allInnerTexts()).toEqual(['Show Tomorrow']);
  await palette.getByRole('combobox').press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Tomorrow' }).waitFor();
  expect(new URL(page.url()).searchParams.get('view')).toBe('tomorrow');

  // Arrows move the choice; Escape closes without running anything.
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('go to');
  await palette.getByRole('combobox').press('ArrowDown');
  expect(await palette.getByRole('option', { selected: true }).innerText()).toContain(
    'Go to Timeline',
  );
  await palette.getByRole('combobox').press('Escape');
  await palette.waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 2, name: 'Tomorrow' }).waitFor();

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await sheet.waitFor();
  expect(await sheet.getByText('New to-do').count()).toBe(1);
  expect(await sheet.getByText('Commands').count()).toBe(1);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('n');
  expect(
    await page.getByLabel('Add a to-do').evaluate((input) => input === document.activeElement),
  ).toBe(true);
  // The N itself was not typed into the field.
  expect(await page.getByLabel('Add a to-do').inputValue()).toBe('');

  // The timeline's commands run from here: the timeline opens with New block… and its title
  // field focused, and the Day grid is chosen by name.
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('new block');
  expect(await palette.getByRole('option').allInnerTexts()).toEqual(['New block on the timeline']);
  await palette.getByRole('combobox').press('Enter');
  const form = page.getByRole('form', { name: 'New block' });
  await form.waitFor();
  await expect
    .poll(() => form.getByLabel('Title').evaluate((input) => input === document.activeElement))
    .toBe(true);
  await form.getByLabel('Title').press('Escape');
  await form.waitFor({ state: 'detached' });
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('week grid');
  await palette.getByRole('combobox').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('grid')).toBe('week');
});

/** Every Nowou key and its value (parsed, or the bare string of defaultTimeline). */
async function nowouEntries(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const prefixes = [
      'timeline-',
      'defaultTimeline',
      'textBox-',
      'textElement-',
      'brainstorm-',
      'todo-',
    ];
    const entries: Record<string, unknown> = {};
    for (const key of Object.keys(localStorage)) {
      if (!prefixes.some((prefix) => key.startsWith(prefix))) continue;
      const raw = localStorage.getItem(key)!;
      entries[key] = key === 'defaultTimeline' ? raw : JSON.parse(raw);
    }
    return entries;
  });
}

/** A board with a text node and a link node, written as another Nowou tab would. */
const BOARD = {
  id: 'b0a1c2d3-0000-4000-8000-000000000001',
  kind: 'brainstorm',
  v: 1,
  modifiedAt: '2026-02-01T09:00:00.000Z',
  deleted: false,
  title: 'Garden ideas',
  viewport: { x: 0, y: 0, zoom: 1 },
  nodeOrder: ['n0a1c2d3-0000-4000-8000-000000000002', 'n0a1c2d3-0000-4000-8000-000000000003'],
  edges: [
    {
      id: 'e0a1c2d3-0000-4000-8000-000000000004',
      fromNode: 'n0a1c2d3-0000-4000-8000-000000000002',
      toNode: 'n0a1c2d3-0000-4000-8000-000000000003',
    },
  ],
  order: 'V',
};
const NODES = [
  {
    id: 'n0a1c2d3-0000-4000-8000-000000000002',
    kind: 'textElement',
    v: 1,
    modifiedAt: '2026-02-01T09:00:00.000Z',
    deleted: false,
    boardId: BOARD.id,
    type: 'text',
    x: 0,
    y: 0,
    width: 200,
    height: 80,
    text: '**Raised beds** by the fence',
  },
  {
    id: 'n0a1c2d3-0000-4000-8000-000000000003',
    kind: 'textElement',
    v: 1,
    modifiedAt: '2026-02-01T09:00:00.000Z',
    deleted: false,
    boardId: BOARD.id,
    type: 'link',
    x: 300,
    y: 0,
    width: 200,
    height: 80,
    url: 'https://example.com/seeds',
  },
];

test('export, then import into a fresh browser with a preview naming what changes; the same values of every kind arrive; a bad file changes nothing', async () => {
  const first = await site.open(paths.nowou, { width: 1280, theme: 'light' });
  await first.page.evaluate(
    ({ board, nodes }) => {
      for (const item of [board, ...nodes]) {
        const prefix = item.kind === 'brainstorm' ? 'brainstorm-' : 'textElement-';
        localStorage.setItem(`${prefix}${item.id}`, JSON.stringify(item));
      }
    },
    { board: BOARD, nodes: NODES },
  );
  await first.page.reload();
  await first.page.locator('main').waitFor();
  await quickAdd(first.page, 'Book dentist #health');
  await quickAdd(first.page, 'Renew passport');
  await first.page.getByRole('checkbox', { name: 'Renew passport' }).click();
  // Quick add then shows Tomorrow, where the standup lands.
  await quickAdd(first.page, 'Standup tomorrow 9:30 15m !1');
  // A custom list, a timeline with a note block made without the pointer.
  await first.page.getByRole('button', { name: 'New list' }).click();
  await first.page.getByLabel('List name').fill('Errands');
  await first.page.getByLabel('List name').press('Enter');
  await first.page.getByRole('heading', { level: 2, name: 'Errands' }).waitFor();
  await first.page.getByRole('button', { name: 'Timeline', exact: true }).click();
  await first.page.getByRole('button', { name: 'New block…' }).click();
  const form = first.page.getByRole('form', { name: 'New block' });
  await form.getByLabel('Title').fill('Plan the week');
  await form.getByRole('radio', { name: 'Note' }).check();
  await form.getByLabel('Start').fill('08:00');
  await form.getByRole('button', { name: 'Add' }).click();
  await first.page.getByRole('status').filter({ hasText: 'Added Plan the week' }).waitFor();
  // Saved once the note, the last thing made, is in storage.
  await expect
    .poll(async () => (await storedTitles(first.page, 'textBox-')).join())
    .toContain('Plan the week');
  const source = await nowouEntries(first.page);
  const kinds = new Set(Object.values(source).map((value) => (value as { kind?: string }).kind));
  expect([...kinds].sort()).toEqual([
    'brainstorm',
    'list',
    'textBox',
    'textElement',
    'timeline',
    'todo',
    undefined,
  ]);
  expect(source.defaultTimeline).toBe('my-timeline');

  const [download] = await Promise.all([
    first.page.waitForEvent('download'),
    first.page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const dir = makeTempDir('nowou-export-');
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^nowou-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as {
    items: { title?: string }[];
    defaultTimeline: string;
  };
  expect(exported.defaultTimeline).toBe('my-timeline');
  expect(exported.items).toHaveLength(Object.keys(source).length - 1);

  const second = await site.open(paths.nowou, { width: 1280, theme: 'dark' });
  const { page } = second;
  await quickAdd(page, 'Already here');
  await expect.poll(() => storedTitles(page, 'todo-')).toEqual(['Already here']);
  const before = await storedTodos(page);

  // A file that is not a Nowou export: one line why, nothing written.
  const bad = join(dir, 'notes.json');
  writeFileSync(bad, JSON.stringify({ hello: 'world' }));
  await page.getByLabel('Import a Nowou file').setInputFiles(bad);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Nothing was imported. The file is not a Nowou export.' })
    .waitFor();
  expect(await storedTodos(page)).toEqual(before);

  // The real export: the preview names what it adds, kind by kind, before anything changes.
  await page.getByLabel('Import a Nowou file').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByText(`Adds ${exported.items.length} items`).waitFor();
  const added = dialog.getByRole('list', { name: 'Added' });
  expect(await added.getByRole('listitem').allInnerTexts()).toEqual([
    'To-dos: Book dentist, Renew passport, Standup',
    'Lists: Errands',
    'Timelines: My timeline',
    'Notes: Plan the week',
    'Boards: Garden ideas',
    'Board nodes: https://example.com/seeds, Raised beds by the fence',
  ]);
  await dialog.getByText('Opens My timeline first on the timeline').waitFor();
  expect(await storedTodos(page)).toEqual(before);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await inboxTitles(page)).sort())
    .toEqual(['Already here', 'Book dentist']);
  await expect
    .poll(async () => Object.keys(await nowouEntries(page)).length)
    .toBe(Object.keys(source).length + 1);

  // Every key of the first browser arrives with the same value (ids, times and fields kept), and
  // the timeline that opens first with them.
  const arrived = await nowouEntries(page);
  for (const [key, value] of Object.entries(source)) expect(arrived[key], key).toEqual(value);
  expect(Object.keys(arrived).length).toBe(Object.keys(source).length + 1);

  // Importing the same file again changes nothing (nothing newer), and Import is off.
  await page.getByLabel('Import a Nowou file').setInputFiles(file);
  await dialog
    .getByText(`Leaves ${exported.items.length} items as they are`, { exact: false })
    .waitFor();
  expect(await dialog.getByRole('list', { name: 'Added' }).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A newer copy of one to-do from the first browser is named as a change.
  await first.page.getByRole('button', { name: 'To-dos', exact: true }).click();
  await first.page
    .getByRole('navigation', { name: 'To-do views' })
    .getByRole('button', { name: /^Inbox\b/ })
    .click();
  await first.page.getByRole('button', { name: 'Delete Book dentist' }).click();
  await expect.poll(() => storedTitles(first.page, 'todo-')).not.toContain('Book dentist');
  const [again] = await Promise.all([
    first.page.waitForEvent('download'),
    first.page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const newer = join(dir, 'newer.json');
  await again.saveAs(newer);
  await page.getByLabel('Import a Nowou file').setInputFiles(newer);
  await dialog.getByRole('list', { name: 'Changed' }).waitFor();
  expect(
    await dialog.getByRole('list', { name: 'Changed' }).getByRole('listitem').allInnerTexts(),
  ).toEqual(['To-dos: Book dentist (deleted)']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // And the import is one undo step.
  await pressOnPage(page, 'Control+z');
  await expect.poll(() => inboxTitles(page)).toEqual(['Already here']);
});
