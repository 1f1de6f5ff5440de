/**
 * Twenty tabs of the site in one browser, on plain HTTP/1.1 where Chromium keeps at most six
 * connections to a host: every tab loads, because the tabs share one live stream held by one of
 * them (docs/architecture.md#how-a-live-event-flows). A message posted from the desk reaches every
 * tab on its page and no other; when the tab holding the stream closes, another takes over and the
 * next message still reaches the rest.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { AssistantMessage } from '#shared/live-events';
import { paths } from '#shared/paths';
import { call, createUser, loginAs } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();

/** The nineteen tabs besides the desk: six on /about, the rest spread over other pages. */
const TAB_PATHS = [
  ...Array<string>(6).fill(paths.about),
  paths.art,
  paths.music,
  paths.home,
  paths.contact,
  paths.support,
  paths.purchase,
  paths.portfolio,
  paths.longAndShortPosition,
  paths.lokalaJobb,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.account,
  paths.art,
];

/** What the assistant's bubble says now ('' when it is closed); never waits for it. */
const bubbleText = async (page: Page) =>
  (await page.locator('.assistant__bubble').allInnerTexts()).join(' ');

async function postFromApi(cookie: string, text: string): Promise<AssistantMessage> {
  const res = await call(site.server, 'POST', '/api/admin/assistant-messages', {
    cookie,
    body: { text, pages: ['about'] },
  });
  expect(res.status).toBe(201);
  return (res.json as { message: AssistantMessage }).message;
}

test('twenty tabs load and stay live on one stream; closing the tab that holds it hands it over', async () => {
  const owner = await createUser(site.server, { adminRank: 10 });
  const desk = await site.openAs(owner, paths.admin, { width: VIEWPORTS.desktop.width });
  const tabs: { page: Page; path: string }[] = [];
  for (const path of TAB_PATHS) {
    const page = await desk.context.newPage();
    // A tab that cannot get a connection never fires `load`: this would time out.
    await page.goto(`${site.url}${path}`, { waitUntil: 'load', timeout: 15_000 });
    await page.locator('main').first().waitFor();
    tabs.push({ page, path });
  }
  expect(desk.context.pages()).toHaveLength(20);
  // The whole browser holds one stream.
  await expect.poll(() => site.server.app.liveStreamCounts.open()).toBe(1);

  // The owner posts from the desk, for /about.
  const composer = desk.page.getByRole('region', { name: 'Assistant message' });
  await composer.getByLabel('Message', { exact: true }).fill('Six tabs on About hear this.');
  await composer.getByRole('checkbox', { name: 'About about', exact: true }).check();
  await composer.getByRole('button', { name: 'Post message' }).click();
  await composer.getByText('Posted. Visitors on the chosen pages see it now.').waitFor();

  const about = tabs.filter((tab) => tab.path === paths.about);
  const others = tabs.filter((tab) => tab.path !== paths.about);
  for (const { page } of about) {
    await expect.poll(() => bubbleText(page)).toContain('Six tabs on About hear this.');
  }
  for (const { page } of others) expect(await bubbleText(page)).toBe('');

  // The desk's tab holds the stream (it opened first). Close it; another tab takes over.
  await desk.page.close();
  const closedAt = Date.now();
  await postFromApi(await loginAs(site.server, owner), 'Still here after the handover.');
  for (const { page } of about) {
    await expect
      .poll(() => bubbleText(page), { timeout: 5000 })
      .toContain('Still here after the handover.');
  }
  const delivered = Date.now() - closedAt;
  // Taking over, connecting and typing the text out, well within a few seconds.
  expect(delivered).toBeLessThan(5000);
  await expect.poll(() => site.server.app.liveStreamCounts.open()).toBe(1);
  for (const { page } of others) expect(await bubbleText(page)).toBe('');
});

test('a browser without Web Locks gives each tab its own stream, and each still hears its page', async () => {
  const owner = await createUser(site.server, { adminRank: 10 });
  const first = await site.newTab({ width: VIEWPORTS.mobile.width });
  await first.context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });
  });
  const streams: string[] = [];
  first.context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/live') streams.push(url.searchParams.get('page') ?? '');
  });
  const tabs: { page: Page; path: string }[] = [];
  for (const path of [paths.about, paths.about, paths.art]) {
    const page = await first.context.newPage();
    await page.goto(`${site.url}${path}`);
    await page.locator('main').first().waitFor();
    tabs.push({ page, path });
  }
  // One stream per tab, each for its own page (never the shared `all`).
  await expect.poll(() => [...streams].sort().join(',')).toBe('about,about,art');
  await postFromApi(await loginAs(site.server, owner), 'Each tab on its own.');
  for (const { page, path } of tabs) {
    if (path === paths.about)
      await expect
        .poll(() => bubbleText(page), { timeout: 5000 })
        .toContain('Each tab on its own.');
  }
  expect(await bubbleText(tabs[2]!.page)).toBe('');
});
