/**
 * The desk's own security in real Chromium (docs/product/desk.md#admin-multi-factor): an admin sets up
 * the authenticator (first the command line's enrolment code, without which no key is shown; then
 * codes computed from the key the page shows), saves the recovery codes and
 * opens the desk; a second session must enter a code, a wrong one says so; a newsletter sent with
 * a code older than 15 minutes asks for a new one and goes out after it; the audit log shows each
 * step, filtered by action. On the desk's Authenticator section the admin replaces the app (codes
 * computed from the new key) and makes new recovery codes. The set-up and prompt cards at 400 and
 * 1280 px in both themes with axe, the Authenticator section at 400 px dark and 1280 px light.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { auditActionLabel } from '#shared/audit-actions';
import { paths } from '#shared/paths';
import { markPending, setMemberState } from '#server/features/mail-lists/members.repository';
import { mailListSecret } from '#server/features/mail-lists/list-tokens';
import { issueEnrolmentCode } from '#server/features/mfa/mfa.service';
import { totpCode } from '#server/features/mfa/totp';
import { call, createUser, loginAs, TEST_TOTP_SECRET, unique } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';

/** The actions of the audit log's entries as shown, newest first (each entry names its action). */
function actionsOf(log: Locator): Promise<string[]> {
  return log
    .locator('.audit-entry')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.action ?? ''));
}

const site = useAccountsSite();
const STEP_MS = 30_000;

function codeField(within: Page | Locator) {
  return within.getByLabel('Code from your authenticator app');
}

test('an admin sets up the authenticator, saves the codes, and the audit log shows it', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.desktop.width,
    mfa: 'none',
    expectErrors: /status of 400/,
  });
  await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
  // Nothing of the desk is there before the set-up.
  expect(await page.getByRole('region', { name: 'Traffic' }).count()).toBe(0);
  // No key without the command line's enrolment code.
  await page.getByRole('button', { name: 'Start set-up' }).click();
  await page
    .getByText(
      'Enter the enrolment code the command line printed for you, like abcd-efgh-ijkl-mnop.',
    )
    .waitFor();
  await page.getByLabel('Enrolment code').fill('abcd-efgh-ijkl-mnop');
  await page.getByRole('button', { name: 'Start set-up' }).click();
  await page.getByText(/^That enrolment code is not right/).waitFor();
  expect(await page.getByAltText('QR code for your authenticator app').count()).toBe(0);
  const enrolmentCode = await issueEnrolmentCode(site.server.app.db, admin.id);
  await page.getByLabel('Enrolment code').fill(enrolmentCode!);
  await page.getByRole('button', { name: 'Start set-up' }).click();
  await page.getByAltText('QR code for your authenticator app').waitFor();
  const key = (await page.locator('.mfa-qr__secret').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);

  await codeField(page).fill('12345');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
  await codeField(page).fill(totpCode(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  const shown = await codes.getByRole('listitem').allInnerTexts();
  expect(shown).toHaveLength(10);
  for (const code of shown) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
  await page.getByRole('button', { name: 'I saved them, open the desk' }).click();
  await page.getByRole('region', { name: 'Traffic' }).waitFor();

  const audit = page.getByRole('region', { name: 'Audit log' });
  const entries = audit.getByRole('list', { name: 'Audit log entries' });
  await entries.getByText(auditActionLabel('mfa.enrolment-confirm')).first().waitFor();
  // The What filter lists every action in words: no route, no dotted name.
  const choices = await audit.getByLabel('What').locator('option').allInnerTexts();
  expect(choices).toContain(auditActionLabel('mfa.enrolment-start'));
  expect(choices.filter((choice) => /\/api\/|^[a-z]+\.[a-z-]+$/.test(choice))).toEqual([]);
  await audit.getByLabel('What').selectOption('mfa.enrolment-start');
  await audit.getByRole('button', { name: 'Show' }).click();
  await expect
    .poll(async () => (await actionsOf(entries)).join(','))
    // The set-up, and before it the start refused for a made-up enrolment code.
    .toBe('mfa.enrolment-start,mfa.enrolment-start');

  // A recovery code opens the desk in another browser, once.
  const other = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.mobile.width,
    mfa: 'none',
  });
  await other.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await other.page.getByLabel('Recovery code').fill(shown[3]!);
  await other.page.getByRole('button', { name: 'Open the desk' }).click();
  await other.page.getByRole('region', { name: 'Traffic' }).waitFor();
});

