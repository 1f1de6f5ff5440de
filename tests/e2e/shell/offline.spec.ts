/**
 * Offline (docs/product/shell.md#offline-notice): when the API cannot be reached the visitor sees the
 * offline message instead of a silent failure, and it goes away by itself once the server answers
 * again; the live stream then reconnects and delivers what was posted meanwhile.
 */
import { expect, test } from 'vitest';
import { COPY } from '#shared/copy';
import { call, createUser, loginAs } from '#test-support/accounts';
import { openAccountPopup, useAccountsSite } from '#test-support/accounts-site';

const site = useAccountsSite();

test('losing the network shows the offline message; getting it back removes it and the stream resumes', async () => {
  const admin = await loginAs(site.server, await createUser(site.server, { adminRank: 10 }));
  // What the page still fetches while offline (the live stream, a chunk it prefetches) fails loudly.
  const { page, context } = await site.open('/support', {
    width: 1280,
    expectErrors: /ERR_INTERNET_DISCONNECTED/,
  });
  await expect.poll(() => page.locator('.assistant').getAttribute('data-active')).toBe('false');
  const notice = page.locator('.offline-notice');
  expect(await notice.count()).toBe(0);

  await context.setOffline(true);
  await notice.waitFor({ timeout: 15_000 });
  expect(await notice.innerText()).toContain(COPY.offlineDocument);
  expect(await notice.getAttribute('role')).toBe('status');

  // Posted while the visitor is away: it arrives once the stream is back.
  await call(site.server, 'POST', '/api/admin/assistant-messages', {
    cookie: admin,
    body: { text: 'Posted while you were offline', pages: ['support'] },
  });
  await context.setOffline(false);
  await notice.waitFor({ state: 'detached', timeout: 15_000 });
  await expect
    .poll(() => page.locator('.assistant [role="status"]').innerText(), { timeout: 15_000 })
    .toBe('Assistant: Posted while you were offline');
});

test('a log-in while the server cannot be reached says so; "Try now" clears it once it answers', async () => {
  const { page } = await site.open('/', {
    width: 400,
    expectErrors: /ERR_CONNECTION_REFUSED|Failed to load resource/,
  });
  let refuse = true;
  await page.route('**/api/**', (route) =>
    refuse ? route.abort('connectionrefused') : route.continue(),
  );
  const dialog = await openAccountPopup(page, 'Log in', 'Log in');
  await dialog.getByLabel('Email').fill('someone@example.com');
  await dialog.getByLabel('Password').fill('violet-harbour-42-lantern');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  // The form says what docs/product/accounts.md#log-in says for any failed log-in; the page says why.
  await dialog.getByText(COPY.somethingWentWrongForm, { exact: true }).first().waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const notice = page.locator('.offline-notice');
  await notice.waitFor({ timeout: 10_000 });
  expect(await notice.innerText()).toContain(COPY.offlineDocument);

  refuse = false;
  await page.getByRole('button', { name: 'Try now' }).click();
  await notice.waitFor({ state: 'detached', timeout: 10_000 });
});
