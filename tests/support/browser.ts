/**
 * Real Chromium (Debian's, never a downloaded browser) through playwright-core, for tests/e2e.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core';
import { launchBrowser } from './chromium';
import { chromiumEndpoint } from './run-shared';
import { makeTempDir } from './temp-dir';
import { BROWSER_USER_AGENT } from './visits';

export { launchBrowser };

/**
 * The run's Chromium (tests/support/browser-run-setup.ts), connected to; close() only disconnects
 * and closes this file's contexts. Outside a test run, a browser of its own.
 */
export function runBrowser(): Promise<Browser> {
  const endpoint = chromiumEndpoint();
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

export type ThemeName = 'light' | 'dark';

export const VIEWPORTS = {
  mobile: { width: 400, height: 860 },
  desktop: { width: 1280, height: 900 },
} as const;

export interface ContextOptions {
  width: number;
  height?: number;
  theme?: ThemeName;
  /** Pre-accept the cookie notice so it does not cover what a test looks at. */
  cookieConsent?: boolean;
  reducedMotion?: boolean;
  /** The browser's language (navigator.language, Intl's default), e.g. 'en-US'; Chromium's own when left out. */
  locale?: string;
}

/** A fresh context (own storage) with the theme saved the way the site saves it. */
export async function newContext(
  browser: Browser,
  options: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height ?? 900 },
    // Headless Chromium names itself HeadlessChrome, which the visit counter leaves out as a bot
    // (docs/product/visits.md#counting-rules); the tests play people, in a browser that says so.
    userAgent: BROWSER_USER_AGENT,
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const seed = {
    theme: options.theme ?? null,
    consent: options.cookieConsent ?? true,
  };
  await context.addInitScript((s: { theme: string | null; consent: boolean }) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    if (s.theme)
      localStorage.setItem(
        'settings',
        JSON.stringify({ createdAt: new Date().toISOString(), theme: s.theme }),
      );
    if (s.consent) localStorage.setItem('cookie-consent', JSON.stringify({ consent: true }));
  }, seed);
  return context;
}

/** Fails the test on any console error or uncaught page error. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** Waits for the page's next `count` animation frames: what a click set up to draw has been drawn. */
export function nextFrames(page: Page, count = 2): Promise<void> {
  return page.evaluate(async (frames) => {
    for (let frame = 0; frame < frames; frame++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Waits until no finite animation or transition runs on two frames in a row, so axe never judges
 * colours half-way through a fade, such as the donate button's appearance.
 */
export async function settleAnimations(page: Page, timeoutMs = 3000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const running = () =>
      document.getAnimations().filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return animation.playState === 'running' && timing?.endTime !== Infinity;
      });
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + timeout;
    let quiet = 0;
    while (quiet < 2 && performance.now() < deadline) {
      const active = running();
      if (active.length === 0) quiet += 1;
      else {
        quiet = 0;
        await Promise.all(active.map((animation) => animation.finished.catch(() => undefined)));
      }
      await nextFrame();
    }
  }, timeoutMs);
}

/**
 * A downloaded file's text. The run's one Chromium is reached over a connection, where
 * `download.path()` is not available: the file is saved here first.
 */
export async function downloadedText(download: Download): Promise<string> {
  const file = join(makeTempDir('download-'), download.suggestedFilename());
  await download.saveAs(file);
  return readFile(file, 'utf8');
}

/**
 * Chromium's virtual platform authenticator (DevTools' WebAuthn domain) for `page`: it holds
 * passkeys and confirms the person (fingerprint, PIN) itself.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
