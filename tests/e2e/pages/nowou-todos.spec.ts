/**
 * Nowou's to-dos in real Chromium (docs/product/nowou.md#nowou): quick add with what was understood, the
 * views, done, delete and Undo, keyboard moves, editing (title, notes, subtasks, a daily repeat
 * whose next one appears when done; list, day, time, duration, priority and tags, bad input
 * refused), a to-do's block following its day, Overdue with Roll over and Roll over by itself, a
 * search of every to-do by tag, when a to-do was done, a second tab's change shown without reload,
 * a value this version cannot read left untouched with a notice, only Nowou's and the site's own
 * keys in localStorage, repeats read by quick add at 400 and 1280 px, axe at 400 px (dark) and 1280 px (light), no sideways scroll at 320 px.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { TODO_DEFAULTS } from '#shared/nowou-records';
import { paths } from '#shared/paths';
import { PRODUCTIVITY_KEY_PREFIXES, STORAGE_KEYS } from '#shared/storage-keys';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { changedKeys, nextSave, storageSnapshot, storedTitles } from '#test-support/nowou-storage';
import { useSite } from '#test-support/site';
import { addDays, dayOf, weekdayOf } from '../../../src/client/features/nowou/logic/calendar-day';
import { formatPlanDay } from '../../../src/client/lib/date-format';

const site = useSite();

function views(page: Page) {
  return page.getByRole('navigation', { name: 'To-do views' });
}

async function openView(page: Page, name: string) {
  await views(page)
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

function list(page: Page, name: string) {
  return page.getByRole('list', { name });
}

async function titles(page: Page, name: string): Promise<string[]> {
  if ((await list(page, name).count()) === 0) return [];
  return list(page, name).locator('.todo-row__title').allInnerTexts();
}

async function quickAdd(page: Page, text: string) {
  await page.getByLabel('Add a to-do').fill(text);
  await page.getByLabel('Add a to-do').press('Enter');
}

interface StoredTodo {
  title: string;
  list: string;
  time: string | null;
  duration: number | null;
  priority: number;
  tags: string[];
  schedule: { timelineId: string; start: string; end: string } | null;
}

/** A stored to-do's block as its local day, start and length: "2026-03-12 09:00 60m". */
function blockOf(todo: StoredTodo): string {
  if (!todo.schedule) return 'none';
  const start = new Date(todo.schedule.start);
  const pad = (n: number) => String(n).padStart(2, '0');
  const minutes = (Date.parse(todo.schedule.end) - start.getTime()) / 60_000;
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())} ${pad(start.getHours())}:${pad(start.getMinutes())} ${minutes}m`;
}

async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage));
}

test('quick add, views, reload, done, delete with Undo, keyboard moves and only Nowou keys stored', async () => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.desktop.width, theme: 'light' });
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nowou');
  await page.getByText('Everything you make is kept in this browser and works offline.').waitFor();

  // What was understood shows while typing.
  await page.getByLabel('Add a to-do').fill('Call Ada tomorrow 14:30 #work !2');
  const understood = page.getByRole('list', { name: 'Understood' });
  expect(await understood.getByRole('listitem').allInnerTexts()).toEqual([
    'Day tomorrow',
    'Time 14:30',
    'Tag #work',
    'Priority !2',
  ]);
  await page.getByLabel('Add a to-do').press('Enter');
  expect(await page.getByLabel('Add a to-do').inputValue()).toBe('');
  // It landed on tomorrow, not in the Inbox: the view goes there and marks the new row.
  const row = list(page, 'Tomorrow').getByRole('listitem').filter({ hasText: 'Call Ada' });
  await row.waitFor();
  expect(await row.getAttribute('data-just-added')).toBe('true');
  expect(new URL(page.url()).searchParams.get('view')).toBe('tomorrow');
  expect(await page.getByRole('list', { name: 'Inbox' }).count()).toBe(0);
  expect(await row.locator('.todo-row__title').innerText()).toBe('Call Ada');
  expect(await row.locator('.todo-chip').allTextContents()).toEqual([
    '!2 priority',
    '14:30',
    '#work',
  ]);

  // An empty title is refused with a message.
  await quickAdd(page, '   ');
  await page.getByText('Type what to do first.').waitFor();
  expect(await page.getByLabel('Add a to-do').getAttribute('aria-invalid')).toBe('true');
  expect(await titles(page, 'Tomorrow')).toEqual(['Call Ada']);
  await page.getByLabel('Add a to-do').fill('');

  // Survives a reload.
  await page.reload();
  await page.locator('main').waitFor();
  await openView(page, 'Tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada']);

  // A to-do for a later day is under Upcoming, with its day shown; the footer counts what is stored.
  const later = new Date();
  later.setDate(later.getDate() + 5);
  const laterDay = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}`;
  await quickAdd(page, `Dentist ${laterDay}`);
  await openView(page, 'Upcoming');
  await expect.poll(() => titles(page, 'Upcoming')).toEqual(['Dentist']);
  const dayChip = list(page, 'Upcoming').locator('.todo-chip').first();
  expect(await dayChip.innerText()).toContain(String(later.getDate()));
  await expect.poll(() => page.getByText('Nowou uses').innerText()).not.toContain(' 0 bytes');
  await openView(page, 'Tomorrow');

  // Added in the current view; Alt+ArrowUp moves the focused row and is announced.
  await quickAdd(page, 'Buy stamps');
  await quickAdd(page, 'Post letter');
  await expect
    .poll(() => titles(page, 'Tomorrow'))
    .toEqual(['Call Ada', 'Buy stamps', 'Post letter']);
  await page.getByRole('checkbox', { name: 'Post letter' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect
    .poll(() => titles(page, 'Tomorrow'))
    .toEqual(['Call Ada', 'Post letter', 'Buy stamps']);
  await page.getByRole('status').filter({ hasText: 'Moved Post letter' }).waitFor();
  await page.keyboard.press('Alt+ArrowUp');
  await expect
    .poll(() => titles(page, 'Tomorrow'))
    .toEqual(['Post letter', 'Call Ada', 'Buy stamps']);
  await page.reload();
  await page.locator('main').waitFor();
  await openView(page, 'Tomorrow');
  await expect
    .poll(() => titles(page, 'Tomorrow'))
    .toEqual(['Post letter', 'Call Ada', 'Buy stamps']);

  // Move to… Someday.
  await page.getByRole('button', { name: 'Move to… Buy stamps' }).click();
  await page
    .getByRole('group', { name: 'Move Buy stamps to' })
    .getByRole('button', { name: 'Someday' })
    .click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Post letter', 'Call Ada']);
  await openView(page, 'Someday');
  expect(await titles(page, 'Someday')).toEqual(['Buy stamps']);

  // Done moves it to Done.
  await openView(page, 'Tomorrow');
  await page.getByRole('checkbox', { name: 'Post letter' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada']);
  await openView(page, 'Done');
  expect(await titles(page, 'Done')).toEqual(['Post letter']);

  // Delete, then Undo restores it.
  await openView(page, 'Tomorrow');
  await page.getByRole('button', { name: 'Delete Call Ada' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual([]);
  await page.getByRole('button', { name: 'Undo deleting Call Ada' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada']);

  // Deleted again, it waits under Recently deleted, also after a reload, and Restore brings it back.
  await page.getByRole('button', { name: 'Delete Call Ada' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual([]);
  await page.reload();
  await page.locator('main').waitFor();
  await page.getByText('Recently deleted (1)').click();
  await page.getByRole('button', { name: 'Restore Call Ada' }).click();
  await openView(page, 'Tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada']);
  expect(await page.getByText(/Recently deleted/).count()).toBe(0);

  // Search and the tag filter narrow the view; ticking a row hands focus to the one below.
  await quickAdd(page, 'Buy paint tomorrow #home');
  await quickAdd(page, 'Email Bo tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada', 'Buy paint', 'Email Bo']);
  await page.getByLabel('Search').fill('nothing like it');
  await page.getByText('No to-do here matches the search.').waitFor();
  await page.getByLabel('Search').fill('PAINT');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Buy paint']);
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: '#work' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada']);
  await page.getByRole('button', { name: '#work' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada', 'Buy paint', 'Email Bo']);
  await page.getByRole('checkbox', { name: 'Buy paint' }).press('Space');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Call Ada', 'Email Bo']);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? ''))
    .toContain('Email Bo');
  await page.getByRole('checkbox', { name: 'Email Bo' }).press('Space');
  await page.getByRole('checkbox', { name: 'Call Ada' }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? ''))
    .toContain('Call Ada');

  await page.getByText(/Nowou uses [\d.]+ (bytes|kB) of this browser’s storage/).waitFor();

  // Only Nowou's prefixes and the site's own keys.
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((key) => key.startsWith('todo-')),
  );
  const siteKeys: string[] = Object.values(STORAGE_KEYS);
  const foreign = (await storageKeys(page)).filter(
    (key) =>
      !siteKeys.includes(key) &&
      !PRODUCTIVITY_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)),
  );
  expect(foreign).toEqual([]);
  // Call Ada, Buy stamps, Post letter (done), the dentist, Buy paint and Email Bo (done).
  expect((await storageKeys(page)).filter((key) => key.startsWith('todo-'))).toHaveLength(6);

  expect(await axeViolations(page)).toEqual([]);
});

test('quick add understands repeats: a chip shows the rule and its first day before saving, at 400 and 1280 px', async () => {
  const today = dayOf(new Date());
  const nextMonday = addDays(today, (1 - weekdayOf(today) + 7) % 7);
  const firstOfMonth = today.endsWith('-01')
    ? today
    : `${addDays(today.slice(0, 8) + '28', 4).slice(0, 8)}01`;

  // 400 px, dark: the hint is read out (not shown) and says repeats are understood.
  const phone = await site.open(paths.nowou, { width: VIEWPORTS.mobile.width, theme: 'dark' });
  const field = phone.page.getByLabel('Add a to-do');
  expect(await field.getAttribute('aria-describedby')).toBeTruthy();
  expect(await phone.page.locator('.todos__hint').first().textContent()).toContain('every mon');
  await field.fill('Pay rent monthly on the 1st');
  const phoneChips = phone.page.getByRole('list', { name: 'Understood' }).getByRole('listitem');
  expect(await phoneChips.allInnerTexts()).toEqual([
    `Repeats monthly on day 1, from ${formatPlanDay(firstOfMonth)}`,
  ]);
  // The chip is whole on a phone's screen.
  const chip = await phoneChips.first().boundingBox();
  expect(chip!.x).toBeGreaterThanOrEqual(0);
  expect(chip!.x + chip!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
  await field.press('Enter');
  await phone.page.getByRole('status').filter({ hasText: 'Added Pay rent' }).waitFor();
  await phone.context.close();

  // 1280 px, light: the issue's own line.
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await page.getByLabel('Add a to-do').fill('every mon 7:00 gym');
  const chips = page.getByRole('list', { name: 'Understood' }).getByRole('listitem');
  expect(await chips.allInnerTexts()).toEqual([
    `Repeats every Mon, from ${formatPlanDay(nextMonday)}`,
    'Time 7:00',
  ]);
  await page.getByLabel('Add a to-do').press('Enter');
  await quickAdd(page, 'Stretch every day');
  await openView(page, 'Today');
  await expect.poll(() => titles(page, 'Today')).toContain('Stretch');
  const stretch = list(page, 'Today').getByRole('listitem').filter({ hasText: 'Stretch' });
  expect(await stretch.locator('.todo-chip').allTextContents()).toEqual(['Every day']);
  const storedTodos = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('todo-'))
        .map(
          (key) => JSON.parse(localStorage.getItem(key)!) as StoredTodo & { recurrence: unknown },
        ),
    );
  // The store writes after a short pause: wait for the write, not for a time.
  await expect
    .poll(async () => (await storedTodos()).find((todo) => todo.title === 'gym'))
    .toMatchObject({
      list: `day:${nextMonday}`,
      time: '07:00',
      recurrence: { kind: 'weekly', days: [1] },
    });
  const stored = await storedTodos();
  expect(blockOf(stored.find((todo) => todo.title === 'gym')!)).toBe(`${nextMonday} 07:00 30m`);

  // Done today, the next one waits tomorrow.
  await page.getByRole('checkbox', { name: 'Stretch' }).click();
  await openView(page, 'Tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toContain('Stretch');
});

test('a second tab’s change shows without reload; an unreadable value stays untouched with a notice', async () => {
  const first = await site.open(paths.nowou, { width: VIEWPORTS.mobile.width, theme: 'dark' });
  const broken = 'todo-0b7c1a52-8a3e-4d8b-9a55-2f7a1c9d4e10';
  await first.page.evaluate((key) => localStorage.setItem(key, 'not json'), broken);
  const pastId = '5d2f0c1e-3b4a-4c6d-8e9f-0a1b2c3d4e5f';
  const past = {
    ...TODO_DEFAULTS,
    id: pastId,
    modifiedAt: '2026-01-01T10:00:00.000Z',
    title: 'Left from last year',
    list: 'day:2025-12-31',
    order: 'V',
  };
  await first.page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`todo-${pastId}`, JSON.stringify(past)],
  );
  await first.page.reload();
  await first.page.locator('main').waitFor();
  await first.page.getByText('1 saved item could not be read and is left as it is.').waitFor();

  const second = await first.context.newPage();
  await second.goto(`${site.url}${paths.nowou}`);
  await second.locator('main').waitFor();
  await quickAdd(second, 'Water the plants');
  await expect
    .poll(() => titles(first.page, 'Inbox'), { timeout: 5000 })
    .toEqual(['Water the plants']);

  await second.getByRole('checkbox', { name: 'Water the plants' }).click();
  await expect.poll(() => titles(first.page, 'Inbox'), { timeout: 5000 }).toEqual([]);
  await second.close();

  // Today shows the unfinished to-do of an earlier day under Overdue, with its day; Roll over
  // moves it to today.
  await openView(first.page, 'Today');
  await expect.poll(() => titles(first.page, 'Overdue')).toEqual(['Left from last year']);
  expect(await list(first.page, 'Overdue').locator('.todo-chip').allTextContents()).toHaveLength(1);
  await first.page.getByRole('button', { name: 'Roll over to today' }).click();
  await expect.poll(() => titles(first.page, 'Today')).toEqual(['Left from last year']);
  expect(await list(first.page, 'Overdue').count()).toBe(0);

  // Roll over by itself: a to-do of an earlier day written by another tab moves to today at once,
  // and the setting stays after a reload without a localStorage key of its own.
  await first.page.getByRole('checkbox', { name: 'Roll over by itself each day' }).check();
  await first.page
    .getByRole('status')
    .filter({ hasText: 'now move to today by themselves' })
    .waitFor();
  const writer = await first.context.newPage();
  await writer.goto(`${site.url}${paths.nowou}`);
  await writer.locator('main').waitFor();
  const lateId = '7e2f0c1e-3b4a-4c6d-8e9f-0a1b2c3d4e60';
  await writer.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [
      `todo-${lateId}`,
      JSON.stringify({ ...past, id: lateId, title: 'Posted late', list: 'day:2026-01-02' }),
    ],
  );
  await writer.close();
  await expect
    .poll(() => titles(first.page, 'Today'))
    .toEqual(['Left from last year', 'Posted late']);
  await first.page.reload();
  await first.page.locator('main').waitFor();
  await expect
    .poll(() =>
      first.page.getByRole('checkbox', { name: 'Roll over by itself each day' }).isChecked(),
    )
    .toBe(true);
  expect((await storageKeys(first.page)).filter((key) => /roll/i.test(key))).toEqual([]);
  await openView(first.page, 'Inbox');

  expect(await first.page.evaluate((key) => localStorage.getItem(key), broken)).toBe('not json');

  // axe at 400 px dark with a row and a notice.
  await quickAdd(first.page, 'Read a chapter #home');
  await list(first.page, 'Inbox')
    .locator('.todo-row__title', { hasText: 'Read a chapter' })
    .waitFor();
  // On a phone a row's actions wait behind its menu button.
  await first.page.getByRole('button', { name: 'Actions for Read a chapter' }).click();
  await first.page.getByRole('button', { name: 'Move to… Read a chapter' }).click();
  expect(await axeViolations(first.page)).toEqual([]);

  // No sideways scroll at 320 px.
  await first.page.setViewportSize({ width: 320, height: 800 });
  expect(
    await first.page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    ),
  ).toBe(false);
  expect(await first.page.evaluate((key) => localStorage.getItem(key), broken)).toBe('not json');
});

