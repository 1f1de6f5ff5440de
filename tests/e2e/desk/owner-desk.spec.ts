/**
 * /admin, the owner's desk (docs/product/desk.md#desk-sections), in real Chromium against the real
 * server: posting, reading and clearing the assistant's live message with the shared schema's
 * errors; the refusal for signed-in visitors below the admin rank and the Log in way in for
 * signed-out ones; the traffic table and chart against visits counted through the API; error
 * reports shown as text; the server's own refusals and the offline message; axe on the desk at 400
 * and 1280 px in both themes.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ASSISTANT_MESSAGES } from '#shared/assistant-schemas';
import { COPY } from '#shared/copy';
import { PAGE_KEYS } from '#shared/page-keys';
import { paths } from '#shared/paths';
import { BROWSER } from '#test-support/visits';
import { call, createUser, fromAddress, loginAs, nextAddress } from '#test-support/accounts';
import { invalidField, useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { formatDate, formatDay } from '../../../src/client/lib/date-format';

const site = useAccountsSite();

function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

async function newAdmin() {
  const admin = await createUser(site.server, { adminRank: 10 });
  return { admin, cookie: await loginAs(site.server, admin) };
}

async function currentMessage(cookie: string): Promise<unknown> {
  const res = await call(site.server, 'GET', '/api/admin/assistant-messages', { cookie });
  expect(res.status).toBe(200);
  return (res.json as { message: unknown }).message;
}

const PAGES_TABLE = 'Visits per page, beside the days before';

/** The cells (visits, before, change) of the traffic table's row for a page key. */
function cellsOf(table: Locator, key: string): Promise<string[]> {
  return table
    .locator('tbody tr')
    .filter({ has: table.page().locator('code', { hasText: new RegExp(`^${key}$`) }) })
    .locator('td')
    .allInnerTexts();
}

test('an admin posts a message for two pages, sees it as the current one and clears it', async () => {
  const { admin, cookie } = await newAdmin();
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.desktop.width });
  const assistant = region(page, 'Assistant message');
  const current = assistant.locator('.current-message');
  await current.getByText('No message is live.', { exact: false }).waitFor();

  const text = '<b>New track</b> out today & <script>window.__owned = 1</script>';
  await assistant.getByLabel('Message', { exact: true }).fill(text);
  expect(await assistant.getByText(`${text.length} / 500`).count()).toBe(1);
  await assistant.getByRole('checkbox', { name: 'Music music', exact: true }).check();
  await assistant.getByRole('checkbox', { name: 'Art art', exact: true }).check();
  await assistant.getByText('2 of 19 selected').waitFor();
  await assistant.getByRole('button', { name: 'Post message' }).click();

  await assistant.getByText('Posted. Visitors on the chosen pages see it now.').waitFor();
  await current.getByText(text, { exact: true }).waitFor();
  expect(await current.locator('b, script').count()).toBe(0);
  expect(await page.evaluate(() => '__owned' in window)).toBe(false);
  const chips = await current.getByRole('listitem').allTextContents();
  expect(chips.map((chip) => chip.replace(/\s+/g, ' '))).toEqual(['Art art', 'Music music']);
  expect(await current.locator('.current-message__meta').innerText()).toMatch(
    /^Posted \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  );
  // The text field empties for the next message.
  expect(await assistant.getByLabel('Message', { exact: true }).inputValue()).toBe('');
  expect(await currentMessage(cookie)).toMatchObject({ text, pages: ['art', 'music'] });

  // The desk reads it back from the server.
  await page.reload();
  await current.getByText(text, { exact: true }).waitFor();

  await current.getByRole('button', { name: 'Clear message' }).click();
  await current.getByText('No message is live.', { exact: false }).waitFor();
  expect(await currentMessage(cookie)).toBeNull();
});

