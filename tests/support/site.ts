/**
 * One browser test file's site: the real server on a loopback port (own temp SQLite) serving the
 * run's copy of the production build (tests/support/built-client.ts), the run's Chromium
 * (tests/support/browser-run-setup.ts), and a fresh context per test whose console and page errors
 * fail that test.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { collectPageErrors, newContext, runBrowser, type ContextOptions } from './browser';
import { sharedBuiltClient, type BuiltClient } from './built-client';
import { startTestServer, type TestServer } from './server';

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
  let client: BuiltClient | undefined;
  const tabs: TrackedTab[] = [];

  beforeAll(async () => {
    client = await sharedBuiltClient();
    [server, browser] = await Promise.all([
      startTestServer({ env: { CLIENT_DIR: client.dir, SERVE_CLIENT: 'true' } }),
      runBrowser(),
    ]);
  });

  afterEach(() => closeTabsExpectingNoErrors(tabs));

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    client?.release();
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