test('a second session needs a code; a sensitive action asks for a new one and then goes ahead', async () => {
  // Someone to send to.
  const secret = await mailListSecret(site.server.app.db);
  const { member } = await markPending(site.server.app.db, secret, {
    list: 'newsletter',
    email: `reader${unique()}@example.com`,
    userId: null,
  });
  await setMemberState(site.server.app.db, member.id, 'subscribed');
  const admin = await createUser(site.server, { adminRank: 10 });
  // Enrolled (with the test secret) by a first session; this browser has entered no code yet.
  await site.openAs(admin, paths.home, { width: VIEWPORTS.mobile.width });
  const { page } = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.desktop.width,
    mfa: 'none',
    // The wrong code (400) and the refused send before the new code (403).
    expectErrors: /status of 40[03]/,
  });
  await page.getByRole('heading', { name: 'Enter a code to open the desk' }).waitFor();
  const now = Date.now();
  const wrong = String((Number(totpCode(TEST_TOTP_SECRET, now)) + 1) % 1_000_000).padStart(6, '0');
  await codeField(page).fill(wrong);
  await page.getByRole('button', { name: 'Open the desk' }).click();
  await page
    .getByText('That code is not correct, or it was already used.', { exact: false })
    .waitFor();
  await codeField(page).fill(totpCode(TEST_TOTP_SECRET, now));
  await page.getByRole('button', { name: 'Open the desk' }).click();
  const mail = page.getByRole('region', { name: 'Mail' });
  await mail.waitFor();

  // A code entered 20 minutes ago.
  await site.server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', admin.id)
    .execute();

  const form = mail.getByRole('form', { name: 'New newsletter' });
  const subject = `Step-up ${unique()}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Text').fill('Sent after a fresh code.');
  await form.getByRole('button', { name: 'Preview' }).click();
  await mail.getByRole('button', { name: /^Send to \d+ members?$/ }).click();
  await mail.getByRole('button', { name: /^Yes, send to \d+ (person|people)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.waitFor();
  await dialog
    .getByLabel('Code from your authenticator app')
    .fill(totpCode(TEST_TOTP_SECRET, now + STEP_MS));
  await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  await form.getByText('Queued for', { exact: false }).waitFor();
  expect(await dialog.count()).toBe(0);
  const sent = await site.server.app.db
    .selectFrom('newsletters')
    .select('subject')
    .where('subject', '=', subject)
    .execute();
  expect(sent).toHaveLength(1);

  const audit = page.getByRole('region', { name: 'Audit log' });
  await audit.getByRole('button', { name: 'Show' }).click();
  await expect
    .poll(async () => (await actionsOf(audit)).slice(0, 4).join(' | '))
    .toBe('POST /api/admin/newsletters | mfa.verify | POST /api/admin/newsletters | mfa.verify');
  expect(await audit.locator('.audit-entry').nth(2).getAttribute('data-outcome')).toBe('denied');
});

test('on the desk the admin replaces the authenticator and makes new recovery codes', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  // Enrolled with the test key, no recovery codes yet, and a code entered 20 minutes ago.
  const { page } = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.mobile.width,
    theme: 'dark',
    // The replacement refused until the new code (403 step-up-required).
    expectErrors: /status of 403/,
  });
  await site.server.app.db
    .updateTable('sessions')
    .set({ mfa_verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', admin.id)
    .execute();
  const section = page.getByRole('region', { name: 'Authenticator' });
  await section.getByText('0 of 10 left').waitFor();
  await section.getByText('No recovery codes left', { exact: false }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  const now = Date.now();
  await section.getByRole('button', { name: 'Replace the authenticator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await codeField(dialog).fill(totpCode(TEST_TOTP_SECRET, now));
  await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  await section.getByRole('heading', { name: 'Set up the new app' }).waitFor();
  await section.getByAltText('QR code for your authenticator app').waitFor();
  const key = (await section.locator('.mfa-qr__secret').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  expect(key).not.toBe(TEST_TOTP_SECRET);
  expect(await axeViolations(page)).toEqual([]);
  await codeField(section).fill(totpCode(key, now));
  await section.getByRole('button', { name: 'Confirm the new app' }).click();
  await section.getByRole('heading', { name: 'Save your new recovery codes' }).waitFor();
  const firstCodes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(firstCodes).toHaveLength(10);
  await section.getByRole('button', { name: 'I saved them' }).click();
  await section.getByText('10 of 10 left').waitFor();
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolls).toBe(false);

  // From now on only the new app opens the desk: the old key's next code is refused.
  const verify = async (code: string) =>
    (
      await call(site.server, 'POST', '/api/admin/mfa/verify', {
        cookie: await loginAs(site.server, admin, { mfa: 'none' }),
        body: { code },
      })
    ).status;
  expect(await verify(totpCode(TEST_TOTP_SECRET, now + STEP_MS))).toBe(400);
  expect(await verify(totpCode(key, now + STEP_MS))).toBe(200);

  // New recovery codes, asked first; the code entered just now spares the prompt.
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  await section.getByText('the ones you saved stop working at once', { exact: false }).waitFor();
  await section.getByRole('button', { name: 'Make new codes' }).click();
  await section.getByRole('heading', { name: 'Save your new recovery codes' }).waitFor();
  const secondCodes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(secondCodes).toHaveLength(10);
  expect(secondCodes.filter((code) => firstCodes.includes(code))).toEqual([]);
  await section.getByRole('button', { name: 'I saved them' }).click();
  await section.getByText('10 of 10 left').waitFor();
  expect(await dialog.count()).toBe(0);

  const audit = page.getByRole('region', { name: 'Audit log' });
  await audit.getByRole('button', { name: 'Show' }).click();
  await expect
    .poll(async () =>
      (await actionsOf(audit))
        .filter((action) => action.startsWith('mfa.'))
        .slice(0, 7)
        .join(' | '),
    )
    .toBe(
      [
        'mfa.recovery-codes-replace',
        'mfa.verify', // the new key's code, in another session
        'mfa.verify', // the old key's code, refused
        'mfa.enrolment-confirm',
        'mfa.enrolment-start',
        'mfa.verify', // the step-up
        'mfa.enrolment-start', // refused until then
      ].join(' | '),
    );

  // The section at 1280 px in the light theme.
  const wide = await site.openAs(admin, paths.admin, { width: VIEWPORTS.desktop.width });
  const shown = wide.page.getByRole('region', { name: 'Authenticator' });
  await shown.getByText('10 of 10 left').waitFor();
  expect(await axeViolations(wide.page)).toEqual([]);
});

test.each(
  [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ width, theme })),
  ),
)(
  'the set-up and code cards have no axe violations at $width px ($theme)',
  async ({ width, theme }) => {
    const admin = await createUser(site.server, { adminRank: 10 });
    const { page } = await site.openAs(admin, paths.admin, { width, theme, mfa: 'none' });
    const enrolmentCode = await issueEnrolmentCode(site.server.app.db, admin.id);
    await page.getByLabel('Enrolment code').fill(enrolmentCode!);
    await page.getByRole('button', { name: 'Start set-up' }).click();
    await page.getByAltText('QR code for your authenticator app').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrolls).toBe(false);
  },
);
