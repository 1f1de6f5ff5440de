/**
 * Nowou's frame in real Chromium (docs/product.md#nowou): undo and redo from the keyboard for
 * done, delete and a roll-over-sized change; the command palette and the shortcuts sheet; N for a
 * new to-do; export in one browser, import into a fresh one with a preview first; a bad file that
 * changes nothing and says why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
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
  await page.waitForTimeout(500);
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
});

test('export, then import into a fresh browser with a preview; a bad file changes nothing', async () => {
  const first = await site.open(paths.nowou, { width: 1280, theme: 'light' });
  await quickAdd(first.page, 'Book dentist #health');
  await quickAdd(first.page, 'Renew passport');
  await first.page.getByRole('checkbox', { name: 'Renew passport' }).click();
  await first.page.waitForTimeout(500);
  const [download] = await Promise.all([
    first.page.waitForEvent('download'),
    first.page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const dir = makeTempDir('nowou-export-');
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^nowou-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as { items: { title?: string }[] };
  expect(exported.items.map((item) => item.title).sort()).toEqual([
    'Book dentist',
    'Renew passport',
  ]);

  const second = await site.open(paths.nowou, { width: 1280, theme: 'dark' });
  const { page } = second;
  await quickAdd(page, 'Already here');
  await page.waitForTimeout(500);
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

  // The real export: the preview says what it adds before anything changes.
  await page.getByLabel('Import a Nowou file').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByText('Adds 2 items').waitFor();
  expect(await storedTodos(page)).toEqual(before);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await inboxTitles(page)).sort())
    .toEqual(['Already here', 'Book dentist']);
  await page.waitForTimeout(500);
  const after = await storedTodos(page);
  expect(after.map(({ title, done, deleted }) => ({ title, done, deleted }))).toEqual([
    { title: 'Already here', done: false, deleted: false },
    { title: 'Book dentist', done: false, deleted: false },
    { title: 'Renew passport', done: true, deleted: false },
  ]);
  // The same items as the first browser: ids and times kept.
  const firstStored = await first.page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('todo-'))
      .sort(),
  );
  const secondKeys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('todo-')),
  );
  for (const key of firstStored) expect(secondKeys).toContain(key);

  // Importing the same file again changes nothing (nothing newer), and Import is off.
  await page.getByLabel('Import a Nowou file').setInputFiles(file);
  await dialog.getByText('Leaves 2 items as they are', { exact: false }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // And the import is one undo step.
  await pressOnPage(page, 'Control+z');
  await expect.poll(() => inboxTitles(page)).toEqual(['Already here']);
});
