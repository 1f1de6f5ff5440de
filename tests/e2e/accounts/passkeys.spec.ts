/**
 * Passkeys in the browser (docs/product/accounts.md#passkeys), in real Chromium with its virtual
 * authenticator (CDP WebAuthn domain) against the real server: add one on the account page, see it
 * listed and rename it; sign in with "Log in with a passkey" and through the email field's own
 * suggestions (conditional mediation); remove it, after which signing in with it is refused in the
 * server's words; the current password asked for in the section when the sign-in is old. The site
 * is opened at http://localhost:<port> (PUBLIC_URL too): WebAuthn needs a secure context and a
 * relying party that is a host name.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { PASSKEY_MESSAGES } from '#shared/passkey-schemas';
import { createUser, type TestUser } from '#test-support/accounts';
import {
  isDesktop,
  navigationPanel,
  openAccountPopup,
  useAccountsSite,
} from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { addVirtualAuthenticator, VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite({ hostName: 'localhost' });

/** The browser says it offers no passkeys in autofill, so only the button can sign in. */
async function withoutAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: () => Promise.resolve(false),
    });
  });
}

function passkeysSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Passkeys' });
}

async function me(page: Page): Promise<{ email: string } | null> {
  return (await page.evaluate(async () => (await fetch('/api/me')).json())).user;
}

async function serverPasskeys(page: Page): Promise<{ name: string; lastUsedAt: string | null }[]> {
  return (await page.evaluate(async () => (await fetch('/api/me/passkeys')).json())).passkeys;
}

async function logOut(page: Page): Promise<void> {
  const panel = await navigationPanel(page);
  await panel.getByRole('button', { name: 'Log out' }).click();
  if (!isDesktop(page))
    await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
  await (await navigationPanel(page)).getByRole('button', { name: 'Sign Up' }).waitFor();
  expect(await me(page)).toBeNull();
}

/** Signed in on the account page, a passkey added there and renamed "Work laptop". */
async function addAndRename(user: TestUser, page: Page): Promise<Locator> {
  const section = passkeysSection(page);
  await section.getByText('No passkeys yet.').waitFor();
  // Right after signing in, the page offers one at the top.
  await page.getByRole('note', { name: 'Add a passkey' }).waitFor();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // Named by the server after the device, and open for renaming.
  await section.getByText(/^Added “.+”\. You can log in with it now\.$/).waitFor();
  const name = section.getByLabel('Passkey name');
  await name.waitFor();
  expect(await name.inputValue()).toMatch(/\S/);
  expect(await page.getByRole('note', { name: 'Add a passkey' }).count()).toBe(0);
  await name.fill('');
  await section.getByRole('button', { name: 'Save name' }).click();
  await section.getByText(PASSKEY_MESSAGES.nameFormat).waitFor();
  await name.fill('Work laptop');
  await name.press('Enter');
  const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await item.getByRole('button', { name: 'Rename' }).waitFor();
  expect(await item.innerText()).toMatch(/Added .+ · never used/);
  expect((await serverPasskeys(page)).map((p) => p.name)).toEqual(['Work laptop']);
  expect((await me(page))?.email).toBe(user.email);
  return item;
}

