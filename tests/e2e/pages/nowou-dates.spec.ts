/**
 * Nowou writes dates and times the site's one way (docs/product/shell.md#dates-and-times) in a browser
 * whose language would write them otherwise (en-US: "2:30 PM", "Mon, Nov 30"): a to-do's day and
 * time in Upcoming, when it was done, the timeline's hour labels, its day headings and a block's
 * time; a row's Move to… date and New block…'s day and start fields show and take "27 Nov 2026" and "14:30" (or "2pm"), not
 * the browser's "mm/dd/yyyy" and "02:30 PM"; at 1280 and 400 px.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';
import {
  formatClock,
  formatDay,
  formatPlanDate,
  formatPlanDay,
} from '../../../src/client/lib/date-format';
import { addDays, dayOf } from '../../../src/client/features/nowou/logic/calendar-day';

const site = useSite();
const GRID = '[data-testid="timeline-grid"]';
const PLAN_DATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}$|^\d{1,2} [A-Z][a-z]{2} \d{4}$/;

async function quickAdd(page: Page, text: string) {
  await page.getByLabel('Add a to-do').fill(text);
  await page.getByLabel('Add a to-do').press('Enter');
}

async function openView(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'To-do views' })
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

test.each([VIEWPORTS.desktop.width, VIEWPORTS.mobile.width])(
  'at %i px an en-US browser reads 24-hour times and "Fri 27 Nov" days in lists and on the timeline',
  async (width) => {
    const { page } = await site.open(paths.nowou, { width, locale: 'en-US' });
    // The browser's own way would differ: without the site's format these checks fail.
    expect(
      await page.evaluate(() => [
        new Date(2026, 10, 30, 14, 30).toLocaleTimeString(undefined, {
          hour: 'numeric',
          minute: '2-digit',
        }),
        new Date(2026, 10, 30).toLocaleDateString(undefined, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
        }),
      ]),
    ).toEqual(['2:30 PM', 'Mon, Nov 30']);

    const today = dayOf(new Date());
    const inThreeDays = addDays(today, 3);
    await quickAdd(page, `Call Ada ${inThreeDays} 14:30`);
    await quickAdd(page, 'Standup today 9:05 1h');

    // Upcoming: the to-do's day and time.
    await openView(page, 'Upcoming');
    const row = page
      .getByRole('list', { name: 'Upcoming' })
      .getByRole('listitem')
      .filter({ hasText: 'Call Ada' });
    await expect
      .poll(() => row.locator('.todo-chip--time').allInnerTexts())
      .toEqual([formatPlanDay(inThreeDays), '14:30']);

    // Done: when, on the 24-hour clock.
    await page.getByRole('checkbox', { name: 'Call Ada' }).click();
    await openView(page, 'Done');
    const done = page
      .getByRole('list', { name: 'Done' })
      .getByRole('listitem')
      .filter({ hasText: 'Call Ada' })
      .locator('.todo-chip--done');
    await done.waitFor();
    const doneText = await done.innerText();
    expect(doneText).toMatch(/^Done today, \d{2}:\d{2}$/);
    const minute = doneText.slice(-5);
    const now = Date.now();
    expect([formatClock(now - 60_000), formatClock(now)]).toContain(minute);

    // Move to… a date typed the site's way; what is no date is refused, and said so.
    await openView(page, 'Inbox');
    await quickAdd(page, 'Post letter');
    const actions = page.getByRole('button', { name: 'Actions for Post letter' });
    if (await actions.isVisible()) await actions.click();
    await page.getByRole('button', { name: 'Move to… Post letter' }).click();
    const moveTo = page.getByRole('group', { name: 'Move Post letter to' });
    await moveTo.getByLabel('Date').fill('31 Feb 2026');
    await moveTo.getByRole('button', { name: 'Move', exact: true }).click();
    await moveTo.getByText('Write a date like 27 Nov 2026.').waitFor();
    const inFiveDays = addDays(today, 5);
    await moveTo.getByLabel('Date').fill(formatDay(inFiveDays));
    await moveTo.getByRole('button', { name: 'Move', exact: true }).click();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            Object.keys(localStorage)
              .filter((key) => key.startsWith('todo-'))
              .map(
                (key) => JSON.parse(localStorage.getItem(key)!) as { title: string; list: string },
              )
              .find((todo) => todo.title === 'Post letter')?.list,
        ),
      )
      .toBe(`day:${inFiveDays}`);

    // The timeline: hour labels, day headings (today's exactly) and the block's time.
    await page.goto(new URL(`${paths.nowou}?section=timeline`, page.url()).href);
    await page.locator(GRID).waitFor();
    const hours = await page.locator('.tl-grid__hours span').allTextContents();
    expect(hours).toEqual([
      '',
      ...Array.from({ length: 23 }, (_, i) => `${String(i + 1).padStart(2, '0')}:00`),
    ]);
    const headings = (await page.locator('.tl-grid__day').allTextContents()).map((text) =>
      text.replace(' (today)', ''),
    );
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) expect(heading).toMatch(PLAN_DATE);
    expect(
      (await page.locator('.tl-grid__day[data-today]').textContent())!.replace(' (today)', ''),
    ).toBe(formatPlanDate(new Date()));
    const block = page.locator('.tl-block').filter({ hasText: 'Standup' });
    expect(await block.locator('.tl-block__time').textContent()).toBe('09:05 – 10:05');
    expect(await block.getByRole('button').getAttribute('aria-label')).toBe(
      'Standup, 09:05 to 10:05',
    );

    // New block…: the day and start are typed the site's way; what is not a day is refused. On a
    // phone it is behind View options.
    if (width === VIEWPORTS.mobile.width) {
      await page.getByRole('button', { name: 'View options' }).click();
    }
    await page.getByRole('button', { name: 'New block…' }).click();
    const form = page.getByRole('form', { name: 'New block' });
    const dayField = form.getByLabel('Day');
    expect(await dayField.getAttribute('type')).toBe('text');
    expect(await dayField.inputValue()).toBe(formatDay(today));
    expect(await form.getByLabel('Start').inputValue()).toMatch(/^\d{2}:\d{2}$/);
    await form.getByLabel('Title').fill('Tea with Ada');
    await dayField.fill('31 Feb 2026');
    await form.getByLabel('Start').fill('2pm');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Pick a day and a start time.').waitFor();
    await dayField.fill(formatDay(inThreeDays).toLowerCase());
    await form.getByLabel('Start').fill('2pm');
    await form.getByLabel('Start').blur();
    expect(await form.getByLabel('Start').inputValue()).toBe('14:00');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const todo = Object.keys(localStorage)
            .filter((key) => key.startsWith('todo-'))
            .map(
              (key) =>
                JSON.parse(localStorage.getItem(key)!) as {
                  title: string;
                  schedule: { start: string } | null;
                },
            )
            .find((item) => item.title === 'Tea with Ada');
          return todo?.schedule?.start ?? null;
        }),
      )
      .toMatch(new RegExp(`^${inThreeDays}T14:00`));
  },
);
