/**
 * Sign up (docs/product/accounts.md#sign-up) in real Chromium against the real server, at 400 and 1280 px:
 * every validation message through the form (only the first shown, under its field, red,
 * aria-invalid, focused), success (logged in, navigation, thanks), a taken email from the server
 * under its field, and an unexpected failure (the assistant's support message and the offer to
 * report it).
 */
import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { MESSAGES, agreementMessage } from '#shared/account-schemas';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { createUser, unique } from '#test-support/accounts';
import {
  invalidField,
  isDesktop,
  navigationPanel,
  openAccountPopup,
  useAccountsSite,
} from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const PASSWORD = 'amber-otter-canyon-7';

function fields(dialog: Locator) {
  return {
    email: dialog.getByLabel('Email', { exact: true }),
    emailConfirm: dialog.getByLabel('Confirm email'),
    username: dialog.getByLabel('Username'),
    password: dialog.getByLabel('Password', { exact: true }),
    passwordConfirm: dialog.getByLabel('Confirm password'),
    terms: dialog.getByRole('checkbox', { name: /Terms of service/ }),
    privacy: dialog.getByRole('checkbox', { name: /Privacy policy/ }),
    newsletter: dialog.getByRole('checkbox', { name: /newsletter/ }),
    submit: dialog.getByRole('button', { name: 'Sign up', exact: true }),
  };
}

test.each(WIDTHS)(
  'at %i px each sign-up rule shows its message, only the first, under its field in red with aria-invalid and focus',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
    const f = fields(dialog);

    // [what to change before submitting, the label of the field expected invalid, its message]
    const steps: [() => Promise<void>, string, string][] = [
      [async () => {}, 'Email', MESSAGES.emailMissing],
      [() => f.email.fill('ada.example.com'), 'Email', MESSAGES.emailNoAt],
      [() => f.email.fill('ada@example.com'), 'Confirm email', MESSAGES.emailConfirmMissing],
      [
        () => f.emailConfirm.fill('eve@example.com'),
        'Confirm email',
        MESSAGES.emailConfirmMismatch,
      ],
      [() => f.emailConfirm.fill('ADA@example.com '), 'Username', MESSAGES.usernameMissing],
      [() => f.username.fill('a'), 'Username', MESSAGES.usernameTooShort],
      [() => f.username.fill('a'.repeat(21)), 'Username', MESSAGES.usernameTooLong],
      [() => f.username.fill(`ada${unique()}`.slice(0, 20)), 'Password', MESSAGES.passwordMissing],
      [() => f.password.fill('12345'), 'Password', MESSAGES.passwordTooShort],
      [() => f.password.fill(PASSWORD), 'Confirm password', MESSAGES.passwordConfirmMissing],
      [
        () => f.passwordConfirm.fill(`${PASSWORD}x`),
        'Confirm password',
        MESSAGES.passwordConfirmMismatch,
      ],
      [
        () => f.passwordConfirm.fill(PASSWORD),
        'I accept the Terms of service (opens in a new tab)',
        agreementMessage('Terms of service'),
      ],
      [
        () => f.terms.check(),
        'I accept the Privacy policy (opens in a new tab)',
        agreementMessage('Privacy policy'),
      ],
    ];
    for (const [change, label, message] of steps) {
      await change();
      await f.submit.click();
      const state = await invalidField(dialog);
      expect(state, message).toEqual({
        count: 1,
        label,
        message,
        focused: true,
        red: true,
        shownErrors: 1,
      });
    }
    // Nothing was sent: the form checks first.
    expect(await dialog.getByRole('alert').count()).toBe(0);
  },
);

