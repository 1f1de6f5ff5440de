/**
 * Records the JS and CSS a real Chromium page load fetches from the site, before any interaction:
 * what the browser asks for, not what a manifest says it should.
 */
import type { Browser } from 'playwright-core';
import { delay } from './timeout.ts';

const NAVIGATION_TIMEOUT_MS = 30_000;
/** The load counts as finished once no JS or CSS was requested for this long. */
const QUIET_MS = 1_500;
const MAX_SETTLE_MS = 15_000;

export interface Viewport {
  name: string;
  width: number;
  height: number;
}

/** Lighthouse's default mobile device (Moto G Power), so both halves of the bench see the same layout. */
export const MOBILE_VIEWPORT: Viewport = { name: 'mobile', width: 412, height: 823 };
export const DESKTOP_VIEWPORT: Viewport = { name: 'desktop', width: 1350, height: 940 };

export interface PageLoad {
  path: string;
  finalPath: string;
  /** Same-origin URL paths, in request order. */
  js: string[];
  css: string[];
  /** Page errors, failed requests and other-origin scripts: printed as warnings. */
  problems: string[];
}

export async function recordPageLoad(
  browser: Browser,
  origin: string,
  path: string,
  viewport: Viewport,
): Promise<PageLoad> {
  // A fresh context per load: empty cache and storage, like a first visit.
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
  });
  try {
    const page = await context.newPage();
    const js: string[] = [];
    const css: string[] = [];
    const problems: string[] = [];
    let lastAssetAt = Date.now();

    page.on('request', (request) => {
      const type = request.resourceType();
      const url = new URL(request.url());
      const isJs = type === 'script' || /\.m?js$/.test(url.pathname);
      const isCss = type === 'stylesheet' || url.pathname.endsWith('.css');
      if (!isJs && !isCss) return;
      lastAssetAt = Date.now();
      if (url.origin !== origin) {
        problems.push(`${isJs ? 'script' : 'stylesheet'} from another origin: ${url.href}`);
        return;
      }
      const list = isJs ? js : css;
      if (!list.includes(url.pathname)) list.push(url.pathname);
    });
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) return;
      problems.push(
        `request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`,
      );
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().startsWith(origin)) {
        problems.push(`HTTP ${response.status()} for ${new URL(response.url()).pathname}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    const response = await page.goto(origin + path, {
      waitUntil: 'load',
      timeout: NAVIGATION_TIMEOUT_MS,
    });
    if (!response) throw new Error(`no response for ${path}`);
    if (!response.ok()) throw new Error(`${path} answered HTTP ${response.status()}`);

    // Lazy route modules are requested after `load`; an open live connection means the network is
    // never idle, so wait for the JS and CSS requests to stop instead.
    const settleDeadline = Date.now() + MAX_SETTLE_MS;
    lastAssetAt = Math.max(lastAssetAt, Date.now());
    while (Date.now() - lastAssetAt < QUIET_MS && Date.now() < settleDeadline) await delay(100);
    if (Date.now() >= settleDeadline)
      problems.push(`JS/CSS requests still coming after ${MAX_SETTLE_MS / 1000} s`);

    return { path, finalPath: new URL(page.url()).pathname, js, css, problems };
  } finally {
    await context.close();
  }
}