test('the composer shows the shared schema’s errors under their fields, one at a time', async () => {
  const { admin } = await newAdmin();
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.mobile.width });
  const assistant = region(page, 'Assistant message');
  const form = assistant.getByRole('form', { name: 'New assistant message' });
  const post = assistant.getByRole('button', { name: 'Post message' });
  const pages = assistant.getByRole('group', { name: 'Pages' });
  await post.waitFor();

  await assistant.getByLabel('Message', { exact: true }).fill('   ');
  await post.click();
  await form.locator('[aria-invalid="true"]').waitFor();
  expect(await invalidField(form)).toMatchObject({
    count: 1,
    label: 'Message',
    message: ASSISTANT_MESSAGES.textMissing,
    focused: true,
    red: true,
    shownErrors: 1,
  });

  await assistant.getByLabel('Message', { exact: true }).fill('Hello from the desk');
  expect(await form.locator('.field__error').count()).toBe(0);
  await post.click();
  const pagesError = pages.locator('.field__error');
  await pagesError.waitFor();
  expect(await pagesError.innerText()).toBe(ASSISTANT_MESSAGES.pagesMissing);
  expect(await pages.getAttribute('aria-describedby')).toContain(
    await pagesError.getAttribute('id'),
  );
  expect(await form.locator('.field__error').count()).toBe(1);
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe(
    'checkbox',
  );

  // Select all ticks every page key; Select none takes them away again.
  await pages.getByRole('button', { name: 'Select all' }).click();
  expect(await pages.getByRole('checkbox', { checked: true }).count()).toBe(PAGE_KEYS.length);
  expect(await pagesError.count()).toBe(0);
  await pages.getByRole('button', { name: 'Select none' }).click();
  expect(await pages.getByRole('checkbox', { checked: true }).count()).toBe(0);
});

test('the server’s refusal and a lost connection show their own messages on the desk', async () => {
  const { admin } = await newAdmin();
  const { page, context } = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.desktop.width,
    expectErrors: /status of 403|ERR_INTERNET_DISCONNECTED|Failed to load resource/,
  });
  const traffic = region(page, 'Traffic');
  await traffic.getByRole('button', { name: 'Refresh' }).waitFor();

  // The rank is taken away behind the page's back: the server refuses the post itself.
  await site.server.app.db
    .updateTable('users')
    .set({ admin_rank: 0 })
    .where('id', '=', admin.id)
    .execute();
  const assistant = region(page, 'Assistant message');
  await assistant.getByLabel('Message', { exact: true }).fill('Should not be posted');
  await assistant.getByRole('checkbox', { name: 'Home home', exact: true }).check();
  await assistant.getByRole('button', { name: 'Post message' }).click();
  await assistant.getByRole('alert').getByText('You do not have permission to do this.').waitFor();

  // Offline (the stream, back online, would bring the lost rank and close the desk).
  await context.setOffline(true);
  await traffic.getByRole('button', { name: 'Refresh' }).click();
  await traffic.getByRole('alert').getByText(COPY.offlineDocument).waitFor();
  // The last figures stay on screen under the message.
  expect(await traffic.getByRole('button', { name: 'Refresh' }).isVisible()).toBe(true);
  // A list (the error reports) gets the message for lists, not the one for a document
  // (docs/product/api.md#offline-read-messages).
  const reports = region(page, 'Error reports');
  await reports.getByRole('button', { name: 'Refresh' }).click();
  await reports.getByRole('alert').getByText(COPY.offlineQuery).waitFor();
  await context.setOffline(false);
});

test('a visitor below the admin rank sees the refusal and no desk; signed out, Log in opens the log-in pop-up', async () => {
  const visitor = await createUser(site.server, { adminRank: 9 });
  const calls: string[] = [];
  const { page } = await site.openAs(visitor, paths.admin, { width: VIEWPORTS.mobile.width });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) calls.push(request.url());
  });
  // Loaded again with the listener in place, so no call of the page's own start can slip by.
  await page.reload();
  const main = page.locator('main');
  await main.getByText('You do not have permission to do this.').waitFor();
  expect(await main.getByRole('region').count()).toBe(0);
  expect(await main.getByRole('button', { name: 'Post message' }).count()).toBe(0);
  expect(calls).toEqual([]);

  const signedOut = await site.open(paths.admin, { width: VIEWPORTS.mobile.width });
  const login = signedOut.page.locator('main').getByRole('button', { name: 'Log in' });
  await login.click();
  await signedOut.page.getByRole('dialog', { name: 'Log in' }).getByLabel('Email').waitFor();
  expect(await signedOut.page.locator('main').getByRole('region').count()).toBe(0);
});

