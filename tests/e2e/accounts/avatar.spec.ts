/**
 * Edit avatar (docs/product/accounts.md#edit-avatar-and-username): each click cycles 0, 1, 2, 3 and back
 * to 0; the username is optional logged out and required logged in (the account's); Save stores
 * both in the local user info and, when logged in, on the account. At 400 and 1280 px.
 * A failed save on the account can be reported as handleAvatar (docs/product/api.md#error-catalogue).
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { createUser, unique } from '#test-support/accounts';
import {
  invalidField,
  isDesktop,
  navigationPanel,
  openAccountPopup,
  sendConsentedReport,
  useAccountsSite,
} from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];

/** The avatar button of the Edit avatar pop-up, named by the avatar it shows. */
const cycler = (dialog: Locator) => dialog.getByRole('button', { name: /^Avatar \d/ });

async function shownAvatar(dialog: Locator): Promise<string | null> {
  return cycler(dialog).locator('svg.avatar').getAttribute('data-avatar');
}

async function localUserInfo(page: Page): Promise<unknown> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
    STORAGE_KEYS.localUserInfo,
  );
}

async function expectClosedToNavigation(page: Page) {
  await page.getByRole('dialog', { name: 'Edit avatar' }).waitFor({ state: 'detached' });
  if (isDesktop(page)) expect(await page.getByRole('dialog').count()).toBe(0);
  else expect(await page.getByRole('dialog', { name: 'Navigation' }).isVisible()).toBe(true);
}

test.each(WIDTHS)(
  'at %i px a visitor cycles the avatar 0→1→2→3→0, and Save keeps it and the username in this browser',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    let dialog = await openAccountPopup(page, 'Edit avatar', 'Edit avatar');
    expect(await shownAvatar(dialog)).toBe('2');
    const seen: (string | null)[] = [];
    for (let click = 0; click < 6; click++) {
      await cycler(dialog).click();
      seen.push(await shownAvatar(dialog));
    }
    expect(seen).toEqual(['3', '0', '1', '2', '3', '0']);
    expect(await cycler(dialog).getAttribute('aria-label')).toBeNull();
    expect(await cycler(dialog).textContent()).toBe('');
    expect(await cycler(dialog).locator('svg.avatar').getAttribute('aria-label')).toBe(
      'Avatar 1 (fox)',
    );

    // The username is optional, but when given it follows the username rules.
    await dialog.getByLabel('Username (optional)').fill('x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await invalidField(dialog)).toMatchObject({
      count: 1,
      message: MESSAGES.usernameTooShort,
      focused: true,
      red: true,
    });
    await dialog.getByLabel('Username (optional)').fill('pixel fox');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectClosedToNavigation(page);
    expect(await localUserInfo(page)).toEqual({ avatar: 0, username: 'pixel fox' });
    const panel = await navigationPanel(page);
    expect(
      await panel
        .getByRole('button', { name: 'Edit avatar' })
        .locator('svg')
        .getAttribute('data-avatar'),
    ).toBe('0');
    expect(await panel.getByText('pixel fox').isVisible()).toBe(true);

    // Kept across a reload, and the pop-up starts from what was saved.
    await page.reload();
    await page.locator('main').waitFor();
    dialog = await openAccountPopup(page, 'Edit avatar', 'Edit avatar');
    expect(await shownAvatar(dialog)).toBe('0');
    expect(await dialog.getByLabel('Username (optional)').inputValue()).toBe('pixel fox');
    // Save without a username keeps only the avatar.
    await dialog.getByLabel('Username (optional)').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectClosedToNavigation(page);
    expect(await localUserInfo(page)).toEqual({ avatar: 0, username: '' });
  },
);

test.each(WIDTHS)(
  'at %i px a logged-in visitor saves the avatar and username on the account too',
  async (width) => {
    const user = await createUser(site.server, { avatar: 2 });
    const { page } = await site.openAs(user, paths.about, { width });
    const panel = await navigationPanel(page);
    await panel.getByRole('link', { name: user.username }).waitFor();
    await panel.getByRole('button', { name: 'Edit avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit avatar' });
    // The account's username: required, as on /account and on the server (never "(optional)").
    const field = dialog.getByLabel('Username', { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe(user.username);
    await cycler(dialog).click();
    expect(await shownAvatar(dialog)).toBe('3');
    await field.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await invalidField(dialog)).toMatchObject({
      count: 1,
      message: MESSAGES.usernameMissing,
      focused: true,
      red: true,
    });
    const renamed = `frog${unique()}`.slice(0, 20);
    await field.fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectClosedToNavigation(page);

    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.user).toMatchObject({ avatar: 3, username: renamed });
    expect(await localUserInfo(page)).toEqual({ avatar: 3, username: renamed });
    const after = await navigationPanel(page);
    const link = after.getByRole('link', { name: renamed });
    expect(await link.locator('svg').getAttribute('data-avatar')).toBe('3');
  },
);

test.each(WIDTHS)('at %i px Back from Edit avatar returns to the navigation', async (width) => {
  const { page } = await site.open(paths.about, { width });
  const dialog = await openAccountPopup(page, 'Edit avatar', 'Edit avatar');
  await cycler(dialog).click();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expectClosedToNavigation(page);
  // Nothing was saved.
  expect(await localUserInfo(page)).toBeNull();
});

test('when saving on the account fails, the form offers "Report this error"; the consent pop-up names handleAvatar and Yes stores the report', async () => {
  const user = await createUser(site.server, { avatar: 2 });
  const { page, context } = await site.openAs(user, paths.about, {
    width: VIEWPORTS.desktop.width,
    expectErrors: /status of 500|Failed to load resource/,
  });
  await context.route('**/api/me', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
      : route.continue(),
  );
  const panel = await navigationPanel(page);
  await panel.getByRole('link', { name: user.username }).waitFor();
  await panel.getByRole('button', { name: 'Edit avatar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit avatar' });
  await dialog.getByLabel('Username', { exact: true }).waitFor();
  await cycler(dialog).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  expect((await alert.textContent())?.startsWith(COPY.somethingWentWrongForm)).toBe(true);
  await alert.getByRole('button', { name: 'Report this error' }).click();
  await sendConsentedReport(site, page, { errorName: 'handleAvatar', userId: user.id });
  // The account kept its avatar: the save never reached it.
  const stored = await site.server.app.db
    .selectFrom('users')
    .select('avatar')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(stored.avatar).toBe(2);
});