test('edit a to-do: title, notes, subtasks and a daily repeat whose next one appears when done', async () => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.desktop.width, theme: 'light' });
  await openView(page, 'Today');
  await quickAdd(page, 'Water plantz');
  await expect.poll(() => titles(page, 'Today')).toEqual(['Water plantz']);

  // An empty title is refused with a message and nothing is saved; Escape cancels.
  await page.getByRole('button', { name: 'Edit Water plantz' }).click();
  const editor = page.getByRole('form', { name: 'Edit Water plantz' });
  await editor.getByLabel('Title').fill('');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByText('Give the to-do a title.').waitFor();
  await editor.getByLabel('Title').press('Escape');
  expect(await editor.count()).toBe(0);
  expect(
    await page.evaluate(() => document.activeElement?.textContent?.trim().replace(/\s+/g, ' ')),
  ).toBe('Edit Water plantz');
  expect(await titles(page, 'Today')).toEqual(['Water plantz']);

  // Title, notes (plain text), two subtasks with one ticked, and Every day.
  await page.getByRole('button', { name: 'Edit Water plantz' }).click();
  await editor.getByLabel('Title').fill('Water plants');
  await editor.getByLabel('Notes').fill('<b>Ferns</b> first');
  await editor.getByLabel('Add a subtask').fill('Kitchen');
  await editor.getByLabel('Add a subtask').press('Enter');
  await editor.getByLabel('Add a subtask').fill('Balcony');
  await editor.getByLabel('Add a subtask').press('Enter');
  await editor.getByRole('checkbox', { name: 'Kitchen' }).check();
  await editor.getByLabel('Repeat').selectOption({ label: 'Every day' });
  expect(await axeViolations(page)).toEqual([]);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => titles(page, 'Today')).toEqual(['Water plants']);
  const row = list(page, 'Today').getByRole('listitem').filter({ hasText: 'Water plants' });
  expect(await row.locator('.todo-row__notes').innerText()).toBe('<b>Ferns</b> first');
  expect(await row.locator('.todo-chip').allTextContents()).toEqual([
    '1/2 subtasks done',
    'Every day',
  ]);

  // Done: the next one is on tomorrow, with the rule and its subtasks un-ticked.
  await page.getByRole('checkbox', { name: 'Water plants' }).click();
  await expect.poll(() => titles(page, 'Today')).toEqual([]);
  await openView(page, 'Tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Water plants']);
  const next = list(page, 'Tomorrow').getByRole('listitem');
  expect(await next.locator('.todo-chip').allTextContents()).toEqual([
    '0/2 subtasks done',
    'Every day',
  ]);

  // Unticking the done one makes no other.
  await openView(page, 'Done');
  await page.getByRole('checkbox', { name: 'Water plants' }).click();
  await openView(page, 'Today');
  await expect.poll(() => titles(page, 'Today')).toEqual(['Water plants']);

  await page.reload();
  await page.locator('main').waitFor();
  await openView(page, 'Tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Water plants']);
  await openView(page, 'Today');
  await expect.poll(() => titles(page, 'Today')).toEqual(['Water plants']);
  const kept = list(page, 'Today').getByRole('listitem');
  expect(await kept.locator('.todo-row__notes').innerText()).toBe('<b>Ferns</b> first');
  expect(await kept.locator('.todo-chip').allTextContents()).toEqual([
    '1/2 subtasks done',
    'Every day',
  ]);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('todo-'))
      .map((key) => JSON.parse(localStorage.getItem(key)!) as { id: string; seriesId?: string }),
  );
  expect(stored).toHaveLength(2);
  expect(new Set(stored.map((todo) => todo.seriesId)).size).toBe(1);
});

