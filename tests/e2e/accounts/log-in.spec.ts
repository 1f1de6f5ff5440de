/**
 * Log in (docs/product/accounts.md#log-in), log out (docs/product/accounts.md#log-out) and the forgotten password
 * (docs/product/accounts.md#password-reset) in real Chromium against the real server and a real SMTP sink,
 * at 400 and 1280 px; a log-in the site failed can be reported as handleLogIn, wrong credentials not;
 * a failed log-out keeps the visitor signed in and can be reported as handleLogOut; and the Admin
 * button for adminRank above 9 only.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { MESSAGES } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { createUser } from '#test-support/accounts';
import {
  invalidField,
  isDesktop,
  navigationPanel,
  openAccountPopup,
  sendConsentedReport,
  useAccountsSite,
} from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';
import { linkIn } from '#test-support/smtp-sink';

const site = useAccountsSite();
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const RESET_SENT = "If an account exists for that email, we've sent a link to reset your password.";

async function me(page: Page): Promise<{ user: Record<string, unknown> | null }> {
  return page.evaluate(async () => (await fetch('/api/me')).json());
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = await openAccountPopup(page, 'Log in', 'Log in');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  return dialog;
}

test.each(WIDTHS)(
  'at %i px wrong credentials read "Something went wrong.." with the hint and offer no report; then log-in opens the navigation, and Log out ends it',
  async (width) => {
    const user = await createUser(site.server, { avatar: 1 });
    const { page } = await site.open(paths.about, { width, expectErrors: /status of 401/ });

    // The form's own checks first.
    let dialog = await openAccountPopup(page, 'Log in', 'Log in');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    expect(await invalidField(dialog)).toMatchObject({
      count: 1,
      label: 'Email',
      message: MESSAGES.emailMissing,
      focused: true,
      red: true,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A failed log-in reads "Something went wrong.." with the hint after it
    // (docs/product/api.md#error-catalogue); a wrong password is no fault of the site: no report.
    dialog = await logIn(page, user.email, 'not-the-password');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('p').first().textContent()).toBe(
      `${COPY.somethingWentWrongForm} ${MESSAGES.loginFailed}`,
    );
    expect(await alert.getByRole('button', { name: 'Report this error' }).count()).toBe(0);

    // The right password in the same form.
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    if (isDesktop(page)) expect(await page.getByRole('dialog').count()).toBe(0);
    else expect(await page.getByRole('dialog', { name: 'Navigation' }).isVisible()).toBe(true);
    const panel = await navigationPanel(page);
    const account = panel.getByRole('link', { name: user.username });
    await account.waitFor();
    expect(await account.locator('svg').getAttribute('data-avatar')).toBe('1');
    expect((await me(page)).user?.email).toBe(user.email);

    await panel.getByRole('button', { name: 'Log out' }).click();
    // On narrow screens the pop-up closes once log-out is done; open it again only after that.
    if (!isDesktop(page))
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
    const after = await navigationPanel(page);
    await after.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(await after.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect((await me(page)).user).toBeNull();
    const local = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      STORAGE_KEYS.localUserInfo,
    );
    expect(local).toEqual({ avatar: 2, username: '' });
  },
);

test.each(WIDTHS)(
  'at %i px an unexpected log-in failure says "Something went wrong.." and offers to report it as handleLogIn',
  async (width) => {
    const { page, context } = await site.open(paths.about, {
      width,
      expectErrors: /status of 503/,
    });
    await context.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'unavailable', message: 'Unavailable' } }),
      }),
    );
    const dialog = await logIn(page, 'ada@example.com', 'whatever-it-is');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.startsWith(COPY.somethingWentWrongForm)).toBe(true);
    await alert.getByRole('button', { name: 'Report this error' }).click();
    const report = page.getByRole('dialog', { name: COPY.errorReportTitle });
    await report.waitFor();
    expect(await report.textContent()).toContain('handleLogIn');
  },
);

test.each(WIDTHS)(
  'at %i px a failed log-out keeps the visitor signed in and asks to report it as handleLogOut; Yes stores the report',
  async (width) => {
    const user = await createUser(site.server);
    const { page, context } = await site.openAs(user, paths.about, {
      width,
      expectErrors: /status of 500|Failed to load resource/,
    });
    await context.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    const panel = await navigationPanel(page);
    await panel.getByRole('link', { name: user.username }).waitFor();
    await panel.getByRole('button', { name: 'Log out' }).click();

    // Still signed in while the pop-up asks.
    expect((await me(page)).user?.email).toBe(user.email);
    const report = await sendConsentedReport(site, page, {
      errorName: 'handleLogOut',
      userId: user.id,
    });

    await report.getByRole('button', { name: 'Close', exact: true }).last().click();
    await report.waitFor({ state: 'detached' });
    const after = await navigationPanel(page);
    await after.getByRole('link', { name: user.username }).waitFor();
    expect(await after.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    expect(await after.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect((await me(page)).user?.email).toBe(user.email);
  },
);

test.each(WIDTHS)(
  'at %i px a reset request shows Success, the mailed link sets a new password that logs in, and a used link asks for a new one',
  async (width) => {
    const user = await createUser(site.server);
    // Chromium logs the used link's 400 answer itself.
    const { page } = await site.open(paths.about, { width, expectErrors: /status of 400/ });
    let dialog = await openAccountPopup(page, 'Log in', 'Log in');
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.getByLabel('Email').fill(user.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Success', { exact: true }).waitFor();
    expect(await dialog.textContent()).toContain(RESET_SENT);
    // Back goes to log-in.
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');

    const mail = await site.sink.waitFor((m) => m.to === user.email);
    const link = linkIn(mail, `${site.url}${paths.accountResetPassword}?token=`);
    await page.goto(link);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The token leaves the address bar and no Referer carries it on.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');

    const main = page.locator('main');
    await main.getByLabel('New password', { exact: true }).fill('sunrise-meadow-93');
    await main.getByLabel('Confirm new password').fill('sunrise-meadow-94');
    await main.getByRole('button', { name: 'Save new password' }).click();
    expect(await invalidField(main)).toMatchObject({
      count: 1,
      label: 'Confirm new password',
      message: MESSAGES.passwordConfirmMismatch,
      focused: true,
      red: true,
    });
    await main.getByLabel('Confirm new password').fill('sunrise-meadow-93');
    await main.getByRole('button', { name: 'Save new password' }).click();
    await main.getByText('Password changed').waitFor();
    await main.getByRole('button', { name: 'Log in' }).click();
    dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password').fill('sunrise-meadow-93');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await me(page)).user?.email).toBe(user.email);

    // The same link again: used.
    await page.goto(link);
    await main.getByLabel('New password', { exact: true }).fill('another-river-55');
    await main.getByLabel('Confirm new password').fill('another-river-55');
    await main.getByRole('button', { name: 'Save new password' }).click();
    await main.getByText(MESSAGES.resetLinkInvalid).waitFor();
    await main.getByRole('button', { name: 'Ask for a new link' }).click();
    await page.getByRole('dialog', { name: 'Reset password' }).getByLabel('Email').waitFor();
  },
);

test('an unexpected reset failure says "Something went wrong." and offers to report it as handleForgotPassword', async () => {
  const { page, context } = await site.open(paths.about, {
    width: VIEWPORTS.desktop.width,
    expectErrors: /status of 500/,
  });
  await context.route('**/api/auth/password-reset', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  const login = await openAccountPopup(page, 'Log in', 'Log in');
  await login.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  expect(await alert.locator('p').first().textContent()).toBe(COPY.somethingWentWrongReset);
  await alert.getByRole('button', { name: 'Report this error' }).click();
  const report = page.getByRole('dialog', { name: COPY.errorReportTitle });
  expect(await report.textContent()).toContain('handleForgotPassword');
});

