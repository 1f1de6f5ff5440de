/**
 * Nowou on a second browser of an account (docs/product/nowou.md#nowou-sync), in real Chromium at 400 and
 * 1280 px: a new browser that opened Nowou (which made its own "My timeline") and then logs in with
 * Log in to sync shows the account's items at once, syncing, with no question; a browser where the
 * person made a to-do before logging in asks about exactly that one, and shows the account's items
 * at once anyway. Logging in from Nowou stays in Nowou: no Navigation pop-up over its question.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { NowouPullAnswer } from '#shared/nowou-sync-schemas';
import { paths } from '#shared/paths';
import { call, createUser, loginAs, type TestUser } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';

const site = useAccountsSite();

async function quickAdd(page: Page, text: string) {
  await page.getByLabel('Add a to-do').fill(text);
  await page.getByLabel('Add a to-do').press('Enter');
}

async function inboxTitles(page: Page): Promise<string[]> {
  if ((await page.getByRole('list', { name: 'Inbox' }).count()) === 0) return [];
  return (
    await page.getByRole('list', { name: 'Inbox' }).locator('.todo-row__title').allInnerTexts()
  ).sort();
}

const syncState = (page: Page) => page.locator('.nowou-sync__state').innerText();
const intro = (page: Page) => page.locator('.nowou__storage').innerText();

/**
 * Logs in the way a person on Nowou does: Log in to sync, then the Log in pop-up. Nowou stays in
 * view: no Navigation pop-up opens over it, at any width.
 */
async function logInToSync(page: Page, user: TestUser) {
  await page.getByRole('button', { name: 'Log in to sync' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => syncState(page)).not.toBe('On this device only');
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(new URL(page.url()).pathname).toBe(paths.nowou);
}

/** The button is on top where it is drawn: nothing (a pop-up, a notice) covers its middle. */
async function isUncovered(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  return button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
}

async function accountTodoTitles(user: TestUser): Promise<string[]> {
  const cookie = await loginAs(site.server, user);
  const pulled = await call(site.server, 'GET', '/api/nowou/pull?after=0', { cookie });
  return (pulled.json as NowouPullAnswer).items
    .map((entry) => entry.value as { kind: string; title?: string })
    .filter((item) => item.kind === 'todo')
    .map((item) => item.title ?? '')
    .sort();
}

test("a new browser shows the account's items at once; only items made there before logging in are asked about (400 and 1280 px)", async () => {
  const user = await createUser(site.server);
  const laptop = await site.openAs(user, paths.nowou, { width: 1280, theme: 'light' });
  await quickAdd(laptop.page, 'Plan the week');
  await quickAdd(laptop.page, 'Call the printer');
  await expect.poll(() => syncState(laptop.page)).toBe('Synced');
  await expect.poll(() => accountTodoTitles(user)).toEqual(['Call the printer', 'Plan the week']);
  const accountItems = ['Call the printer', 'Plan the week'];

  for (const [width, theme] of [
    [400, 'dark'],
    [1280, 'light'],
  ] as const) {
    // Browser B: opens Nowou, looks at the timeline (Nowou makes "My timeline" by itself), logs in.
    const fresh = await site.open(`${paths.nowou}?section=timeline`, { width, theme });
    await expect.poll(() => syncState(fresh.page)).toBe('On this device only');
    await expect
      .poll(() => fresh.page.evaluate(() => localStorage.getItem('timeline-my-timeline') !== null))
      .toBe(true);
    expect(await intro(fresh.page)).toContain('Log in to have it on all your devices too');
    await logInToSync(fresh.page, user);
    await expect.poll(() => syncState(fresh.page)).toBe('Synced');
    await fresh.page
      .getByRole('navigation', { name: 'Nowou sections' })
      .getByRole('button', { name: 'To-dos' })
      .click();
    await expect.poll(() => inboxTitles(fresh.page)).toEqual(accountItems);
    expect(await fresh.page.getByRole('region', { name: 'Sync' }).count()).toBe(0);
    expect(await fresh.page.getByText('not in your account yet').count()).toBe(0);
    expect(await intro(fresh.page)).not.toContain('Log in');

    // Browser C: a to-do made before logging in is the one thing asked about.
    const used = await site.open(paths.nowou, { width, theme });
    await expect.poll(() => syncState(used.page)).toBe('On this device only');
    await quickAdd(used.page, `Made before logging in at ${width}`);
    await logInToSync(used.page, user);
    const offer = used.page.getByRole('region', { name: 'Sync' });
    await expect
      .poll(() => offer.innerText())
      .toContain('This browser holds 1 item that is not in your account yet.');
    expect(await isUncovered(used.page, 'Add to my account')).toBe(true);
    await expect
      .poll(() => inboxTitles(used.page))
      .toEqual([...accountItems, `Made before logging in at ${width}`].sort());
    await expect.poll(() => syncState(used.page)).toBe('Synced');
    expect(await accountTodoTitles(user)).toEqual(accountItems);
  }
});
