/**
 * One browser test file's site: the real server on a loopback port (own temp SQLite) serving a copy
 * of the production build in dist/client, one Chromium per file, and a fresh context per test whose
 * console and page errors fail that test. The copy keeps a rebuild running elsewhere (npm start,
 * another test run) from pulling files out from under a running test; a copy taken while a build
 * is being written is noticed (missing chunks, compressed files that differ) and taken again.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { collectPageErrors, launchBrowser, newContext, type ContextOptions } from './browser';
import { makeTempDir, startTestServer, type TestServer } from './server';

const BUILT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface SiteTab {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far; the test fails if any remain unexpected. */
  errors: string[];
}

export interface TabOptions extends ContextOptions {
  /**
   * Errors the test provokes on purpose: true allows any, a pattern allows only the errors it
   * matches (every other error still fails the test).
   */
  expectErrors?: boolean | RegExp;
}

export interface Site {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly browser: Browser;
  /** A fresh context and page, not yet navigated. */
  newTab(options: TabOptions): Promise<SiteTab>;
  /** A fresh context and page showing `path` once its <main> is in place. */
  open(path: string, options: TabOptions): Promise<SiteTab>;
}

/** Files the copy refers to but lacks, and compressed siblings that do not match their original. */
function inconsistencies(dir: string): string[] {
  const problems: string[] = [];
  const assets = join(dir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets) : [];
  for (const name of ['index.html', ...files.map((file) => `assets/${file}`)]) {
    const path = join(dir, name);
    if (name.endsWith('.br') || name.endsWith('.gz')) {
      const original = path.slice(0, -3);
      const unpack = name.endsWith('.br') ? brotliDecompressSync : gunzipSync;
      try {
        if (!existsSync(original) || !unpack(readFileSync(path)).equals(readFileSync(original)))
          problems.push(name);
      } catch {
        problems.push(name);
      }
      continue;
    }
    if (!/\.(html|js|css)$/.test(name)) continue;
    const text = readFileSync(path, 'utf8');
    for (const [, file] of text.matchAll(/(?:\/assets\/|\.\/)([\w.-]+\.(?:js|css))\b/g)) {
      if (file && !files.includes(file)) problems.push(`${name} → ${file}`);
    }
  }
  return problems;
}

/** A consistent copy of dist/client, waiting out a build that is being written right now. */
export async function copyBuiltClient(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    if (!existsSync(join(BUILT_CLIENT_DIR, 'index.html')) && attempt === 1) {
      throw new Error('Browser tests need the production build: run `npm run build` first.');
    }
    const dir = makeTempDir('creator-site-e2e-client-');
    try {
      cpSync(BUILT_CLIENT_DIR, dir, { recursive: true });
      const problems = inconsistencies(dir);
      if (problems.length === 0) return dir;
      if (attempt >= 20) throw new Error(`dist/client is inconsistent: ${problems.join(', ')}`);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    rmSync(dir, { recursive: true, force: true });
    await delay(500);
  }
}

export type TrackedTab = SiteTab & { expectErrors: boolean | RegExp };

/** Closes this test's tabs; any console or page error a tab did not expect fails the test. */
export async function closeTabsExpectingNoErrors(tabs: TrackedTab[]): Promise<void> {
  const finished = tabs.splice(0);
  await Promise.all(finished.map((tab) => tab.context.close()));
  const unexpected = finished.flatMap(({ errors, expectErrors }) =>
    expectErrors === true
      ? []
      : errors.filter((error) => !(expectErrors instanceof RegExp && expectErrors.test(error))),
  );
  expect(unexpected, 'console or page errors').toEqual([]);
}

/**
 * Waits until the app runs: a prerendered page shows its <main> before its script has hydrated it,
 * and a click before that would be lost (src/client/app/AppFrame.tsx sets the mark).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.locator('main').first().waitFor();
}

/** Navigates and waits until the app runs and the page's <main> landmark is rendered. */
export async function gotoPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}

/** Registers the file's hooks; call once at the top level of a spec file. */
export function useSite(): Site {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let clientDir: string | undefined;
  const tabs: TrackedTab[] = [];

  beforeAll(async () => {
    clientDir = await copyBuiltClient();
    [server, browser] = await Promise.all([
      startTestServer({ env: { CLIENT_DIR: clientDir, SERVE_CLIENT: 'true' } }),
      launchBrowser(),
    ]);
  });

  afterEach(() => closeTabsExpectingNoErrors(tabs));

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  const site: Site = {
    get url() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server.url;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    async newTab({ expectErrors = false, ...options }) {
      const context = await newContext(site.browser, options);
      const page = await context.newPage();
      const tab = { context, page, errors: collectPageErrors(page), expectErrors };
      tabs.push(tab);
      return tab;
    },
    async open(path, options) {
      const tab = await site.newTab(options);
      await gotoPage(tab.page, `${site.url}${path}`);
      return tab;
    },
  };
  return site;
}
