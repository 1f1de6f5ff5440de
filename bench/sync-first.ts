/**
 * The first sync of an account's items to a new device, in real Chromium: a fresh context (no
 * localStorage, no IndexedDB, no service worker) holding only the account's session cookie opens
 * /nowou; an init script records performance.now() (ms from navigation start) when the bar first
 * says `Synced` and when, with it saying so, localStorage holds every item of the account. That
 * second time is the figure; one untimed run first (the browser's first context starts its
 * processes), then the median of FIRST_SYNC_RUNS.
 */
import type { Browser, Request } from 'playwright-core';
import { paths } from '#shared/paths';
import { newContext, median } from './nowou-trace.ts';
import { progress } from './progress.ts';
import type { SyncAccount } from './sync-accounts.ts';
import { FIRST_SYNC_RUNS, type SyncFirstSync, type SyncSeeding } from './sync-results.ts';
import { errorMessage } from './timeout.ts';

const SIGNAL = 'sync-bench: synced';
const RUN_TIMEOUT_MS = 60_000;

interface WatchSpec {
  items: number;
  signal: string;
}

interface WatchState {
  syncedMs: number | null;
  doneMs: number | null;
}

/** Runs in the page before its own scripts (an init script). */
function watchFirstSync(spec: WatchSpec): void {
  if (location.pathname !== '/nowou') return;
  const state: WatchState = { syncedMs: null, doneMs: null };
  (window as unknown as { __syncBench: WatchState }).__syncBench = state;
  const prefixes = ['todo-', 'timeline-', 'textBox-', 'brainstorm-', 'textElement-'];
  const storedItems = () => {
    let count = 0;
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (prefixes.some((prefix) => key.startsWith(prefix))) count += 1;
    }
    return count;
  };
  const check = () => {
    if (state.doneMs !== null) return;
    if (!document.querySelector('.nowou-sync[data-state="synced"]')) return;
    state.syncedMs ??= performance.now();
    // localStorage.length first: cheap, and short of the items until the store's last write.
    if (localStorage.length < spec.items || storedItems() < spec.items) return;
    state.doneMs = performance.now();
    observer.disconnect();
    console.debug(spec.signal);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  // The store writes localStorage on a timer, which no DOM change follows: look every frame too.
  const poll = () => {
    check();
    if (state.doneMs === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

interface FirstSyncRun {
  doneMs: number;
  syncedMs: number;
  pulls: number;
}

async function syncOnce(
  browser: Browser,
  origin: string,
  account: SyncAccount,
  keys: string[],
): Promise<FirstSyncRun> {
  const context = await newContext(browser);
  try {
    await context.addCookies([
      {
        name: account.cookieName,
        value: account.token,
        url: origin,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    await context.addInitScript(watchFirstSync, { items: keys.length, signal: SIGNAL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let pulls = 0;
    page.on('request', (request: Request) => {
      if (new URL(request.url()).pathname === '/api/nowou/pull') pulls += 1;
    });
    const done = page.waitForEvent('console', {
      predicate: (message) => message.text() === SIGNAL,
      timeout: RUN_TIMEOUT_MS,
    });
    await page.goto(origin + paths.nowou, { waitUntil: 'commit' });
    try {
      await done;
    } catch (error) {
      const state = await page
        .locator('.nowou-sync')
        .getAttribute('data-state', { timeout: 1_000 })
        .catch(() => null);
      throw new Error(
        `/nowou did not sync ${keys.length} items within ${RUN_TIMEOUT_MS / 1000} s (sync state ${state ?? 'not shown'}; ${errorMessage(error).split('\n')[0]})${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`,
      );
    }
    const state = await page.evaluate(
      () => (window as unknown as { __syncBench: WatchState }).__syncBench,
    );
    if (state.doneMs === null || state.syncedMs === null)
      throw new Error('the page signalled the sync without its times');
    // Not timed: the very keys of the account, each once.
    const missing = await page.evaluate(
      (expected) => expected.filter((key) => localStorage.getItem(key) === null).length,
      keys,
    );
    if (missing) throw new Error(`localStorage lacks ${missing} of the account's items`);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return { doneMs: state.doneMs, syncedMs: state.syncedMs, pulls };
  } finally {
    await context.close();
  }
}

export async function measureFirstSync(
  browser: Browser,
  origin: string,
  instance: string,
  account: SyncAccount,
  keys: string[],
  seeding: SyncSeeding,
  label: string,
): Promise<SyncFirstSync> {
  const runs: FirstSyncRun[] = [];
  for (let run = 0; run <= FIRST_SYNC_RUNS; run += 1) {
    progress(`${label}: first sync in a fresh context ${run}/${FIRST_SYNC_RUNS}…`);
    const result = await syncOnce(browser, origin, account, keys);
    if (run > 0) runs.push(result);
  }
  const runsMs = runs.map((run) => run.doneMs);
  return {
    seeding,
    instance,
    runsMs,
    syncedMs: runs.map((run) => run.syncedMs),
    pulls: runs.map((run) => run.pulls),
    medianMs: median(runsMs),
  };
}
