/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA) finds nothing on the account pop-ups with an error showing,
 * the logged-in navigation with the assistant's bubble, /account signed in and out and
 * /account/reset-password, at 400 and 1280 px in the light and the dark theme.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { createUser, unique } from '#test-support/accounts';
import { navigationPanel, openAccountPopup, useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();

const COMBINATIONS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
  (['light', 'dark'] as const).map((theme) => ({ width, theme })),
);

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

test.each(COMBINATIONS)(
  'the account pop-ups with an error shown have no axe violations at $width px ($theme)',
  async ({ width, theme }) => {
    const { page, context } = await site.open(paths.about, {
      width,
      theme,
      expectErrors: /status of 500/,
    });

    let dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
    await dialog.getByLabel('Email', { exact: true }).fill('ada.example.com');
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await dialog.locator('.field__error').waitFor();
    expect.soft(await axeViolations(page), 'Sign up, field error').toEqual([]);
    await closeDialog(page);

    dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await dialog.getByLabel('Confirm email').fill('ada@example.com');
    await dialog.getByLabel('Username').fill('ada');
    await dialog.getByLabel('Password', { exact: true }).fill('amber-otter-canyon-7');
    await dialog.getByLabel('Confirm password').fill('amber-otter-canyon-7');
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await dialog.locator('.checkbox__input[aria-invalid="true"]').waitFor();
    expect.soft(await axeViolations(page), 'Sign up, agreement error').toEqual([]);
    await closeDialog(page);

    // The form-wide failure with "Report this error", and the assistant's bubble beside it.
    await context.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    dialog = await openAccountPopup(page, 'Log in', 'Log in');
    await dialog.getByLabel('Email').fill('ada@example.com');
    await dialog.getByLabel('Password').fill('whatever-it-is');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    expect.soft(await axeViolations(page), 'Log in, unexpected failure').toEqual([]);

    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.getByLabel('Email').fill('ada');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.locator('.field__error').waitFor();
    expect.soft(await axeViolations(page), 'Reset password, field error').toEqual([]);
    // Its own address: resets are limited per account.
    await dialog.getByLabel('Email').fill(`reset${unique()}@example.com`);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Success', { exact: true }).waitFor();
    expect.soft(await axeViolations(page), 'Reset password, Success').toEqual([]);
    await closeDialog(page);

    dialog = await openAccountPopup(page, 'Edit avatar', 'Edit avatar');
    await dialog.getByLabel('Username (optional)').fill('x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.field__error').waitFor();
    expect.soft(await axeViolations(page), 'Edit avatar, field error').toEqual([]);
  },
);

test.each(COMBINATIONS)(
  'the logged-in navigation, /account and the reset page have no axe violations at $width px ($theme)',
  async ({ width, theme }) => {
    const signedOut = await site.open(paths.account, { width, theme });
    await signedOut.page.getByText('Log in to choose your username').waitFor();
    expect.soft(await axeViolations(signedOut.page), '/account signed out').toEqual([]);

    const reset = await site.open(`${paths.accountResetPassword}?token=abc`, { width, theme });
    await reset.page.getByLabel('New password', { exact: true }).waitFor();
    await reset.page.getByRole('button', { name: 'Save new password' }).click();
    await reset.page.locator('.field__error').waitFor();
    expect.soft(await axeViolations(reset.page), '/account/reset-password').toEqual([]);

    const user = await createUser(site.server, { emailVerified: false, bio: 'Hello there.' });
    const { page } = await site.openAs(user, paths.account, { width, theme });
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Username').fill('a');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.locator('.field__error').waitFor();
    expect.soft(await axeViolations(page), '/account signed in, with an error').toEqual([]);

    const panel = await navigationPanel(page);
    await panel.getByRole('link', { name: user.username }).waitFor();
    expect.soft(await axeViolations(page), 'logged-in navigation').toEqual([]);
  },
);