test('traffic over a range beside the days before, its sources, a custom range in the address bar, and the chart follows the page and the theme', async () => {
  // Each from an address of its own: an address counts once per page and day.
  const visit = (page: string, extra: Record<string, unknown> = {}) =>
    call(site.server, 'POST', '/api/visits', {
      body: { page, ...extra },
      headers: { ...fromAddress(nextAddress()), ...BROWSER },
    });
  for (const page of ['music', 'music', 'contact']) expect((await visit(page)).status).toBe(204);
  expect((await visit('music', { referrer: 'https://news.example.org/post?id=1' })).status).toBe(
    204,
  );
  // A host that looks like google.com (two Cyrillic о) arrives as punycode, marked on the desk.
  expect((await visit('about', { referrer: 'https://g\u043e\u043egle.com/' })).status).toBe(204);
  // Seeded days: 12 and 3 visits to Art 10 and 40 days ago, in this range and the one before.
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  await site.server.app.db
    .insertInto('page_visits_daily')
    .values([
      { page_key: 'art', day: day(10), count: 12 },
      { page_key: 'art', day: day(40), count: 3 },
    ])
    .execute();

  const { admin } = await newAdmin();
  const { page } = await site.openAs(admin, paths.admin, {
    width: VIEWPORTS.desktop.width,
    theme: 'light',
  });
  const traffic = region(page, 'Traffic');
  const table = traffic.getByRole('table', { name: PAGES_TABLE });
  await table.waitFor();
  expect(await traffic.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  expect(await cellsOf(table, 'art')).toEqual(['12', '3', '+300%']);
  expect(await cellsOf(table, 'music')).toEqual(['3', '0', 'new']);
  expect(await cellsOf(table, 'contact')).toEqual(['1', '0', 'new']);
  // Most visits first (earlier tests' visitors counted a few on /admin too).
  const keys = await table.locator('tbody code').allInnerTexts();
  expect(keys[0]).toBe('art');
  expect(keys.indexOf('music')).toBeLessThan(keys.indexOf('contact'));
  const visits = (await table.locator('tbody td:nth-of-type(1)').allInnerTexts()).map(Number);
  expect(visits).toEqual([...visits].sort((a, b) => b - a));
  expect(Number((await table.locator('tfoot td').allInnerTexts())[0])).toBe(
    visits.reduce((sum, n) => sum + n, 0),
  );

  // Sources: the referring host alone, and Direct; one opens to the pages it led to.
  const sources = traffic.getByRole('table', { name: /sources?, beside the days before/ });
  await sources.getByRole('button', { name: 'news.example.org' }).click();
  await sources
    .getByRole('list', { name: 'Pages news.example.org led to' })
    .getByText('Music')
    .waitFor();
  await sources.getByRole('button', { name: 'Direct' }).waitFor();
  const marked = sources.getByRole('button', { name: 'xn--ggle-55da.com punycode' });
  expect(await marked.locator('.traffic-sources__mark').isVisible()).toBe(true);

  // 7 days: the address bar says so, and Art's day 10 days ago is out.
  await traffic.getByRole('button', { name: '7 days' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('traffic')).toBe('7d');
  await expect.poll(() => cellsOf(table, 'art')).toEqual(['0', '12', '−100%']);

  // Custom starts from the days on show, so the fields and the figures agree; no grey example.
  await traffic.getByRole('button', { name: 'Custom' }).click();
  const custom = traffic.getByRole('form', { name: 'Custom range' });
  const shownFrom = await custom.getByLabel('From').inputValue();
  const shownTo = await custom.getByLabel('To').inputValue();
  expect(await traffic.locator('.traffic__summary').innerText()).toContain(
    `from ${shownFrom} to ${shownTo}`,
  );
  expect(await custom.getByLabel('From').getAttribute('placeholder')).toBeNull();

  // A custom range, typed the way the site writes days; a reload keeps it.
  await custom.getByLabel('From').fill(formatDay(day(45)));
  await custom.getByLabel('To').fill(formatDay(day(35)));
  await custom.getByRole('button', { name: 'Show' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('traffic-from')).toBe(day(45));
  await expect.poll(() => cellsOf(table, 'art')).toEqual(['3', '0', 'new']);
  await page.reload();
  await expect.poll(() => cellsOf(table, 'art')).toEqual(['3', '0', 'new']);
  // With nothing in the days before, the sentence says so instead of a change.
  expect(await traffic.locator('.traffic__summary').innerText()).toBe(
    `3 visits from ${formatDay(day(45))} to ${formatDay(day(35))}; none from ${formatDay(day(56))} to ${formatDay(day(46))}.`,
  );
  await custom.getByLabel('To').fill('31/12/2026');
  await custom.getByRole('button', { name: 'Show' }).click();
  // The example is today, never a fixed day that soon lies in the past.
  await custom.getByText(`Write a date like ${formatDate(new Date().toISOString())}.`).waitFor();

  await traffic.getByRole('button', { name: '30 days' }).click();
  const chart = traffic.getByRole('img', { name: /^Visits per day from / });
  await chart.waitFor();
  await traffic.getByLabel('Page in the chart').selectOption('music');
  await expect
    .poll(() => chart.getAttribute('aria-label'))
    .toContain('Music (music): 3 visits, most on');
  await traffic.getByRole('figure').getByText('Music (music)', { exact: true }).waitFor();

  // The chart's background is the surface token of the theme showing, and follows a switch.
  const background = () =>
    chart.evaluate((host) => {
      const canvas = host.querySelector('canvas');
      const pixel = canvas?.getContext('2d')?.getImageData(2, 2, 1, 1).data;
      return pixel ? [pixel[0], pixel[1], pixel[2]] : null;
    });
  await expect.poll(background).toEqual([255, 255, 255]);
  await page.getByRole('button', { name: 'Dark theme' }).first().click();
  await expect.poll(background).toEqual([0x1c, 0x19, 0x15]);
});

test('an admin’s own visits are left out and said so; Don’t count this browser leaves this browser out signed out', async () => {
  const { admin, cookie } = await newAdmin();
  const before = await call(site.server, 'POST', '/api/visits', {
    body: { page: 'purchase' },
    cookie,
    headers: { ...fromAddress(nextAddress()), ...BROWSER },
  });
  expect(before.status).toBe(204);
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.mobile.width });
  const traffic = region(page, 'Traffic');
  await traffic.getByText(/Left out: .*visits? by logged-in admins?/).waitFor();
  const off = traffic.getByRole('switch', { name: "Don't count this browser" });
  await off.check();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('app-settings') ?? '{}').bools),
  ).toMatchObject({ blockSessions: true });
  await off.uncheck();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('app-settings') ?? '{}').bools),
  ).toMatchObject({ blockSessions: false });
});

