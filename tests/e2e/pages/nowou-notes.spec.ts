/**
 * Nowou's text boxes and storage limits in real Chromium (docs/product/nowou.md#nowou): a day note on the
 * timeline written as plain text and shown with the safe Markdown subset (no HTML from the text, a
 * link that opens safely, a task ticked from the note); and a full browser storage that shows the
 * banner with Download a copy, keeps what was saved before, and saves the kept change once there
 * is room again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { makeTempDir } from '#test-support/server';
import { storedTitles } from '#test-support/nowou-storage';
import { useSite } from '#test-support/site';

const site = useSite();

test('a day note is plain text shown as safe Markdown; its task ticks from the note; it survives a reload', async () => {
  const { page } = await site.open(`${paths.nowou}?section=timeline`, {
    width: 1280,
    theme: 'dark',
  });
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await page.getByRole('button', { name: 'Add a note' }).click();
  const text = [
    'Plan for **Friday** and _the weekend_',
    '- [ ] book the train',
    '- call [the shop](https://example.com/shop)',
    '<img src=x onerror="window.injected=1"> [bad](javascript:window.injected=2)',
  ].join('\n');
  await page.getByRole('textbox', { name: 'Note' }).fill(text);
  await page.getByRole('button', { name: 'Done' }).click();

  const notes = page.locator('.day-notes');
  await notes.locator('strong', { hasText: 'Friday' }).waitFor();
  expect(await notes.locator('em').innerText()).toBe('the weekend');
  const link = notes.getByRole('link', { name: 'the shop' });
  expect(await link.getAttribute('href')).toBe('https://example.com/shop');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  // The markup is shown as text; nothing from the text became an element or ran.
  expect(await notes.locator('img').count()).toBe(0);
  expect(await notes.getByRole('link', { name: 'bad' }).count()).toBe(0);
  expect(await notes.innerText()).toContain('<img src=x onerror="window.injected=1">');
  expect(await page.evaluate(() => (window as Window & { injected?: number }).injected)).toBe(
    undefined,
  );

  // The task ticks from the note itself; the stored text changes with it.
  await notes.getByRole('checkbox', { name: 'book the train' }).check();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('textBox-'))
          .map((key) => JSON.parse(localStorage.getItem(key)!).text as string),
      ),
    )
    .toEqual([text.replace('- [ ] book', '- [x] book')]);

  await page.reload();
  expect(new URL(page.url()).searchParams.get('grid')).toBe('day');
  await page.locator('.day-notes strong', { hasText: 'Friday' }).waitFor();
  expect(await page.getByRole('checkbox', { name: 'book the train' }).isChecked()).toBe(true);
});

test('a full storage shows the banner with a copy to download, keeps what was saved, and saves once there is room', async () => {
  const { page } = await site.open(paths.nowou, { width: 400, theme: 'light' });
  await page.getByLabel('Add a to-do').fill('Saved before');
  await page.getByLabel('Add a to-do').press('Enter');
  await expect.poll(() => storedTitles(page, 'todo-')).toEqual(['Saved before']);

  // Fill the origin's storage with someone else's key until the browser refuses more.
  await page.evaluate(() => {
    const chunk = 'x'.repeat(256 * 1024);
    let index = 0;
    try {
      for (;;) localStorage.setItem(`filler-${index++}`, chunk);
    } catch {
      // Full at the big chunks: top up with small ones.
    }
    try {
      for (;;) localStorage.setItem(`filler-${index++}`, 'x'.repeat(1024));
    } catch {
      // Full.
    }
  });

  await page.getByLabel('Add a to-do').fill('Kept in the tab');
  await page.getByLabel('Add a to-do').press('Enter');
  const banner = page.getByRole('alert').filter({ hasText: 'storage is full' });
  await banner.waitFor();
  // What was saved before is still there; the new one is shown, not lost.
  const stored = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('todo-'))
        .map((key) => JSON.parse(localStorage.getItem(key)!).title as string)
        .sort(),
    );
  expect(await stored()).toEqual(['Saved before']);
  expect(await page.getByRole('list', { name: 'Inbox' }).innerText()).toContain('Kept in the tab');

  // The copy holds both.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    banner.getByRole('button', { name: 'Download a copy' }).click(),
  ]);
  const file = join(makeTempDir('nowou-full-'), 'copy.json');
  await download.saveAs(file);
  const copy = JSON.parse(readFileSync(file, 'utf8')) as { items: { title?: string }[] };
  expect(copy.items.map((item) => item.title).sort()).toEqual(['Kept in the tab', 'Saved before']);

  // Room again (the other keys go): the kept change is saved and the banner leaves by itself.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('filler-')) localStorage.removeItem(key);
    }
  });
  await banner.waitFor({ state: 'detached', timeout: 10_000 });
  expect(await stored()).toEqual(['Kept in the tab', 'Saved before']);
});
