/**
 * Debian's Chromium (never a downloaded browser) and the flags that keep a headless run free of
 * Chromium's own background traffic: for the browser tests (browser.ts) and the bench's page loads
 * and Lighthouse runs alike.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium through playwright-core; `args` adds flags of a test's own. */
export function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...QUIET_CHROMIUM_FLAGS, ...args],
  });
}