test('the reset page without a token says it needs the mail link and offers a new one', async () => {
  const { page } = await site.open(paths.accountResetPassword, { width: VIEWPORTS.mobile.width });
  await page.getByRole('button', { name: 'Ask for a new link' }).click();
  await page.getByRole('dialog', { name: 'Reset password' }).getByLabel('Email').waitFor();
});

test.each(WIDTHS)('at %i px the Admin button shows for adminRank 10, not 9', async (width) => {
  const nine = await createUser(site.server, { adminRank: 9 });
  const ten = await createUser(site.server, { adminRank: 10 });

  const first = await site.openAs(nine, paths.about, { width });
  let panel = await navigationPanel(first.page);
  await panel.getByRole('link', { name: nine.username }).waitFor();
  expect(await panel.getByRole('link', { name: 'Admin' }).count()).toBe(0);

  const second = await site.openAs(ten, paths.about, { width });
  panel = await navigationPanel(second.page);
  await panel.getByRole('link', { name: ten.username }).waitFor();
  expect(await panel.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe(paths.admin);
});

test('too many attempts: the server\'s 429 message is shown as it comes, without "Report this error"', async () => {
  const user = await createUser(site.server);
  const { page } = await site.open(paths.about, {
    width: VIEWPORTS.desktop.width,
    expectErrors: /status of (401|429)/,
  });
  const dialog = await logIn(page, user.email, 'wrong-password-0');
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await dialog.getByLabel('Password').fill(`wrong-password-${attempt}`);
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/login')),
      dialog.getByRole('button', { name: 'Log in', exact: true }).click(),
    ]);
  }
  await alert.getByText(MESSAGES.tooManyAttempts).waitFor();
  expect(await alert.getByRole('button', { name: 'Report this error' }).count()).toBe(0);
});
