/**
 * Visit counting in the browser (docs/product/visits.md#counting-rules): the first visit to each page in a
 * browser session is sent once; a new session sends it again, and the server counts an address once
 * per page and day; a browser switched off from counting is left out (and counted as such); the
 * landing's campaign name is its source. Counts are read from the server's storage.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useAccountsSite } from '#test-support/accounts-site';
import { gotoPage } from '#test-support/site';

const site = useAccountsSite();

async function countOf(page: string): Promise<number> {
  const row = await site.server.app.db
    .selectFrom('page_visits')
    .select('count')
    .where('page_key', '=', page)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Waits until the tab has recorded the page in its session record (after the count was sent). */
async function recorded(page: Page, pageKey: string): Promise<void> {
  await page.waitForFunction(
    (key) => key in (JSON.parse(sessionStorage.getItem('sessions') ?? '{}') as object),
    pageKey,
  );
}

test('/, /about, / again and /Nowou in one session count home, about and nowou once each', async () => {
  const { page } = await site.newTab({ width: 1280 });
  await gotoPage(page, `${site.url}/`);
  await recorded(page, 'home');
  await gotoPage(page, `${site.url}/about`);
  await recorded(page, 'about');
  await gotoPage(page, `${site.url}/`);
  await gotoPage(page, `${site.url}/Nowou`);
  await recorded(page, 'nowou');
  // Going back to a counted page sends nothing either. (The pages above were full loads, so Back
  // loads a document: the browser's own goBack waits for it, where history.back() from a script
  // could lose its context to the navigation.)
  await page.goBack({ waitUntil: 'load' });
  await recorded(page, 'home');
  // Proves Back sends no second count: nothing arrives to wait for.
  await delay(500);
  expect({
    home: await countOf('home'),
    about: await countOf('about'),
    nowou: await countOf('nowou'),
  }).toEqual({ home: 1, about: 1, nowou: 1 });
  const row = await site.server.app.db
    .selectFrom('page_visits_daily')
    .select(['page_key', 'count'])
    .where('page_key', '=', 'about')
    .executeTakeFirstOrThrow();
  expect(Number(row.count)).toBe(1);
});

test('a new browser session sends the same page again: another address counts, the same one the same day is a repeat', async () => {
  const before = await countOf('support');
  const repeats = async () => {
    const rows = await site.server.app.db
      .selectFrom('visit_exclusions')
      .select('count')
      .where('reason', '=', 'repeat')
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.count), 0);
  };
  const repeatsBefore = await repeats();
  const first = await site.open('/support', { width: 1280 });
  await recorded(first.page, 'support');
  await gotoPage(first.page, `${site.url}/support`);
  const second = await site.open('/support', { width: 1280 });
  await recorded(second.page, 'support');
  expect(await countOf('support')).toBe(before + 2);
  // Two more sessions behind one address (an office, a phone's carrier): counted once today.
  const shared = [await site.newTab({ width: 1280 }), await site.newTab({ width: 1280 })];
  for (const tab of shared) {
    await tab.context.setExtraHTTPHeaders({ 'x-forwarded-for': '192.0.2.200' });
    await gotoPage(tab.page, `${site.url}/support`);
    await recorded(tab.page, 'support');
  }
  expect(await countOf('support')).toBe(before + 3);
  expect((await repeats()) - repeatsBefore).toBe(1);
});

test('a browser switched off from counting is left out, and says so to the server', async () => {
  const tab = await site.newTab({ width: 1280 });
  await tab.context.addInitScript(() => {
    localStorage.setItem(
      'app-settings',
      JSON.stringify({ bools: { experimental: false, devCard: false, blockSessions: true } }),
    );
  });
  const bodies: unknown[] = [];
  tab.page.on('request', (request) => {
    if (request.url().endsWith('/api/visits')) bodies.push(request.postDataJSON());
  });
  await gotoPage(tab.page, `${site.url}/art`);
  await recorded(tab.page, 'art');
  await gotoPage(tab.page, `${site.url}/music`);
  await recorded(tab.page, 'music');
  expect(bodies).toEqual([
    { page: 'art', optOut: true },
    { page: 'music', optOut: true },
  ]);
  expect([await countOf('art'), await countOf('music')]).toEqual([0, 0]);
  const left = await site.server.app.db
    .selectFrom('visit_exclusions')
    .select('count')
    .where('reason', '=', 'optedOut')
    .execute();
  expect(left.reduce((sum, row) => sum + Number(row.count), 0)).toBe(2);
});

test('a visitor sent by another site counts under that site’s host alone', async () => {
  const tab = await site.newTab({ width: 1280 });
  await tab.page.goto(`${site.url}/lokala-jobb?utm_source=Spring-Mail&x=1`);
  await recorded(tab.page, 'lokalaJobb');
  const rows = await site.server.app.db
    .selectFrom('visit_sources_daily')
    .select(['source', 'page_key'])
    .where('page_key', '=', 'lokalaJobb')
    .execute();
  expect(rows).toEqual([{ source: 'spring-mail', page_key: 'lokalaJobb' }]);
});

test('a tab opened hidden counts once it becomes visible', async () => {
  const tab = await site.newTab({ width: 1280 });
  await tab.context.addInitScript(() => {
    let state: DocumentVisibilityState = 'hidden';
    Object.defineProperty(document, 'visibilityState', { get: () => state, configurable: true });
    (window as unknown as { showTab: () => void }).showTab = () => {
      state = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  await gotoPage(tab.page, `${site.url}/contact`);
  // Proves a hidden tab sends nothing: nothing arrives to wait for.
  await delay(500);
  expect(await countOf('contact')).toBe(0);
  await tab.page.evaluate(() => (window as unknown as { showTab: () => void }).showTab());
  await recorded(tab.page, 'contact');
  expect(await countOf('contact')).toBe(1);
});