test.each(WIDTHS)(
  'at %i px signing up logs in, shows the navigation with the new account and the assistant says thanks',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
    const f = fields(dialog);
    const name = `mira${unique()}`.slice(0, 20);
    await f.email.fill(`${name}@example.com`);
    await f.emailConfirm.fill(`${name}@example.com`);
    await f.username.fill(name);
    await f.password.fill(PASSWORD);
    await f.passwordConfirm.fill(PASSWORD);
    // The default avatar is the third; pick the fourth.
    expect(await dialog.getByRole('radio', { name: /^Avatar 3/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /^Avatar 4/ }).check();
    await f.terms.check();
    await f.privacy.check();
    await f.newsletter.check();
    await f.submit.click();

    await page.getByRole('status').getByText('Thank you for signing up').waitFor();
    expect(await page.getByRole('dialog', { name: 'Sign up' }).count()).toBe(0);
    if (isDesktop(page)) expect(await page.getByRole('dialog').count()).toBe(0);
    else expect(await page.getByRole('dialog', { name: 'Navigation' }).isVisible()).toBe(true);
    const panel = await navigationPanel(page);
    const account = panel.getByRole('link', { name });
    expect(await account.getAttribute('href')).toBe(paths.account);
    // Log out is its own small chunk, in once the account shows.
    await panel.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
    expect(await account.locator('svg').getAttribute('data-avatar')).toBe('3');

    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.user).toMatchObject({
      email: `${name}@example.com`,
      username: name,
      avatar: 3,
      subscribedToNewsletter: true,
    });
  },
);

test.each(WIDTHS)(
  'at %i px an email already in use is said under the email field, not by the assistant',
  async (width) => {
    const taken = await createUser(site.server);
    const { page } = await site.open(paths.about, {
      width,
      // Chromium logs the 409 answer itself.
      expectErrors: /status of 409/,
    });
    const dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
    const f = fields(dialog);
    const name = `lena${unique()}`.slice(0, 20);
    await f.email.fill(taken.email);
    await f.emailConfirm.fill(taken.email);
    await f.username.fill(name);
    await f.password.fill(PASSWORD);
    await f.passwordConfirm.fill(PASSWORD);
    await f.terms.check();
    await f.privacy.check();
    await f.submit.click();

    await dialog.locator('[aria-invalid="true"]').waitFor();
    const state = await invalidField(dialog);
    expect(state).toMatchObject({ count: 1, label: 'Email', focused: true, red: true });
    expect(state.message).toBeTruthy();
    expect(await page.getByText(COPY.signUpFailedAssistant).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Sign up' }).isVisible()).toBe(true);
  },
);

test.each(WIDTHS)(
  'at %i px an unexpected sign-up failure brings the support message and the offer to report it',
  async (width) => {
    const { page, context } = await site.open(paths.about, {
      width,
      expectErrors: /status of 500/,
    });
    await context.route('**/api/auth/register', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'internal', message: 'Internal error' } }),
      }),
    );
    const dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
    const f = fields(dialog);
    await f.email.fill('noor@example.com');
    await f.emailConfirm.fill('noor@example.com');
    await f.username.fill('noor');
    await f.password.fill(PASSWORD);
    await f.passwordConfirm.fill(PASSWORD);
    await f.terms.check();
    await f.privacy.check();
    await f.submit.click();

    await page.getByRole('status').getByText(COPY.signUpFailedAssistant).waitFor();
    const alert = dialog.getByRole('alert');
    expect(await alert.textContent()).toContain(COPY.somethingWentWrongForm);
    await alert.getByRole('button', { name: 'Report this error' }).click();
    const report = page.getByRole('dialog', { name: COPY.errorReportTitle });
    await report.waitFor();
    expect(await report.textContent()).toContain('handleSignUp');
  },
);

test('reopening Sign up starts again: no field, error or checkbox survives', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.desktop.width });
  let dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
  let f = fields(dialog);
  await f.email.fill('kept@example.com');
  await f.terms.check();
  await f.submit.click();
  expect((await invalidField(dialog)).count).toBe(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  dialog = await openAccountPopup(page, 'Sign Up', 'Sign up');
  f = fields(dialog);
  expect(await f.email.inputValue()).toBe('');
  expect(await f.terms.isChecked()).toBe(false);
  expect((await invalidField(dialog)).count).toBe(0);
  expect(await dialog.getByRole('radio', { name: /^Avatar 3/ }).isChecked()).toBe(true);
});
