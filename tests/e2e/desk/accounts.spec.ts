import type { Locator } from 'playwright-core';
/**
 * Accounts on the desk in real Chromium (docs/product/desk.md#accounts-on-the-desk): the owner finds an
 * account by the start of its email and narrows it by any one rank, opens it (the address bar keeps
 * the search and the account), disables it with a reason and watches the person's open tab lose
 * access at once, where logging in again reads the product's words for a disabled account; a rank
 * change with a code older than 15 minutes asks for a new one first; the audit log shows each step.
 * axe on the section at 400 px (dark) and 1280 px (light).
 */
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { totpCode } from '#server/features/mfa/totp';
import { createUser, TEST_TOTP_SECRET, unique } from '#test-support/accounts';
import { openAccountPopup, useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';

/** The actions of the audit log's entries as shown, newest first (each entry names its action). */
function actionsOf(log: Locator): Promise<string[]> {
  return log
    .locator('.audit-entry')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.action ?? ''));
}

const site = useAccountsSite();

test('the owner finds an account, disables it, and its open tab loses access at once', async () => {
  const tag = unique();
  const target = await createUser(site.server, {
    email: `spammer${tag}@example.com`,
    username: `spam${tag}`,
  });
  await createUser(site.server, { email: `spectator${tag}@example.com` });
  const developer = await createUser(site.server, {
    email: `spadev${tag}@example.com`,
    adminRank: 3,
  });
  const owner = await createUser(site.server, { adminRank: 10 });

  const theirs = await site.openAs(target, paths.account, {
    width: VIEWPORTS.mobile.width,
    // Logging in again once disabled (403).
    expectErrors: /status of 403/,
  });
  await theirs.page.getByRole('heading', { name: 'Profile' }).first().waitFor();

  const { page } = await site.openAs(owner, paths.admin, {
    width: VIEWPORTS.desktop.width,
    // The rank change refused until the new code (403 step-up-required).
    expectErrors: /status of 403/,
  });
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await accounts.getByLabel('Search').fill(`spa`);
  await accounts.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/[?&]q=spa/);
  const list = accounts.getByRole('list', { name: 'Accounts' });
  const emails = async () => (await list.locator('.account-row__email').allInnerTexts()).join(',');
  await expect.poll(emails).toBe(`${developer.email},${target.email}`);

  // Any one rank, typed beside the choice, and kept in the address bar.
  await accounts.getByText('Filters').click();
  await accounts.getByRole('combobox', { name: /^Rank/ }).selectOption('one');
  await accounts.getByLabel('Rank number').fill('1001');
  await accounts.getByRole('button', { name: 'Search' }).click();
  await accounts.getByText('Rank is "admin" or a whole number from 0 to 1000.').waitFor();
  await accounts.getByLabel('Rank number').fill('3');
  await accounts.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/[?&]rank=3/);
  await expect.poll(emails).toBe(developer.email);
  expect(await axeViolations(page)).toEqual([]);
  await accounts.getByLabel('Rank number').fill('0');
  await accounts.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/[?&]rank=0/);
  await expect.poll(emails).toBe(target.email);

  await list.getByRole('button', { name: new RegExp(target.username) }).click();
  await page.waitForURL(new RegExp(`account=${target.id}`));
  await accounts.getByRole('list', { name: 'Activity' }).getByText('Signed up').waitFor();
  await accounts.getByRole('button', { name: 'Disable the account' }).click();
  await accounts.getByText('Say why the account is disabled.').waitFor();
  await accounts.getByLabel('Reason for disabling').fill('Posting spam through the contact form');
  await accounts.getByRole('button', { name: 'Disable the account' }).click();
  await accounts.getByText('Disabled. Every session ended', { exact: false }).waitFor();

  // The person's open tab hears it over the live stream and shows the signed-out page.
  await theirs.page
    .getByText('Log in to choose your username and avatar', { exact: false })
    .waitFor({ timeout: 5000 });
  const row = await site.server.app.db
    .selectFrom('users')
    .select(['disabled_reason'])
    .where('id', '=', target.id)
    .executeTakeFirstOrThrow();
  expect(row.disabled_reason).toBe('Posting spam through the contact form');

  // Logging in again with the right password reads the product's words for a disabled account.
  const logIn = await openAccountPopup(theirs.page, 'Log in', 'Log in');
  await logIn.getByLabel('Email').fill(target.email);
  await logIn.getByLabel('Password').fill(target.password);
  await logIn.getByRole('button', { name: 'Log in', exact: true }).click();
  const refusal = logIn.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(
    /^Something went wrong\.\. This account is disabled\./,
  );

  // A rank change with a code entered 20 minutes ago asks for a new one, then goes through.
  await site.server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', owner.id)
    .execute();
  await accounts.getByLabel('Admin rank').fill('3');
  await accounts.getByRole('button', { name: 'Save rank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel('Code from your authenticator app').fill(totpCode(TEST_TOTP_SECRET));
  await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  await accounts.getByText('Rank set to 3.').waitFor();

  const audit = page.getByRole('region', { name: 'Audit log' });
  await audit.getByRole('button', { name: 'Show' }).click();
  await expect
    .poll(async () => (await actionsOf(audit)).slice(0, 4).join(' | '))
    .toBe('accounts.rank | mfa.verify | accounts.rank | accounts.disable');
});

test('pages of accounts are in the address bar: a reload keeps the page, Back returns', async () => {
  const tag = unique();
  for (let i = 0; i < 52; i++)
    await createUser(site.server, {
      email: `pager${tag}x${i}@example.com`,
      username: `p${tag}x${i}`,
    });
  const owner = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(owner, `${paths.admin}?q=pager${tag}`, {
    width: VIEWPORTS.desktop.width,
  });
  const accounts = page.getByRole('region', { name: 'Accounts' });
  const rows = accounts.getByRole('list', { name: 'Accounts' }).locator('.account-row');
  await expect.poll(() => rows.count()).toBe(50);
  const firstPage = await rows.locator('.account-row__email').allInnerTexts();
  await accounts.getByRole('button', { name: 'Next page' }).click();
  await page.waitForURL(/[?&]cursor=/);
  await expect.poll(() => rows.count()).toBe(2);
  const secondPage = await rows.locator('.account-row__email').allInnerTexts();
  expect(new Set([...firstPage, ...secondPage]).size).toBe(52);
  await page.reload();
  await expect.poll(() => rows.count()).toBe(2);
  expect(await rows.locator('.account-row__email').allInnerTexts()).toEqual(secondPage);
  await page.goBack();
  await expect.poll(() => rows.count()).toBe(50);
});

test('the Accounts section has no axe violations at 400 px in the dark theme', async () => {
  const owner = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(owner, paths.admin, {
    width: VIEWPORTS.mobile.width,
    theme: 'dark',
  });
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await accounts.getByRole('list', { name: 'Accounts' }).waitFor();
  await accounts.getByText('Filters').click();
  await accounts.getByLabel('Status').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolls).toBe(false);
});