test('edit every field: bad input changes nothing, a to-do on the timeline keeps its block on its day; search every to-do by tag', async () => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.desktop.width, theme: 'light' });
  // In the Inbox first: after the Dentist's quick add the view is Tomorrow, where it landed.
  await quickAdd(page, 'Buy milk #home');
  await quickAdd(page, 'Dentist tomorrow 10:00 45m #health');
  await openView(page, 'Tomorrow');
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual(['Dentist']);
  const stored = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('todo-'))
        .map((key) => JSON.parse(localStorage.getItem(key)!) as StoredTodo)
        .find((todo) => todo.title === 'Dentist'),
    );
  await expect.poll(async () => Boolean((await stored())?.schedule)).toBe(true);
  const before = await stored();

  // A bad time says how to write one, under its field, and nothing is saved.
  await page.getByRole('button', { name: 'Edit Dentist' }).click();
  const editor = page.getByRole('form', { name: 'Edit Dentist' });
  expect(await editor.getByLabel('Tags').inputValue()).toBe('#health');
  expect(await editor.getByLabel('Duration').inputValue()).toBe('45m');
  await editor.getByLabel('Time').fill('25:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByText('Write the time as 14:30 or 2pm, or leave it empty.').waitFor();
  expect(await editor.getByLabel('Time').getAttribute('aria-invalid')).toBe('true');
  await editor.getByLabel('Time').fill('9am');
  await editor.getByLabel('Tags').fill('#health #42');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByText('#42 is not a tag', { exact: false }).waitFor();
  // Proves nothing is saved: longer than the store takes to write a change (300 ms).
  await page.waitForTimeout(400);
  expect(await stored()).toEqual(before);

  // A day two days on, 9am, an hour, !2 and two tags: the block goes along.
  const inTwoDays = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 2);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });
  await editor.getByLabel('Tags').fill('#health errands');
  await editor.getByLabel('Duration').fill('1h');
  await editor.getByLabel('Priority').selectOption({ label: '!2' });
  await editor.getByLabel('Day').fill(inTwoDays);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => titles(page, 'Tomorrow')).toEqual([]);
  await expect.poll(async () => (await stored())?.list).toBe(`day:${inTwoDays}`);
  const edited = (await stored())!;
  expect(edited).toMatchObject({ time: '09:00', duration: 60, priority: 2 });
  expect(edited.tags).toEqual(['health', 'errands']);
  expect(blockOf(edited)).toBe(`${inTwoDays} 09:00 60m`);

  // Move to… Today takes the block to today, same time and length.
  await openView(page, 'Upcoming');
  await page.getByRole('button', { name: 'Move to… Dentist' }).click();
  await page
    .getByRole('group', { name: 'Move Dentist to' })
    .getByRole('button', { name: 'Today' })
    .click();
  const today = await page.evaluate(() => {
    const day = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });
  await expect.poll(async () => blockOf((await stored())!)).toBe(`${today} 09:00 60m`);
  expect((await stored())!.list).toBe(`day:${today}`);

  // Search every to-do: the tag chips are every to-do's; each row says where it is.
  await openView(page, 'Someday');
  await page.getByRole('checkbox', { name: 'All to-dos' }).check();
  await page.getByRole('heading', { level: 2, name: 'All to-dos' }).waitFor();
  await expect.poll(() => titles(page, 'All to-dos')).toEqual(['Dentist', 'Buy milk']);
  await page
    .getByRole('group', { name: 'Filter by tag' })
    .getByRole('button', { name: '#home' })
    .click();
  await expect.poll(() => titles(page, 'All to-dos')).toEqual(['Buy milk']);
  expect(await list(page, 'All to-dos').locator('.todo-chip').allTextContents()).toContain('Inbox');
  await page
    .getByRole('group', { name: 'Filter by tag' })
    .getByRole('button', { name: '#home' })
    .click();
  await page.getByLabel('Search', { exact: true }).fill('dent');
  await expect.poll(() => titles(page, 'All to-dos')).toEqual(['Dentist']);

  // Done says when.
  await page.getByRole('checkbox', { name: 'Dentist' }).click();
  const doneRow = list(page, 'All to-dos').getByRole('listitem').filter({ hasText: 'Dentist' });
  await doneRow.locator('.todo-chip--done').waitFor();
  expect(await doneRow.locator('.todo-chip--done').innerText()).toMatch(/^Done today, \d/);
  expect(await axeViolations(page)).toEqual([]);
});

