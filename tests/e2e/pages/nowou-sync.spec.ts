/**
 * Nowou through the account in real Chromium (docs/product/nowou.md#nowou-sync): two browsers signed in
 * to one account see each other's edits within a second; an edit made offline syncs when the
 * network returns, nothing lost or doubled, the phone reopened offline in between and saying it is
 * offline; a browser's own items are added to the account only when the person says so; logging
 * out asks whether to keep this browser's copy.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { NowouPullAnswer } from '#shared/nowou-sync-schemas';
import { paths } from '#shared/paths';
import { call, createUser, loginAs } from '#test-support/accounts';
import { navigationPanel, useAccountsSite } from '#test-support/accounts-site';

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

/** The to-dos kept in the browser's storage, by title (a title twice would be a duplicate). */
async function storedTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('todo-') && !key.startsWith('todo-list-'))
      .map((key) => JSON.parse(localStorage.getItem(key)!) as { title: string; deleted: boolean })
      .filter((item) => !item.deleted)
      .map((item) => item.title)
      .sort(),
  );
}

function syncState(page: Page) {
  return page.locator('.nowou-sync__state');
}

test("two browsers of one account see each other's edits within a second, and an edit made offline syncs when the network is back", async () => {
  const user = await createUser(site.server);
  const laptop = await site.openAs(user, paths.nowou, { width: 1280, theme: 'light' });
  const phone = await site.openAs(user, paths.nowou, {
    width: 400,
    theme: 'dark',
    // Going offline on purpose: the browser reports the calls it could not make.
    expectErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/,
  });
  for (const { page } of [laptop, phone]) {
    await expect.poll(() => syncState(page).innerText()).toBe('Synced');
  }

  await quickAdd(laptop.page, 'Call the plumber');
  const typedAt = Date.now();
  await expect
    .poll(() => inboxTitles(phone.page), { interval: 25, timeout: 5000 })
    .toEqual(['Call the plumber']);
  expect(Date.now() - typedAt).toBeLessThan(1000);

  await quickAdd(phone.page, 'Buy stamps');
  const phoneTypedAt = Date.now();
  await expect
    .poll(() => inboxTitles(laptop.page), { interval: 25, timeout: 5000 })
    .toEqual(['Buy stamps', 'Call the plumber']);
  expect(Date.now() - phoneTypedAt).toBeLessThan(1000);

  // The phone loses the network, goes on working, and says so.
  await phone.context.setOffline(true);
  await quickAdd(phone.page, 'Written on the train');
  await phone.page.getByRole('checkbox', { name: 'Buy stamps' }).click();
  await expect.poll(() => syncState(phone.page).innerText()).toBe('Offline · saved here');
  // Opened again with no network (the service worker serves Nowou): still offline, not "Log in".
  await phone.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 10_000,
  });
  await phone.page.reload();
  await phone.page.getByRole('checkbox', { name: 'Written on the train' }).waitFor();
  await expect.poll(() => syncState(phone.page).innerText()).toBe('Offline · saved here');
  // Proves the phone's offline changes do not reach the laptop: nothing arrives to wait for.
  await laptop.page.waitForTimeout(1500);
  expect(await inboxTitles(laptop.page)).toEqual(['Buy stamps', 'Call the plumber']);
  // Meanwhile the laptop changes something else.
  await quickAdd(laptop.page, 'Book the venue');

  await phone.context.setOffline(false);
  for (const { page } of [laptop, phone]) {
    await expect
      .poll(() => inboxTitles(page), { timeout: 10_000 })
      .toEqual(['Book the venue', 'Call the plumber', 'Written on the train']);
    await expect.poll(() => syncState(page).innerText()).toBe('Synced');
  }
  // Nothing lost, nothing twice: in storage, in both browsers and in the account.
  for (const { page } of [laptop, phone]) {
    await expect
      .poll(() => storedTitles(page))
      .toEqual(['Book the venue', 'Buy stamps', 'Call the plumber', 'Written on the train']);
  }
  const cookie = await loginAs(site.server, user);
  const pulled = await call(site.server, 'GET', '/api/nowou/pull?after=0', { cookie });
  const onServer = (pulled.json as NowouPullAnswer).items
    .map((entry) => entry.value as { kind: string; title?: string; done?: boolean })
    .filter((item) => item.kind === 'todo')
    .map((item) => `${item.title}${item.done ? ' (done)' : ''}`)
    .sort();
  expect(onServer).toEqual([
    'Book the venue',
    'Buy stamps (done)',
    'Call the plumber',
    'Written on the train',
  ]);
});

test("a browser's own items join the account only when asked; logging out asks whether to keep the copy", async () => {
  const user = await createUser(site.server);
  const laptop = await site.openAs(user, paths.nowou, { width: 1280, theme: 'dark' });
  await quickAdd(laptop.page, 'From the account');
  await expect.poll(() => syncState(laptop.page).innerText()).toBe('Synced');

  // A browser used without an account first.
  const tablet = await site.open(paths.nowou, { width: 1280, theme: 'light' });
  await expect.poll(() => syncState(tablet.page).innerText()).toBe('On this device only');
  await quickAdd(tablet.page, 'Made before logging in');

  // Logging in: the browser's own item waits for the person's word; the account's come in at once.
  const cookie = await loginAs(site.server, user);
  await tablet.context.addCookies([
    {
      name: cookie.slice(0, cookie.indexOf('=')),
      value: cookie.slice(cookie.indexOf('=') + 1),
      url: site.url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await tablet.page.reload();
  const offer = tablet.page.getByRole('region', { name: 'Sync' });
  await expect
    .poll(() => offer.innerText())
    .toContain('This browser holds 1 item that is not in your account yet.');
  await expect
    .poll(() => inboxTitles(tablet.page))
    .toEqual(['From the account', 'Made before logging in']);
  expect(await inboxTitles(laptop.page)).toEqual(['From the account']);
  await offer.getByRole('button', { name: 'Add to my account' }).click();
  await expect
    .poll(() => inboxTitles(tablet.page))
    .toEqual(['From the account', 'Made before logging in']);
  await expect
    .poll(() => inboxTitles(laptop.page))
    .toEqual(['From the account', 'Made before logging in']);

  // Log out on the tablet: keep or remove its copy. Removing leaves the account as it was.
  await tablet.page.goto(`${site.url}${paths.home}`);
  const navigation = await navigationPanel(tablet.page);
  await navigation.getByRole('button', { name: 'Log out' }).click();
  const question = navigation.getByRole('group', { name: 'Keep your Nowou items on this device?' });
  await expect.poll(() => question.innerText()).toContain('This browser keeps a copy of 2 items');
  await question.getByRole('button', { name: 'Remove them and log out' }).click();
  await navigation.getByRole('button', { name: 'Log in' }).waitFor();
  expect(await storedTitles(tablet.page)).toEqual([]);
  await tablet.page.goto(`${site.url}${paths.nowou}`);
  await expect.poll(() => syncState(tablet.page).innerText()).toBe('On this device only');
  expect(await inboxTitles(tablet.page)).toEqual([]);
  expect(await inboxTitles(laptop.page)).toEqual(['From the account', 'Made before logging in']);
});
