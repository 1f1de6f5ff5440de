/**
 * The desk's passkeys in real Chromium with its virtual authenticator (docs/product/desk.md#admin-multi-factor,
 * docs/product/accounts.md#passkeys): an admin adds a desk passkey from the Authenticator section,
 * opens the desk with it instead of a code, turns "Require a passkey" on (which asks for the
 * passkey), after which a right code is refused in the server's words and the passkey still opens
 * the desk and answers the step-up. Opened at http://localhost:<port>: WebAuthn needs a host name.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { PASSKEY_MESSAGES } from '#shared/passkey-schemas';
import { totpCode } from '#server/features/mfa/totp';
import { createUser, TEST_TOTP_SECRET } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { addVirtualAuthenticator, VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite({ hostName: 'localhost' });

/** This session's second factor forgotten (as a new log-in would be), then the desk again. */
async function closeTheDesk(page: Page, adminId: string): Promise<void> {
  await site.server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: null })
    .where('user_id', '=', adminId)
    .execute();
  await page.reload();
}

test('an admin adds a desk passkey, opens the desk and steps up with it, and with "Require a passkey" on a code is refused', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.desktop.width,
    // The refused code (409) and the step-up asked for (403) are in the console.
    expectErrors: /status of (403|409)/,
  });
  await addVirtualAuthenticator(page);
  let section = page.getByRole('region', { name: 'Authenticator' });
  await section.getByText('None yet').waitFor();
  await section.getByRole('button', { name: 'Add a desk passkey' }).click();
  await section.getByText(/^Added “.+”\. It opens the desk/).waitFor();
  await section.getByText('1 passkey opens the desk').waitFor();

  // The desk's gate offers the passkey first, and it opens the desk.
  await closeTheDesk(page, admin.id);
  await page.getByRole('heading', { name: 'Use a passkey or a code to open the desk' }).waitFor();
  expect(await page.getByRole('region', { name: 'Traffic' }).count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.getByRole('region', { name: 'Traffic' }).waitFor();

  // "Require a passkey": turning it on asks the passkey again, then only a passkey opens the desk.
  section = page.getByRole('region', { name: 'Authenticator' });
  const required = section.getByRole('switch', { name: 'Require a passkey' });
  expect(await required.isChecked()).toBe(false);
  await required.focus();
  await page.keyboard.press('Space');
  await section.getByText('Done. Only a passkey opens the desk now.').waitFor();
  expect(await required.isChecked()).toBe(true);

  await closeTheDesk(page, admin.id);
  await page.getByRole('heading', { name: 'Use your passkey to open the desk' }).waitFor();
  await page.getByLabel('Code from your authenticator app').fill(totpCode(TEST_TOTP_SECRET));
  await page.getByRole('button', { name: 'Open the desk' }).click();
  await page.getByText(PASSKEY_MESSAGES.passkeyOnly).waitFor();
  expect(await page.getByRole('region', { name: 'Traffic' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.getByRole('region', { name: 'Traffic' }).waitFor();

  // The step-up asks for the passkey too: new recovery codes with a second factor 20 minutes old.
  await site.server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', admin.id)
    .execute();
  section = page.getByRole('region', { name: 'Authenticator' });
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  await section.getByRole('button', { name: 'Make new codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByRole('button', { name: 'Use a passkey' }).click();
  await section.getByRole('heading', { name: 'Save your new recovery codes' }).waitFor();
});
