/**
 * Nowou without a network, in real Chromium (docs/product/nowou.md#nowou-offline): after one visit /nowou
 * and /productivity open with their items while the server is down; the service worker answers
 * no /api/ call and no other page; a new version is offered with Reload instead of taking over.
 * Each test has a server of its own, stopped halfway, and its own copy of the build to change.
 */
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { newContext, runBrowser } from '#test-support/browser';
import { ownBuiltClient } from '#test-support/built-client';
import { storedTitles } from '#test-support/nowou-storage';
import { startTestServer, type TestServer } from '#test-support/server';

let browser: Browser;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  browser = await runBrowser();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await browser?.close();
});

async function siteOfItsOwn(): Promise<{ server: TestServer; clientDir: string }> {
  const clientDir = await ownBuiltClient();
  const server = await startTestServer({ env: { CLIENT_DIR: clientDir, SERVE_CLIENT: 'true' } });
  cleanups.push(() => rmSync(clientDir, { recursive: true, force: true }));
  cleanups.push(() => server.close());
  return { server, clientDir };
}

async function openNowou(url: string, width: number, theme: 'light' | 'dark'): Promise<Page> {
  const context = await newContext(browser, { width, theme });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  await page.goto(`${url}${paths.nowou}`);
  await page.getByLabel('Add a to-do').waitFor();
  // The first visit's worker takes the page over as soon as it has kept its files.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15_000,
  });
  return page;
}

async function inboxTitles(page: Page): Promise<string[]> {
  if ((await page.getByRole('list', { name: 'Inbox' }).count()) === 0) return [];
  return page.getByRole('list', { name: 'Inbox' }).locator('.todo-row__title').allInnerTexts();
}

test('after one visit, /nowou and /productivity open with their items while the server is down', async () => {
  const { server } = await siteOfItsOwn();
  const page = await openNowou(server.url, 400, 'dark');
  await page.getByLabel('Add a to-do').fill('Pack the tent');
  await page.getByLabel('Add a to-do').press('Enter');
  await expect.poll(() => inboxTitles(page)).toEqual(['Pack the tent']);
  await expect.poll(() => storedTitles(page, 'todo-')).toEqual(['Pack the tent']);

  await server.close();
  const shown = await page.goto(`${server.url}${paths.nowou}`);
  expect(shown?.fromServiceWorker()).toBe(true);
  await expect.poll(() => inboxTitles(page)).toEqual(['Pack the tent']);
  await page.getByLabel('Add a to-do').fill('Buy matches');
  await page.getByLabel('Add a to-do').press('Enter');
  await expect.poll(() => inboxTitles(page)).toEqual(['Pack the tent', 'Buy matches']);

  await page.goto(`${server.url}/productivity`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(paths.nowou);
  await expect.poll(() => inboxTitles(page)).toEqual(['Pack the tent', 'Buy matches']);

  // Another page is not Nowou's: without the server it does not open.
  const other = await page.goto(`${server.url}${paths.about}`).catch((error: Error) => error);
  expect(other).toBeInstanceOf(Error);
});

test('the service worker answers neither /api/ nor any other page', async () => {
  const { server } = await siteOfItsOwn();
  const page = await openNowou(server.url, 1280, 'light');
  const answers: Response[] = [];
  page.on('response', (response) => answers.push(response));

  // The live stream the page opens is an /api/ call of its own.
  const liveStream = page.waitForResponse((response) => response.url().includes('/api/live'));
  await page.reload();
  await page.getByLabel('Add a to-do').waitFor();
  const nowouShell = answers.find((response) => new URL(response.url()).pathname === paths.nowou);
  expect(nowouShell?.fromServiceWorker()).toBe(true);
  expect((await liveStream).fromServiceWorker()).toBe(false);
  await page.evaluate(() => fetch('/api/health'));
  const apiCalls = answers.filter((response) =>
    new URL(response.url()).pathname.startsWith('/api/'),
  );
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const response of apiCalls) expect(response.fromServiceWorker(), response.url()).toBe(false);

  answers.length = 0;
  const about = await page.goto(`${server.url}${paths.about}`);
  expect(about?.fromServiceWorker()).toBe(false);
  expect(await page.locator('h1').first().innerText()).not.toBe('Nowou');
  const fromWorker = await page.evaluate(async () => {
    const res = await fetch('/api/health');
    return { ok: res.ok, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(fromWorker.ok).toBe(true);
  const health = answers.find((response) => response.url().endsWith('/api/health'));
  expect(health?.fromServiceWorker()).toBe(false);
});

test('a new version is offered with Reload and takes over only then', async () => {
  const { server, clientDir } = await siteOfItsOwn();
  const page = await openNowou(server.url, 1280, 'dark');
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(firstWorker).toMatch(/\/nowou-sw\.js$/);

  // A new build of the worker: its bytes change (the compressed copies would hide the change).
  const script = join(clientDir, 'nowou-sw.js');
  rmSync(`${script}.gz`, { force: true });
  rmSync(`${script}.br`, { force: true });
  appendFileSync(script, '\n// a new version\n');
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  const offer = page.getByRole('status').filter({ hasText: 'A new version of Nowou is ready.' });
  await offer.waitFor();
  // Still the old worker until the person chooses.
  expect(
    await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null,
    ),
  ).toBe(true);

  const reloaded = page.waitForEvent('load');
  await offer.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.getByLabel('Add a to-do').waitFor();
  expect(
    await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    ),
  ).toBeNull();
  expect(await offer.count()).toBe(0);
});