test.each([VIEWPORTS.mobile.width, VIEWPORTS.desktop.width])(
  'at %i px a passkey is added on the account page, renamed, and signs in with the button; once removed, it is refused in the server’s words',
  async (width) => {
    const user = await createUser(site.server);
    const { page } = await site.openAs(user, paths.account, {
      width,
      // The removed passkey's refusal is a 401 the console reports.
      expectErrors: /status of 401/,
      beforeGoto: ({ page }) => void withoutAutofill(page),
    });
    await addVirtualAuthenticator(page);
    await addAndRename(user, page);
    expect(await axeViolations(page)).toEqual([]);

    await logOut(page);
    let dialog = await openAccountPopup(page, 'Log in', 'Log in');
    // The browser's suggestions are asked for in the email field (off in this tab).
    expect(await dialog.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await dialog.getByRole('button', { name: 'Log in with a passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    await (await navigationPanel(page)).getByRole('button', { name: 'Log out' }).waitFor();
    // As a password log-in: narrow screens show the navigation; close it to see the page.
    if (!isDesktop(page)) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
    }
    expect((await me(page))?.email).toBe(user.email);
    const [used] = await serverPasskeys(page);
    expect(used?.lastUsedAt).not.toBeNull();

    // Remove asks first; Keep leaves it.
    const section = passkeysSection(page);
    let item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
    await item.getByText(/last used/).waitFor();
    await item.getByRole('button', { name: 'Remove' }).click();
    await item.getByRole('button', { name: 'Keep' }).click();
    await item.getByRole('button', { name: 'Remove' }).click();
    await item.getByRole('button', { name: 'Remove for good' }).click();
    await section.getByText('Removed “Work laptop”. It no longer logs in here.').waitFor();
    await section.getByText('No passkeys yet.').waitFor();
    expect(await serverPasskeys(page)).toEqual([]);

    // The virtual authenticator still holds it; the server refuses it and says why.
    await logOut(page);
    dialog = await openAccountPopup(page, 'Log in', 'Log in');
    await dialog.getByRole('button', { name: 'Log in with a passkey' }).click();
    await dialog.getByText(PASSKEY_MESSAGES.unknownPasskey).waitFor();
    expect(await me(page)).toBeNull();
    item = section.getByRole('listitem');
    expect(await item.count()).toBe(0);
  },
);

test('the log-in pop-up asks for the email field’s passkey suggestions, and one picked there signs in', async () => {
  const user = await createUser(site.server);
  const { page } = await site.openAs(user, paths.account, {
    width: VIEWPORTS.desktop.width,
    // Notes how the page asks the browser for a passkey.
    beforeGoto: ({ page }) =>
      void page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { passkeyMediations: seen });
        const get = navigator.credentials.get.bind(navigator.credentials);
        navigator.credentials.get = (options) => {
          seen.push(options?.mediation ?? 'optional');
          return get(options);
        };
      }),
  });
  await addVirtualAuthenticator(page);
  await addAndRename(user, page);
  await logOut(page);

  // Chromium's virtual authenticator answers the form's quiet request (mediation: conditional) at
  // once, as a person picking the passkey among the email field's suggestions would; nothing is
  // typed or clicked.
  const signIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/passkey'));
  const panel = await navigationPanel(page);
  await panel.getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  expect((await signIn).status()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  await (await navigationPanel(page)).getByRole('button', { name: 'Log out' }).waitFor();
  expect((await me(page))?.email).toBe(user.email);
  expect(
    await page.evaluate(
      () => (window as unknown as { passkeyMediations: string[] }).passkeyMediations,
    ),
  ).toEqual(['conditional']);
});

test('a sign-in older than 15 minutes asks for the current password in the section before adding', async () => {
  const user = await createUser(site.server);
  const { page } = await site.openAs(user, paths.account, {
    width: VIEWPORTS.mobile.width,
    expectErrors: /status of 400/,
  });
  // The session began 20 minutes ago.
  await site.server.app.db
    .updateTable('sessions')
    .set({ created_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
  await page.reload();
  await addVirtualAuthenticator(page);
  const section = passkeysSection(page);
  const password = section.getByLabel('Current password');
  await password.waitFor();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByText(PASSKEY_MESSAGES.passwordNeeded).waitFor();
  expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
  await password.fill('not-the-password');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByText('The current password is not correct.').waitFor();
  await password.fill(user.password);
  await password.press('Enter');
  await section.getByText(/^Added “.+”\. You can log in with it now\.$/).waitFor();
  expect(await serverPasskeys(page)).toHaveLength(1);
});

test('a browser without WebAuthn is told why nothing can be added, and the log-in pop-up offers no passkey', async () => {
  const user = await createUser(site.server);
  const { page } = await site.openAs(user, paths.account, {
    width: VIEWPORTS.desktop.width,
    beforeGoto: ({ page }) =>
      void page.addInitScript(() => {
        Reflect.deleteProperty(window, 'PublicKeyCredential');
      }),
  });
  const section = passkeysSection(page);
  await section
    .getByText(`${PASSKEY_MESSAGES.unsupported} Open this page in a recent browser to add one.`)
    .waitFor();
  expect(await section.getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);
  expect(await page.getByRole('note', { name: 'Add a passkey' }).count()).toBe(0);
  await logOut(page);
  const dialog = await openAccountPopup(page, 'Log in', 'Log in');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Log in with a passkey' }).count()).toBe(0);
});
