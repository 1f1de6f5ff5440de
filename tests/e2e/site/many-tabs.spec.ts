/**
 * Many tabs of the site in one browser, on plain HTTP/1.1 where Chromium keeps at most six
 * connections to a host: every tab loads, because the tabs share one live stream held by one of
 * them (docs/architecture.md#how-a-live-event-flows). Twice: on a secure origin (127.0.0.1, where
 * the tabs choose the holder with a Web Lock) and on a site reached by a host name over plain HTTP,
 * which is not a secure context, so there are no Web Locks and the tabs elect the holder over a
 * BroadcastChannel. Either way a message posted from the desk reaches every tab on its page and no
 * other; the tab holding the stream is found (the one page with an open /api/live request) and
 * closed, then crashed, and each time another tab's stream is open within a second; after the
 * crash a rank given at the desk shows the Admin button in every tab, though only one of them
 * holds the stream.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AssistantMessage } from '#shared/live-events';
import { paths } from '#shared/paths';
import { call, createUser, loginAs } from '#test-support/accounts';
import { useAccountsSite, type AccountsSite } from '#test-support/accounts-site';
import { collectPageErrors, VIEWPORTS } from '#test-support/browser';
import { waitForApp } from '#test-support/site';

/** Tabs besides the first (on /about): more on /about, the rest spread over other pages. */
const OTHER_PATHS = [
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

/** A new stream must be open this soon after its holder closed or crashed (docs/product.md's one second). */
const TAKEOVER_MS = 1000;

interface OpenTab {
  page: Page;
  path: string;
  errors: string[];
}

/** What the assistant's bubble says now ('' when it is closed); never waits for it. */
const bubbleText = async (page: Page) =>
  (await page.locator('.assistant__bubble').allInnerTexts()).join(' ');

const isLive = (request: Request) => new URL(request.url()).pathname === '/api/live';

type StreamWatch = ReturnType<typeof watchStreams>;

/** Which tabs hold an open /api/live request, and when each stream's answer began. */
function watchStreams(context: BrowserContext) {
  const open = new Map<Request, Page>();
  const answered: { page: Page; at: number }[] = [];
  const pageOf = (request: Request) => request.frame().page();
  context.on('request', (request) => {
    if (isLive(request)) open.set(request, pageOf(request));
  });
  context.on('response', (response) => {
    if (isLive(response.request()))
      answered.push({ page: pageOf(response.request()), at: Date.now() });
  });
  context.on('requestfailed', (request) => open.delete(request));
  context.on('requestfinished', (request) => open.delete(request));
  const crashed = new Set<Page>();
  context.on('page', (page) => page.on('crash', () => crashed.add(page)));
  const gone = (page: Page) => page.isClosed() || crashed.has(page);
  return {
    crashed,
    /** The tabs that hold a stream now. */
    holders: () => [...new Set([...open.values()].filter((page) => !gone(page)))],
    /** When a living tab's stream was first answered after `since`; null if none was yet. */
    answeredAfter: (since: number) =>
      answered.find((entry) => entry.at >= since && !gone(entry.page))?.at ?? null,
  };
}

async function post(site: AccountsSite, cookie: string, text: string): Promise<AssistantMessage> {
  const res = await call(site.server, 'POST', '/api/admin/assistant-messages', {
    cookie,
    body: { text, pages: ['about'] },
  });
  expect(res.status).toBe(201);
  return (res.json as { message: AssistantMessage }).message;
}

/** Every tab on /about shows `text`, and no other tab shows anything. */
async function reachesAboutTabsOnly(tabs: OpenTab[], text: string): Promise<void> {
  for (const { page, path } of tabs) {
    if (path === paths.about)
      await expect.poll(() => bubbleText(page), { timeout: 5000 }).toContain(text);
  }
  for (const { page, path } of tabs)
    if (path !== paths.about) expect(await bubbleText(page)).toBe('');
}

/** The one tab that holds the stream: exactly one does. */
async function theHolder(streams: StreamWatch): Promise<Page> {
  await expect.poll(() => streams.holders().length, { timeout: 5000 }).toBe(1);
  return streams.holders()[0]!;
}

/** Ends the holder (`how`) and answers how long until another tab's stream was answered. */
async function takeover(
  streams: StreamWatch,
  holder: Page,
  how: 'close' | 'crash',
): Promise<number> {
  const endedAt = Date.now();
  if (how === 'close') {
    await holder.close();
  } else {
    const cdp = await holder.context().newCDPSession(holder);
    // The renderer dies without pagehide; the answer never comes.
    void cdp.send('Page.crash').catch(() => undefined);
    await expect.poll(() => streams.crashed.has(holder), { timeout: 5000 }).toBe(true);
  }
  await expect.poll(() => streams.answeredAfter(endedAt), { timeout: 5000 }).not.toBeNull();
  return streams.answeredAfter(endedAt)! - endedAt;
}

async function tabsShareOneStream(
  site: AccountsSite,
  { tabCount, secure }: { tabCount: number; secure: boolean },
): Promise<void> {
  const owner = await createUser(site.server, { adminRank: 10 });
  const member = await createUser(site.server);
  const watch: { streams?: StreamWatch } = {};
  const first = await site.openAs(member, paths.about, {
    width: VIEWPORTS.desktop.width,
    beforeGoto: (tab) => (watch.streams = watchStreams(tab.context)),
  });
  const { context } = first;
  const streams = watch.streams!;
  expect(
    await first.page.evaluate(() => ({
      secure: isSecureContext,
      locks: typeof navigator.locks,
      channel: typeof BroadcastChannel,
    })),
  ).toEqual({ secure, locks: secure ? 'object' : 'undefined', channel: 'function' });

  const tabs: OpenTab[] = [{ page: first.page, path: paths.about, errors: first.errors }];
  for (const path of OTHER_PATHS.slice(0, tabCount - 1)) {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // A tab that cannot get a connection never fires `load`: this would time out.
    await page.goto(`${site.url}${path}`, { waitUntil: 'load', timeout: 15_000 });
    await waitForApp(page);
    tabs.push({ page, path, errors });
  }
  expect(context.pages()).toHaveLength(tabCount);
  // The whole browser holds one stream, for every page.
  await expect.poll(() => site.server.app.liveStreamCounts.open()).toBe(1);
  const firstHolder = await theHolder(streams);

  // The owner posts from the desk (a browser of its own), for /about.
  const desk = await site.openAs(owner, paths.admin, { width: VIEWPORTS.desktop.width });
  const composer = desk.page.getByRole('region', { name: 'Assistant message' });
  await composer.getByLabel('Message', { exact: true }).fill('About tabs hear this.');
  await composer.getByRole('checkbox', { name: 'About about', exact: true }).check();
  await composer.getByRole('button', { name: 'Post message' }).click();
  await composer.getByText('Posted. Visitors on the chosen pages see it now.').waitFor();
  await reachesAboutTabsOnly(tabs, 'About tabs hear this.');

  // The holder closes: another tab's stream is open within a second, and carries the next message.
  const afterClose = await takeover(streams, firstHolder, 'close');
  expect(afterClose).toBeLessThan(TAKEOVER_MS);
  let living = tabs.filter((tab) => tab.page !== firstHolder);
  const ownerCookie = await loginAs(site.server, owner);
  await post(site, ownerCookie, 'Still here after the handover.');
  await reachesAboutTabsOnly(living, 'Still here after the handover.');

  // The new holder crashes: no pagehide, no word; still another tab takes over within a second.
  const secondHolder = await theHolder(streams);
  const afterCrash = await takeover(streams, secondHolder, 'crash');
  expect(afterCrash).toBeLessThan(TAKEOVER_MS);
  living = living.filter((tab) => !streams.crashed.has(tab.page));
  expect(living.length).toBeGreaterThan(1);
  const holder = await theHolder(streams);
  expect([firstHolder, secondHolder]).not.toContain(holder);

  // A rank given at the desk: every tab shows the Admin button, the holder and all that follow it.
  const res = await call(site.server, 'POST', `/api/admin/accounts/${member.id}/rank`, {
    cookie: ownerCookie,
    body: { adminRank: 10 },
  });
  expect(res.status).toBe(200);
  for (const { page } of living) {
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Admin' })
      .waitFor({ timeout: 5000 });
  }
  await expect.poll(() => site.server.app.liveStreamCounts.open()).toBe(2);
  expect(living.flatMap((tab) => tab.errors)).toEqual([]);
  console.info(
    `${secure ? 'Web Locks' : 'channel election'}: new stream ${afterClose} ms after the holder closed, ${afterCrash} ms after it crashed (${streams.crashed.size} tab(s) crashed)`,
  );
}

describe('on a secure origin, with Web Locks', () => {
  const site = useAccountsSite();

  test('eight tabs load and stay live on one stream; closing or crashing its holder hands it over', async () => {
    await tabsShareOneStream(site, { tabCount: 8, secure: true });
  });

  test('a browser without BroadcastChannel gives each tab its own stream, and each still hears its page', async () => {
    const owner = await createUser(site.server, { adminRank: 10 });
    const first = await site.newTab({ width: VIEWPORTS.mobile.width });
    await first.context.addInitScript(() => {
      Object.defineProperty(window, 'BroadcastChannel', { value: undefined });
    });
    const streams: string[] = [];
    first.context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/live') streams.push(url.searchParams.get('page') ?? '');
    });
    const tabs: OpenTab[] = [];
    for (const path of [paths.about, paths.about, paths.art]) {
      const page = await first.context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${site.url}${path}`);
      await waitForApp(page);
      tabs.push({ page, path, errors });
    }
    // One stream per tab, each for its own page (never the shared `all`).
    await expect.poll(() => [...streams].sort().join(',')).toBe('about,about,art');
    await post(site, await loginAs(site.server, owner), 'Each tab on its own.');
    await reachesAboutTabsOnly(tabs, 'Each tab on its own.');
    expect(tabs.flatMap((tab) => tab.errors)).toEqual([]);
  });
});

describe('on plain HTTP by a host name, not a secure context: no Web Locks', () => {
  const site = useAccountsSite({ hostName: 'creator-site.test' });

  test('twenty tabs load and stay live on one stream; closing or crashing its holder hands it over', async () => {
    await tabsShareOneStream(site, { tabCount: 20, secure: false });
  });
});
