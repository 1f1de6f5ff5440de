/**
 * Indicator trials and purchases (docs/product/offerings.md#free-trials-and-purchases) in real Chromium
 * against the real server: Free trial asks a signed-out visitor to log in and records a signed-in
 * visitor's request, which /account then shows and updates live when the owner grants it on /admin;
 * a purchase request is recorded and shown the same way; each form's special agreement has its own
 * message; no axe violations on the pop-up and the account and desk sections in both themes.
 */
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { formatDate } from '../../../src/client/lib/date-format';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';

const site = useAccountsSite();

test('Free trial asks a signed-out visitor to log in first', async () => {
  const { page } = await site.open(paths.portfolio, { width: 400 });
  await page.locator('main').getByRole('button', { name: 'Free trial' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Free trial: Portfolio' });
  await dialog.getByText('Log in or create a free account first', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).waitFor();
});

test('a signed-in visitor asks for a trial; /account shows it waiting, then active once the owner grants it', async () => {
  const user = await createUser(site.server);
  const { page } = await site.openAs(user, paths.longAndShortPosition, {
    width: 1280,
    // The refused second trial is a 409 the browser logs.
    expectErrors: /status of 409/,
  });
  await page.locator('main').getByRole('button', { name: 'Free trial' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Free trial: Long & Short Position' });
  const send = dialog.getByRole('button', { name: 'Start free trial' });
  await send.click();
  await dialog.getByText('TradingView username is missing.').waitFor();
  await dialog.getByRole('textbox', { name: 'TradingView username' }).fill('Chart_Wizard');
  await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
  await dialog.getByRole('checkbox', { name: /Privacy policy/ }).check();
  await dialog.getByRole('checkbox', { name: /ends by itself after 7 days/ }).check();
  await send.click();
  await dialog.getByText('Free trial requested').waitFor();

  const rows = await site.server.app.db
    .selectFrom('product_access')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  expect(rows).toMatchObject([
    { product: 'longAndShortPosition', kind: 'freeTrial', status: 'requested' },
  ]);

  // A second trial is refused with the reason.
  await dialog.getByRole('button', { name: 'Send another' }).click();
  await dialog.getByRole('textbox', { name: 'TradingView username' }).fill('another_name');
  for (const name of [/Terms of service/, /Privacy policy/, /ends by itself/])
    await dialog.getByRole('checkbox', { name }).check();
  await send.click();
  await dialog
    .getByText('You have already used the free trial of Long & Short Position.')
    .waitFor();
  await page.keyboard.press('Escape');

  await page.goto(`${site.url}${paths.account}`);
  const card = page.getByRole('region', { name: 'Indicators' });
  const record = card.locator('.access-record');
  await record.getByText('Waiting to be shared').waitFor();
  expect(await record.innerText()).toContain('Chart_Wizard');
  expect(await card.getByText('No trial or licence yet.').count()).toBe(1); // Portfolio

  // The owner grants it: the open page follows through the live user event.
  const owner = await loginAs(site.server, await createUser(site.server, { adminRank: 10 }));
  const granted = await call(
    site.server,
    'POST',
    `/api/admin/product-access/${rows[0]!.id}/grant`,
    {
      cookie: owner,
      body: { days: 7 },
      headers: fromAddress(nextAddress()),
    },
  );
  expect(granted.status).toBe(200);
  await record.getByText('Active', { exact: true }).waitFor();
  const endsAt = (granted.json as { record: { endsAt: string } }).record.endsAt;
  // The account page writes the end date in the visitor's time zone; the browser runs on this machine.
  const shown = formatDate(endsAt);
  expect(await record.innerText()).toContain(`until ${shown}`);
});

test.each([
  [
    'Free trial',
    'Free trial: Portfolio',
    'Start free trial',
    /ends by itself after 7 days/,
    'Please confirm that you understand how the free trial works.',
  ],
  [
    'Purchase',
    'Purchase Portfolio',
    'Send purchase request',
    /not by card on this site/,
    'Please confirm that you understand how payment works.',
  ],
] as const)(
  '%s: an unticked special agreement shows its own message as the only error and nothing is sent',
  async (button, dialogName, submit, special, message) => {
    const user = await createUser(site.server);
    const { page } = await site.openAs(user, paths.portfolio, { width: 1280 });
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/submissions') sent += 1;
    });
    await page.locator('main').getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.getByRole('textbox', { name: 'TradingView username' }).fill('Careful_Reader');
    await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
    await dialog.getByRole('checkbox', { name: /Privacy policy/ }).check();
    await dialog.getByRole('button', { name: submit }).click();

    await expect.poll(() => dialog.locator('.field__error').allInnerTexts()).toEqual([message]);
    const box = dialog.getByRole('checkbox', { name: special });
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.isChecked()).toBe(false);
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(1);
    expect(sent).toBe(0);
    const stored = await site.server.app.db
      .selectFrom('submissions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([]);
    const access = await site.server.app.db
      .selectFrom('product_access')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(access).toEqual([]);

    // Ticking it takes the message away.
    await box.check();
    await expect.poll(() => dialog.locator('.field__error').count()).toBe(0);
  },
);

test('a signed-in visitor sends a purchase request; it is stored with the username and /account shows it waiting', async () => {
  const user = await createUser(site.server);
  const { page } = await site.openAs(user, paths.portfolio, { width: 400 });
  await page.locator('main').getByRole('button', { name: 'Purchase' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Portfolio' });
  await dialog.getByRole('textbox', { name: 'TradingView username' }).fill('Desk_Buyer');
  await dialog
    .getByRole('textbox', { name: 'Anything we should know' })
    .fill('The yearly plan, paid in Bitcoin.');
  await dialog.getByRole('checkbox', { name: /Terms of service/ }).check();
  await dialog.getByRole('checkbox', { name: /Privacy policy/ }).check();
  await dialog.getByRole('checkbox', { name: /not by card on this site/ }).check();
  await dialog.getByRole('button', { name: 'Send purchase request' }).click();
  await dialog.getByText('Purchase request sent').waitFor();
  expect(await dialog.innerText()).toContain(
    'You will get an email with how to pay for Portfolio.',
  );

  const submissions = await site.server.app.db
    .selectFrom('submissions')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  expect(submissions).toHaveLength(1);
  expect(submissions[0]!.type).toBe('products/indicators/portfolio/purchase');
  expect(JSON.parse(submissions[0]!.payload)).toMatchObject({
    submissionType: 'products/indicators/portfolio/purchase',
    inputs: [{ name: 'tradingViewUsername', value: 'Desk_Buyer' }],
    textAreas: [{ name: 'message', value: 'The yearly plan, paid in Bitcoin.' }],
    specialAgreements: [{ name: 'noCardPayments', value: true }],
  });
  const access = await site.server.app.db
    .selectFrom('product_access')
    .selectAll()
    .where('user_id', '=', user.id)
    .execute();
  expect(access).toMatchObject([
    {
      product: 'portfolio',
      kind: 'purchase',
      status: 'requested',
      platform_username: 'Desk_Buyer',
      starts_at: null,
      ends_at: null,
    },
  ]);
  await page.keyboard.press('Escape');

  await page.goto(`${site.url}${paths.account}`);
  const card = page.getByRole('region', { name: 'Indicators' });
  const record = card.locator('.access-record');
  await record.getByText('Waiting to be shared').waitFor();
  expect(await record.count()).toBe(1);
  expect(await record.locator('.access-record__kind').innerText()).toBe('Purchase');
  expect(await record.innerText()).toContain('Desk_Buyer');
  const portfolio = card.locator('.account-product').filter({ hasText: 'Portfolio' });
  expect(await portfolio.locator('.access-record').count()).toBe(1);
  expect(await card.getByText('No trial or licence yet.').count()).toBe(1); // Long & Short Position
});

test('the owner grants a waiting request and marks an ended trial removed on /admin', async () => {
  const visitor = await createUser(site.server);
  const now = Date.now();
  const base = {
    user_id: visitor.id,
    platform_username: 'desk_trader',
    platform_username_key: 'desk_trader',
    removed_at: null,
  };
  await site.server.app.db
    .insertInto('product_access')
    .values([
      {
        ...base,
        id: 'desk-request',
        product: 'portfolio',
        kind: 'purchase',
        status: 'requested',
        starts_at: null,
        ends_at: null,
        created_at: new Date(now - 60_000).toISOString(),
      },
      {
        ...base,
        id: 'desk-ended',
        product: 'longAndShortPosition',
        kind: 'freeTrial',
        status: 'active',
        starts_at: new Date(now - 9 * 86_400_000).toISOString(),
        ends_at: new Date(now - 2 * 86_400_000).toISOString(),
        created_at: new Date(now - 10 * 86_400_000).toISOString(),
      },
    ])
    .execute();
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, { width: 1280 });
  const section = page.getByRole('region', { name: 'Indicator access' });
  const waiting = section.getByRole('region', { name: /^Waiting for you/ });
  const request = waiting.getByRole('listitem', { name: 'Purchase of Portfolio for desk_trader' });
  await request.getByLabel('Plan').selectOption({ label: 'Yearly: 365 days' });
  await request.getByRole('button', { name: 'Grant' }).click();
  const active = section.getByRole('region', { name: /^Active/ });
  await active.getByRole('listitem', { name: 'Purchase of Portfolio for desk_trader' }).waitFor();

  const toRemove = section.getByRole('region', { name: /^Remove on TradingView/ });
  await toRemove
    .getByRole('listitem', { name: 'Free trial of Long & Short Position for desk_trader' })
    .getByRole('button', { name: 'Removed on TradingView' })
    .click();
  await toRemove.getByText('Nothing to remove.').waitFor();

  const stored = await site.server.app.db
    .selectFrom('product_access')
    .select(['id', 'status', 'starts_at', 'ends_at', 'removed_at'])
    .where('user_id', '=', visitor.id)
    .orderBy('id')
    .execute();
  expect(stored[0]).toMatchObject({ id: 'desk-ended', removed_at: expect.any(String) });
  expect(stored[1]).toMatchObject({ id: 'desk-request', status: 'active' });
  const days = (Date.parse(stored[1]!.ends_at!) - Date.parse(stored[1]!.starts_at!)) / 86_400_000;
  expect(days).toBe(365);
});

test('the trial pop-up and the account and desk sections have no axe violations', async () => {
  const user = await createUser(site.server);
  await site.server.app.db
    .insertInto('product_access')
    .values({
      id: 'axe-record',
      user_id: user.id,
      product: 'portfolio',
      kind: 'freeTrial',
      platform_username: 'axe_trader',
      platform_username_key: 'axe_trader',
      status: 'requested',
      starts_at: null,
      ends_at: null,
      created_at: new Date().toISOString(),
      removed_at: null,
    })
    .execute();
  for (const theme of ['light', 'dark'] as const) {
    const { page, context } = await site.openAs(user, paths.portfolio, { width: 400, theme });
    await page.locator('main').getByRole('button', { name: 'Purchase' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Portfolio' });
    await dialog.getByRole('button', { name: 'Send purchase request' }).click();
    await dialog.getByText('TradingView username is missing.').waitFor();
    expect(await axeViolations(page), `pop-up ${theme}`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${site.url}${paths.account}`);
    await page.getByText('Waiting to be shared').waitFor();
    expect(await axeViolations(page), `account ${theme}`).toEqual([]);
    await context.close();
  }
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, { width: 1280, theme: 'dark' });
  await page.getByRole('listitem', { name: 'Free trial of Portfolio for axe_trader' }).waitFor();
  expect(await axeViolations(page), 'desk').toEqual([]);
});
