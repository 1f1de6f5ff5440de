/**
 * The desk's Submissions section: what a visitor sent with a form shows for the owner with its
 * fields and ticked boxes by label, as text, and the filter narrows the list to one form.
 */
import { expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import { call, createUser, fromAddress, nextAddress } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';

const site = useAccountsSite();

test('a contact message shows on the desk as text; the filter shows one form at a time', async () => {
  const marker = `<img src=x onerror="window.__pwned=1">Hello ${Date.now()}`;
  const sent = await call(site.server, 'POST', '/api/submissions', {
    headers: fromAddress(nextAddress()),
    body: toSubmissionPayload(FORM_DEFINITIONS.contact, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: marker,
      'Privacy policy': true,
      pitches: true,
    }),
  });
  expect(sent.status).toBe(201);

  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, '/admin', { width: 1280 });
  const section = page.locator('#submissions');
  const item = section.locator('.report').filter({ hasText: 'Grace Hopper' });
  await item.waitFor();
  expect(await item.locator('.report__name').innerText()).toBe('Contact');
  expect(await item.locator('pre').innerText()).toBe(marker);
  expect(await item.innerText()).toContain('grace@example.com');
  // A ticked box reads as the visitor read it, never as its key.
  expect(await item.locator('.report__ticked li').allInnerTexts()).toEqual([
    'Send me an email now and then about new work',
  ]);
  expect(await item.innerText()).not.toContain('pitches');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await axeViolations(page)).toEqual([]);

  await section.getByRole('combobox').selectOption({ label: 'Support' });
  await expect
    .poll(() => section.locator('.report').filter({ hasText: 'Grace Hopper' }).count())
    .toBe(0);
  await section.getByRole('combobox').selectOption({ label: 'Contact' });
  const again = section.locator('.report').filter({ hasText: 'Grace Hopper' });
  await again.waitFor();

  // Dealt with: the owner deletes it, after confirming.
  await again.getByRole('button', { name: 'Delete this Contact submission' }).click();
  await again.getByRole('button', { name: 'Delete for good' }).click();
  await again.waitFor({ state: 'detached' });
  const id = (sent.json as { id: string }).id;
  const row = await site.server.app.db
    .selectFrom('submissions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  expect(row).toBeUndefined();
});