test('error reports are grouped; resolving one and reporting it again reopens it; its reports are inside, markup as text', async () => {
  const report = (error: string, errorName: string) =>
    call(site.server, 'POST', '/api/errors', {
      body: { error, errorName, timestamp: new Date().toISOString(), page: 'account' },
      headers: fromAddress(nextAddress()),
    });
  const markup = '<img src=x onerror="window.__owned=1"><b>bold</b> failed for ada@example.com';
  expect((await report(markup, 'handleAvatar')).status).toBe(201);
  expect((await report(markup.replace('ada', 'bob'), 'handleAvatar')).status).toBe(201);

  const { admin } = await newAdmin();
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.mobile.width });
  const reports = region(page, 'Error reports');
  const group = reports.getByRole('listitem').filter({ hasText: 'handleAvatar' }).first();
  await group.waitFor();
  expect(await group.locator('pre').innerText()).toBe(
    '<img src=x onerror="window.__owned=1"><b>bold</b> failed for [email]',
  );
  expect(await reports.locator('img, b').count()).toBe(0);
  expect(await page.evaluate(() => '__owned' in window)).toBe(false);
  expect(await group.innerText()).toContain('Account account');
  expect(await group.locator('.report__fact').filter({ hasText: 'Reports' }).innerText()).toContain(
    '2',
  );
  expect(await group.locator('.error-group__state').innerText()).toMatch(/open/i);

  await group.getByRole('button', { name: 'Resolve' }).click();
  await expect.poll(() => group.locator('.error-group__state').innerText()).toMatch(/resolved/i);
  expect((await report(markup, 'handleAvatar')).status).toBe(201);
  await reports.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => group.locator('.error-group__state').innerText()).toMatch(/open/i);
  expect(await group.locator('.report__fact').filter({ hasText: 'Reports' }).innerText()).toContain(
    '3',
  );

  // Its reports are inside; deleting one asks first, and the group keeps its count.
  await group.getByText('The latest 3 reports').or(group.getByText('3 reports')).click();
  const deletes = group.getByRole('button', { name: /^Delete the report of / });
  await expect.poll(() => deletes.count()).toBe(3);
  await deletes.first().click();
  await group.getByRole('button', { name: 'Delete for good' }).click();
  await expect.poll(() => deletes.count()).toBe(2);
});

test.each(
  [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ width, theme })),
  ),
)('the desk has no axe violations at $width px ($theme)', async ({ width, theme }) => {
  const { admin, cookie } = await newAdmin();
  await call(site.server, 'POST', '/api/admin/assistant-messages', {
    cookie,
    body: { text: 'New prints in the art shop', pages: ['art', 'home'] },
  });
  const { page } = await site.openAs(admin, paths.admin, { width, theme });
  await region(page, 'Traffic').getByRole('img').waitFor();
  await region(page, 'Error reports').getByRole('button', { name: 'Refresh' }).waitFor();
  await region(page, 'Assistant message').getByText('New prints in the art shop').waitFor();
  await region(page, 'Assistant message').getByRole('button', { name: 'Post message' }).click();
  await region(page, 'Assistant message').locator('.field__error').waitFor();
  expect(await axeViolations(page)).toEqual([]);
});
