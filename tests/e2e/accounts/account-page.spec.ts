/**
 * /account (docs/product/accounts.md#account-page, docs/product/api.md#account-routes) in real Chromium against
 * the real server and SMTP sink: signed out, profile edits with the shared rules, newsletter,
 * email verification, password change, logging out other sessions, the data download, deleting the
 * account; and a change made elsewhere showing without a reload (the live stream); two columns of
 * sections on a wide screen.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { MESSAGES, TEXT_AREA_MAX_LENGTH, textAreaTooLongMessage } from '#shared/account-schemas';
import { paths } from '#shared/paths';
import { call, createUser, loginAs, unique } from '#test-support/accounts';
import { invalidField, navigationPanel, useAccountsSite } from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';
import { linkIn } from '#test-support/smtp-sink';
import { formatDate } from '../../../src/client/lib/date-format';

const site = useAccountsSite();
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];

function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

async function me(page: Page): Promise<Record<string, unknown> | null> {
  return (await page.evaluate(async () => (await fetch('/api/me')).json())).user;
}

test.each(WIDTHS)(
  'at %i px a signed-out visitor is told what the page is for and gets Log in and Sign up',
  async (width) => {
    const { page } = await site.open(paths.account, { width });
    const main = page.locator('main');
    await main.getByText('Log in to choose your username').waitFor();
    await main.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByLabel('Email').waitFor();
    await page.keyboard.press('Escape');
    await main.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Sign up' }).getByLabel('Username').waitFor();
  },
);

test.each(WIDTHS)(
  'at %i px the profile saves username, avatar and bio with the shared rules and says Saved.',
  async (width) => {
    const user = await createUser(site.server, { bio: 'Trader by day.' });
    const { page } = await site.openAs(user, paths.account, {
      width,
      expectErrors: /status of 409/,
    });
    const profile = section(page, 'Profile');
    const username = profile.getByLabel('Username');
    await username.waitFor();
    expect(await username.inputValue()).toBe(user.username);
    // The site's one way of writing a date (docs/product/shell.md#dates-and-times).
    expect(await page.getByText(/^Member since/).innerText()).toBe(
      `Member since ${formatDate(user.created_at)}`,
    );
    const save = profile.getByRole('button', { name: 'Save profile' });

    await username.fill('a');
    await save.click();
    expect(await invalidField(profile)).toMatchObject({
      count: 1,
      label: 'Username',
      message: MESSAGES.usernameTooShort,
      focused: true,
      red: true,
    });

    // A taken username comes back from the server under the field.
    const other = await createUser(site.server);
    await username.fill(other.username);
    await save.click();
    await profile.locator('[aria-invalid="true"]').waitFor();
    expect(await invalidField(profile)).toMatchObject({ count: 1, label: 'Username', red: true });

    const bio = profile.getByLabel('Bio');
    await username.fill(user.username);
    await bio.fill('');
    await save.click();
    expect(await invalidField(profile)).toMatchObject({
      count: 1,
      label: 'Bio',
      message: MESSAGES.bioMissing,
      focused: true,
    });
    await bio.fill('x'.repeat(TEXT_AREA_MAX_LENGTH + 1));
    await save.click();
    expect((await invalidField(profile)).message).toBe(textAreaTooLongMessage('Bio'));

    const renamed = `nova${unique()}`.slice(0, 20);
    await username.fill(renamed);
    await bio.fill('Trader by day, painter by night.');
    await profile.getByRole('radio', { name: /^Avatar 2/ }).check();
    await save.click();
    await profile.getByText('Saved.', { exact: true }).waitFor();
    expect(await me(page)).toMatchObject({
      username: renamed,
      avatar: 1,
      bio: 'Trader by day, painter by night.',
    });
    // The navigation follows.
    const panel = await navigationPanel(page);
    await panel.getByRole('link', { name: renamed }).waitFor();
  },
);

test.each(WIDTHS)(
  'at %i px the signed-in page uses the width: two columns of sections on a wide screen, one on a phone',
  async (width) => {
    const user = await createUser(site.server);
    const { page } = await site.openAs(user, paths.account, { width });
    await section(page, 'Password').waitFor();
    // Both read in one go: the passkey offer above them may come in between two reads.
    const [profile, password] = await page.evaluate(() =>
      ['Profile', 'Password'].map((title) => {
        const heading = [...document.querySelectorAll('main h2')].find(
          (h2) => h2.textContent === title,
        )!;
        const { x, y, width, height } = heading.closest('section')!.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    if (!profile || !password) throw new Error('no Profile or Password section');
    if (width === VIEWPORTS.desktop.width) {
      // Side by side, each a comfortable width for a form.
      expect(password.x).toBeGreaterThan(profile.x + profile.width);
      expect(Math.abs(password.y - profile.y)).toBeLessThan(1);
      expect(profile.width).toBeGreaterThan(380);
    } else {
      expect(password.y).toBeGreaterThan(profile.y + profile.height);
      expect(Math.abs(password.x - profile.x)).toBeLessThan(1);
    }
  },
);

test('the newsletter switch applies at once; on asks to confirm by mail, off says Saved.', async () => {
  const user = await createUser(site.server, { subscribedToNewsletter: false });
  const { page } = await site.openAs(user, paths.account, { width: VIEWPORTS.desktop.width });
  const newsletter = section(page, 'Newsletter');
  const toggle = newsletter.getByRole('switch', { name: 'Send me the newsletter' });
  expect(await toggle.isChecked()).toBe(false);
  await toggle.click();
  await newsletter.getByText('Check your inbox to confirm', { exact: false }).waitFor();
  expect(await toggle.isChecked()).toBe(true);
  expect((await me(page))?.subscribedToNewsletter).toBe(true);
  await site.sink.waitFor(
    (m) => m.to === user.email && m.subject.startsWith('Confirm your subscription'),
  );
  await toggle.click();
  await newsletter.getByText('Saved.', { exact: true }).waitFor();
  expect((await me(page))?.subscribedToNewsletter).toBe(false);
});

test.each(WIDTHS)(
  'at %i px the verification mail is sent again and its link verifies the address, leaving the URL clean',
  async (width) => {
    const user = await createUser(site.server, { emailVerified: false });
    const { page } = await site.openAs(user, paths.account, { width });
    const email = section(page, 'Email');
    await email.getByText('Not verified yet').waitFor();
    await email.getByRole('button', { name: 'Resend verification mail' }).click();
    await email.getByText(`Verification mail sent to ${user.email}.`, { exact: false }).waitFor();

    const mail = await site.sink.waitFor((m) => m.to === user.email);
    const link = linkIn(mail, `${site.url}${paths.account}?verify=`);
    await page.goto(link);
    await page.getByText('Your email address is verified. Thank you!').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await section(page, 'Email').getByText('Verified', { exact: true }).waitFor();
    expect((await me(page))?.emailVerified).toBe(true);
  },
);

test.each(WIDTHS)(
  'at %i px changing the password checks the current one, the new one twice, and says Saved.',
  async (width) => {
    const user = await createUser(site.server);
    const { page } = await site.openAs(user, paths.account, {
      width,
      expectErrors: /status of 400/,
    });
    const form = section(page, 'Password');
    const current = form.getByLabel('Current password');
    const next = form.getByLabel('New password', { exact: true });
    const confirm = form.getByLabel('Confirm new password');
    const submit = form.getByRole('button', { name: 'Change password' });

    await submit.click();
    expect(await invalidField(form)).toMatchObject({
      label: 'Current password',
      message: MESSAGES.currentPasswordMissing,
      focused: true,
      red: true,
    });
    await current.fill('not-my-password');
    await next.fill('short');
    await submit.click();
    expect((await invalidField(form)).message).toBe(MESSAGES.passwordTooShort);
    await next.fill('glacier-pepper-81');
    await confirm.fill('glacier-pepper-18');
    await submit.click();
    expect((await invalidField(form)).message).toBe(MESSAGES.passwordConfirmMismatch);
    await confirm.fill('glacier-pepper-81');
    await submit.click();
    await form.locator('[aria-invalid="true"]').waitFor();
    expect(await invalidField(form)).toMatchObject({
      count: 1,
      label: 'Current password',
      message: MESSAGES.currentPasswordWrong,
    });
    await current.fill(user.password);
    await submit.click();
    await form.getByText('Saved. Your password is changed.').waitFor();
    const login = await call(site.server, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'glacier-pepper-81' },
    });
    expect(login.status).toBe(200);
  },
);

test('"Log out other sessions" ends the others and keeps this one; the data download is a JSON link', async () => {
  const user = await createUser(site.server);
  const other = await loginAs(site.server, user);
  const { page } = await site.openAs(user, paths.account, { width: VIEWPORTS.mobile.width });
  const sessions = section(page, 'Sessions');
  await sessions.getByRole('button', { name: 'Log out other sessions' }).click();
  await sessions.getByText('Done. Logged out of 1 other session.').waitFor();
  expect((await call(site.server, 'GET', '/api/me', { cookie: other })).json).toEqual({
    user: null,
  });
  expect(await me(page)).not.toBeNull();

  const download = section(page, 'Your data').getByRole('link', { name: 'Download my data' });
  expect(await download.getAttribute('href')).toBe('/api/me/export');
  expect(await download.getAttribute('download')).not.toBeNull();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.json$/);
});

test.each(WIDTHS)(
  'at %i px deleting the account asks for the password and then signs out',
  async (width) => {
    const user = await createUser(site.server);
    const { page } = await site.openAs(user, paths.account, {
      width,
      expectErrors: /status of 400/,
    });
    const danger = section(page, 'Delete my account');
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    const password = danger.getByLabel('Your password, to confirm');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await danger.getByRole('button', { name: 'Cancel' }).click();
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    await password.fill('wrong-password-here');
    await danger.getByRole('button', { name: 'Delete my account permanently' }).click();
    await danger.locator('[aria-invalid="true"]').waitFor();
    expect((await invalidField(danger)).message).toBe(MESSAGES.passwordWrong);
    await password.fill(user.password);
    await danger.getByRole('button', { name: 'Delete my account permanently' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('status').getByText('Your account and its data are deleted.').waitFor();
    expect(await me(page)).toBeNull();
    const login = await call(site.server, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(401);
  },
);

test.each(WIDTHS)(
  'at %i px a change made through the API in another session shows without a reload',
  async (width) => {
    const user = await createUser(site.server, { avatar: 2 });
    const { page } = await site.openAs(user, paths.account, { width });
    const username = section(page, 'Profile').getByLabel('Username');
    await username.waitFor();
    expect(await username.inputValue()).toBe(user.username);

    const renamed = `live${unique()}`.slice(0, 20);
    const cookie = await loginAs(site.server, user);
    const patched = await call(site.server, 'PATCH', '/api/me', {
      cookie,
      body: { username: renamed, avatar: 0 },
    });
    expect(patched.status).toBe(200);

    // The untouched profile form follows, and so does the navigation.
    await expect.poll(() => username.inputValue(), { timeout: 10_000 }).toBe(renamed);
    const link = (await navigationPanel(page)).getByRole('link', { name: renamed });
    await link.waitFor();
    expect(await link.locator('svg').getAttribute('data-avatar')).toBe('0');
  },
);