test('custom lists: make one, add and move to-dos into it, rename it, delete it with Undo; an empty list stays', async () => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.mobile.width, theme: 'dark' });
  await page.getByRole('button', { name: 'New list' }).click();
  // No name: a clear message, nothing made.
  await page.getByRole('button', { name: 'Add list' }).click();
  await page.getByText('Give the list a name.').waitFor();
  expect((await storageKeys(page)).filter((key) => key.startsWith('todo-list-'))).toEqual([]);

  await page.getByLabel('List name').fill('Groceries');
  await page.getByRole('button', { name: 'Add list' }).click();
  await page.getByRole('heading', { level: 2, name: 'Groceries' }).waitFor();
  expect(new URL(page.url()).searchParams.get('view')).toMatch(/^list:/);
  await quickAdd(page, 'Oat milk');
  await expect.poll(() => titles(page, 'Groceries')).toEqual(['Oat milk']);

  // A to-do from the Inbox moves into it through Move to….
  await openView(page, 'Inbox');
  await quickAdd(page, 'Apples');
  await page.getByRole('button', { name: 'Actions for Apples' }).click();
  await page.getByRole('button', { name: 'Move to… Apples' }).click();
  await page
    .getByRole('group', { name: 'Move Apples to' })
    .getByRole('button', { name: 'Groceries' })
    .click();
  await expect.poll(() => titles(page, 'Inbox')).toEqual([]);
  await views(page)
    .getByRole('button', { name: /^Groceries/ })
    .click();
  await expect.poll(() => titles(page, 'Groceries')).toEqual(['Oat milk', 'Apples']);

  // The list is its own record under Nowou's prefix; a reload keeps it and its name.
  await expect.poll(() => storedTitles(page, 'todo-list-')).toEqual(['Groceries']);
  const listKeys = (await storageKeys(page)).filter((key) => key.startsWith('todo-list-'));
  expect(listKeys).toHaveLength(1);
  await page.getByRole('button', { name: 'Rename list' }).click();
  await page.getByLabel('List name').fill('Shopping');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { level: 2, name: 'Shopping' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Shopping' }).waitFor();

  // Delete asks first, then takes the list and its to-dos in one step that Undo brings back.
  await page.getByRole('button', { name: 'Delete list…' }).click();
  await page.getByText('Delete Shopping and its 2 to-dos?').waitFor();
  await page.getByRole('button', { name: 'Delete list', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Inbox' }).waitFor();
  expect(
    await views(page)
      .getByRole('button', { name: /^Shopping/ })
      .count(),
  ).toBe(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await views(page)
    .getByRole('button', { name: /^Shopping/ })
    .click();
  await expect.poll(() => titles(page, 'Shopping')).toEqual(['Oat milk', 'Apples']);

  // Deleted again, it waits under Recently deleted after a reload; Restore brings back the list
  // with the to-dos deleted with it.
  await page.getByRole('button', { name: 'Delete list…' }).click();
  await page.getByRole('button', { name: 'Delete list', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Inbox' }).waitFor();
  await expect.poll(() => storedTitles(page, 'todo-list-')).toEqual([]);
  await page.reload();
  await page.getByText(/^Recently deleted \(3\)/).click();
  await page.getByRole('button', { name: 'Restore Shopping' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Restored Shopping and 2 items deleted with it.' })
    .waitFor();
  await views(page)
    .getByRole('button', { name: /^Shopping/ })
    .click();
  await expect.poll(() => titles(page, 'Shopping')).toEqual(['Oat milk', 'Apples']);

  // An empty list stays after a reload.
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByLabel('List name').fill('Gifts');
  await page.getByLabel('List name').press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Gifts' }).waitFor();
  await expect.poll(() => storedTitles(page, 'todo-list-')).toEqual(['Gifts', 'Shopping']);
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Gifts' }).waitFor();
  expect(await page.getByText('Nothing here yet.').count()).toBe(1);
});

test('drag a to-do by its handle to reorder (one write, survives a reload) or onto a view to move it', async () => {
  const { page } = await site.open(paths.nowou, { width: VIEWPORTS.desktop.width, theme: 'light' });
  for (const title of ['One', 'Two', 'Three', 'Four']) await quickAdd(page, title);
  await expect.poll(() => titles(page, 'Inbox')).toEqual(['One', 'Two', 'Three', 'Four']);

  async function dragHandle(title: string, to: { x: number; y: number }) {
    const handle = page.getByRole('button', { name: `Reorder ${title}` });
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const steps = 8;
    for (let step = 1; step <= steps; step += 1) {
      await page.mouse.move(
        box.x + box.width / 2 + ((to.x - box.x - box.width / 2) * step) / steps,
        box.y + box.height / 2 + ((to.y - box.y - box.height / 2) * step) / steps,
      );
    }
    await page.mouse.up();
  }

  // One below Three: a single to-do gets a new order key.
  await expect.poll(() => storedTitles(page, 'todo-')).toEqual(['Four', 'One', 'Three', 'Two']);
  const before = await storageSnapshot(page);
  const threeBox = (await list(page, 'Inbox').locator('li', { hasText: 'Three' }).boundingBox())!;
  await dragHandle('One', { x: threeBox.x + 20, y: threeBox.y + threeBox.height * 0.8 });
  await expect.poll(() => titles(page, 'Inbox')).toEqual(['Two', 'Three', 'One', 'Four']);
  const after = await nextSave(page, before);
  expect(changedKeys(before, after)).toHaveLength(1);
  await page.reload();
  await expect.poll(() => titles(page, 'Inbox')).toEqual(['Two', 'Three', 'One', 'Four']);

  // The handle's arrows move too, announced by title.
  const reloaded = await storageSnapshot(page);
  await page.getByRole('button', { name: 'Reorder Four' }).press('ArrowUp');
  await expect.poll(() => titles(page, 'Inbox')).toEqual(['Two', 'Three', 'Four', 'One']);
  await page.getByRole('status').filter({ hasText: 'Moved Four' }).waitFor();

  // Escape during a drag puts it back and writes nothing.
  const beforeEscape = await nextSave(page, reloaded);
  const handle = page.getByRole('button', { name: 'Reorder Two' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + 5, box.y + 120, { steps: 5 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  // Proves nothing is written: longer than the store takes to write a change (300 ms).
  await page.waitForTimeout(500);
  expect(await titles(page, 'Inbox')).toEqual(['Two', 'Three', 'Four', 'One']);
  expect(await storageSnapshot(page)).toEqual(beforeEscape);

  // Dropped on Tomorrow in the side list, it moves there.
  const tomorrow = (await views(page)
    .getByRole('button', { name: /^Tomorrow/ })
    .boundingBox())!;
  await dragHandle('Three', { x: tomorrow.x + 30, y: tomorrow.y + tomorrow.height / 2 });
  await expect.poll(() => titles(page, 'Inbox')).toEqual(['Two', 'Four', 'One']);
  await openView(page, 'Tomorrow');
  expect(await titles(page, 'Tomorrow')).toEqual(['Three']);
});
