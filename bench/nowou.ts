/**
 * The Nowou figures (docs/product/constants.md#speed-and-scale-targets), in Chromium against the real server:
 * 1. Nowou's own gzip JS: what first loads of /nowou and /nowou?section=timeline fetch beyond first
 *    loads of /, /account and /support (the site's shared libraries), and whether the first loads of
 *    /, /about and an indicator page fetch none of it.
 * 2. Time to usable, measured in the page from navigation start: the empty store, and the seeded
 *    store (nowou-seed.ts) on the to-dos and on the timeline; median of USABLE_RUNS fresh contexts.
 * 3. Dragging a block on the seeded timeline: the renderer's main-thread work per frame, from a
 *    Chromium trace (headless Chromium draws at most 60 frames a second, so the time between frames
 *    alone cannot tell a 2 ms frame from a 16 ms one).
 * 4. The brainstorm board's figures (nowou-boards.ts).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { paths } from '#shared/paths';
import { launchBrowser } from '#test-support/chromium';
import { KB, sizeUrlPaths } from './bundle-size.ts';
import { readManifest } from './heavy-chunks.ts';
import { DESKTOP_VIEWPORT, recordPageLoad, type PageLoad } from './page-loads.ts';
import {
  NOWOU_STORE,
  USABLE_RUNS,
  nowouTargets,
  type NowouChunk,
  type NowouDrag,
  type NowouOwnJs,
  type NowouResults,
  type NowouUsable,
  type UsableCase,
} from './nowou-results.ts';
import { measureBoards } from './nowou-boards.ts';
import { seedNowouStore, type StorageEntries } from './nowou-seed.ts';
import { newContext, median, quantile, traceGesture } from './nowou-trace.ts';
import { endProgress, progress } from './progress.ts';
import type { SiteServer } from './server.ts';
import { delay, errorMessage, withTimeout } from './timeout.ts';
import { attempter } from './attempt.ts';

const TIMELINE_PATH = `${paths.nowou}?section=timeline`;
const GRID = '[data-testid="timeline-grid"]';
const BLOCK = `${GRID} [data-block-id]`;
/** A same-origin page with no script of its own, where the store is written before Nowou loads. */
const SEED_PAGE = '/robots.txt';
const USABLE_TIMEOUT_MS = 20_000;
const USABLE_SIGNAL = 'nowou-bench: usable';
const DRAG_MOVES = 60;
const DRAG_STEP_PX = 3;
const DRAG_PAUSE_MS = 14;

/** The timeline section shows no grid: the figure that needs it is reported as not built. */
class TimelineNotBuilt extends Error {}

interface UsableSpec {
  section: 'todos' | 'timeline';
  /** Wait for `.todo-row` (a seeded store) rather than the list's empty message. */
  rows: boolean;
  signal: string;
}

interface UsableState {
  seenMs: number | null;
  frameMs: number | null;
}

/**
 * Runs in the page before its own scripts (an init script): records performance.now() (ms since
 * navigation start) when the DOM first shows a usable app, checked on every DOM change and every
 * animation frame, and when the frame after that has been rendered (a task posted from that
 * frame's requestAnimationFrame runs after its style, layout and paint).
 */
function watchUsable(spec: UsableSpec): void {
  if (location.pathname !== '/nowou') return;
  const state: UsableState = { seenMs: null, frameMs: null };
  (window as unknown as { __nowouUsable: UsableState }).__nowouUsable = state;
  const holds = (): boolean => {
    if (spec.section === 'timeline')
      return document.querySelector('[data-testid="timeline-grid"] [data-block-id]') !== null;
    const label = Array.from(document.querySelectorAll('label')).find((element) =>
      (element.textContent ?? '').includes('Add a to-do'),
    );
    const input = label?.control as HTMLInputElement | null | undefined;
    if (!input || input.disabled) return false;
    return document.querySelector(spec.rows ? '.todo-row' : '.todo-row, .todos__empty') !== null;
  };
  const afterFrame = (inFrame: boolean) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      state.frameMs = performance.now();
      console.debug(spec.signal);
    };
    if (inFrame) channel.port2.postMessage(0);
    else requestAnimationFrame(() => channel.port2.postMessage(0));
  };
  const check = (inFrame: boolean) => {
    if (state.seenMs !== null || !holds()) return;
    state.seenMs = performance.now();
    observer.disconnect();
    afterFrame(inFrame);
  };
  const observer = new MutationObserver(() => check(false));
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  const poll = () => {
    check(true);
    if (state.seenMs === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

interface UsableLoad {
  context: BrowserContext;
  page: Page;
  seenMs: number;
  frameMs: number;
  rendered: number;
}

/** A fresh context with `entries` in localStorage, then a load of `path` until usable. */
async function loadUntilUsable(
  browser: Browser,
  origin: string,
  entries: StorageEntries,
  path: string,
  spec: UsableSpec,
): Promise<UsableLoad> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(origin + SEED_PAGE);
    const stored = await page.evaluate((list) => {
      localStorage.clear();
      for (const [key, value] of list) localStorage.setItem(key, value);
      return localStorage.length;
    }, entries);
    if (stored !== entries.length)
      throw new Error(`localStorage holds ${stored} of the ${entries.length} seeded entries`);
    await context.addInitScript(watchUsable, spec);
    const usable = page.waitForEvent('console', {
      predicate: (message) => message.text() === spec.signal,
      timeout: USABLE_TIMEOUT_MS,
    });
    await page.goto(origin + path, { waitUntil: 'commit' });
    try {
      await usable;
    } catch (error) {
      const grid = await page.locator(GRID).count();
      if (spec.section === 'timeline' && grid === 0)
        throw new TimelineNotBuilt(`timeline not built yet: ${path} shows no ${GRID}`);
      throw new Error(
        `${path} was not usable within ${USABLE_TIMEOUT_MS / 1000} s (${errorMessage(error).split('\n')[0]})${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`,
      );
    }
    const state = await page.evaluate(
      () => (window as unknown as { __nowouUsable: UsableState }).__nowouUsable,
    );
    if (state.seenMs === null || state.frameMs === null)
      throw new Error(`${path}: the page signalled usable without a time`);
    if (errors.length) throw new Error(`${path}: page errors: ${errors.join('; ')}`);
    const rendered = await page.locator(spec.section === 'timeline' ? BLOCK : '.todo-row').count();
    return { context, page, seenMs: state.seenMs, frameMs: state.frameMs, rendered };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function measureUsable(
  browser: Browser,
  origin: string,
  which: UsableCase,
  entries: StorageEntries,
): Promise<NowouUsable> {
  const timeline = which === 'timeline';
  const path = timeline ? TIMELINE_PATH : paths.nowou;
  const spec: UsableSpec = {
    section: timeline ? 'timeline' : 'todos',
    rows: which === 'todos',
    signal: USABLE_SIGNAL,
  };
  const condition = timeline
    ? `${BLOCK} present`
    : `"Add a to-do" enabled and ${which === 'todos' ? '.todo-row' : '.todo-row or .todos__empty'} present`;
  const runsMs: number[] = [];
  const seenMs: number[] = [];
  let rendered = 0;
  // One untimed load first: the first context of a browser pays for starting its processes.
  for (let run = 0; run <= USABLE_RUNS; run += 1) {
    progress(`Nowou usable, ${which}: load ${run}/${USABLE_RUNS}…`);
    const load = await loadUntilUsable(browser, origin, entries, path, spec);
    await load.context.close();
    if (run === 0) continue;
    runsMs.push(load.frameMs);
    seenMs.push(load.seenMs);
    rendered = load.rendered;
  }
  endProgress();
  return {
    case: which,
    path,
    condition,
    entries: entries.length,
    runsMs,
    seenMs,
    medianMs: median(runsMs),
    medianSeenMs: median(seenMs),
    ratioToEmpty: null,
    rendered,
  };
}

async function measureOwnJs(browser: Browser, server: SiteServer): Promise<NowouOwnJs> {
  const { origin, clientDir } = server;
  const load = (path: string) => {
    progress(`loading ${path}…`);
    return recordPageLoad(browser, origin, path, DESKTOP_VIEWPORT);
  };
  const home = await load(paths.home);
  const nowouLoads = [await load(paths.nowou), await load(TIMELINE_PATH)];
  const others: PageLoad[] = [];
  for (const path of [paths.home, paths.about, paths.longAndShortPosition])
    others.push(await load(path));
  // Pages that share the site's libraries with Nowou (zod's schemas, the date format): what they
  // load too is the site's, not Nowou's own.
  const sharing = [await load(paths.account), await load(paths.support)];
  endProgress();

  // The isolation check below is against `others`, so they are not subtracted here.
  const notOwn = new Set([home, ...sharing].flatMap((entry) => entry.js));
  const own: string[] = [];
  for (const nowouLoad of nowouLoads)
    for (const js of nowouLoad.js) if (!notOwn.has(js) && !own.includes(js)) own.push(js);
  if (!own.length) throw new Error(`a first load of ${paths.nowou} fetched no JS beyond /'s`);

  let names = new Map<string, string>();
  try {
    names = new Map(
      Object.values(readManifest(clientDir)).map((entry) => [
        `/${entry.file}`,
        entry.src ?? entry.name ?? '',
      ]),
    );
  } catch {
    // No manifest (BENCH_URL's server on another build): the chunks are named by file alone.
  }
  const sized = await sizeUrlPaths(origin, clientDir, own);
  const chunks: NowouChunk[] = sized.files.map((file) => ({
    ...file,
    name: names.get(file.path) ?? '',
    fetchedBy: nowouLoads
      .filter((entry) => entry.js.includes(file.path))
      .map((entry) => entry.path),
  }));
  return {
    chunks,
    bytes: sized.bytes,
    gzip: sized.gzip,
    otherRoutes: others.map((other) => ({
      path: other.path,
      nowouChunks: other.js.filter((js) => own.includes(js)),
    })),
    problems: [home, ...nowouLoads, ...others, ...sharing].flatMap((entry) =>
      entry.problems.map((problem) => `${entry.path}: ${problem}`),
    ),
  };
}

async function storedStart(page: Page, id: string): Promise<string | null> {
  return page.evaluate((blockId) => {
    const raw =
      localStorage.getItem(`todo-${blockId}`) ?? localStorage.getItem(`textBox-${blockId}`);
    if (!raw) return null;
    const item = JSON.parse(raw) as {
      schedule?: { start: string } | null;
      anchor?: { start?: string };
    };
    return item.schedule?.start ?? item.anchor?.start ?? null;
  }, id);
}

interface BlockPick {
  id: string;
  /** The block's centre, where the pointer goes down. */
  x: number;
  y: number;
  /** 1: down (later), -1: up, whichever has room for the whole drag inside the grid's box. */
  direction: 1 | -1;
}

/**
 * A block the pointer can reach: wholly inside the grid's visible box (it scrolls on its own), its
 * centre not covered, with room for the drag; a to-do's block at least 40 px tall first, so the
 * centre is well off the resize handle.
 */
async function pickBlock(page: Page, travel: number): Promise<BlockPick | null> {
  return page.evaluate(
    ({ selector, travel }) => {
      const picks = Array.from(document.querySelectorAll<HTMLElement>(selector)).flatMap(
        (element) => {
          const rect = element.getBoundingClientRect();
          const box = (
            element.closest('.tl-scroller') ?? document.documentElement
          ).getBoundingClientRect();
          const clip = {
            top: Math.max(0, box.top),
            bottom: Math.min(innerHeight, box.bottom),
            left: Math.max(0, box.left),
            right: Math.min(innerWidth, box.right),
          };
          if (
            rect.top < clip.top ||
            rect.bottom > clip.bottom ||
            rect.left < clip.left ||
            rect.right > clip.right ||
            rect.width < 16 ||
            rect.height < 16
          )
            return [];
          const x = rect.left + rect.width / 2;
          const y = rect.top + rect.height / 2;
          if (document.elementFromPoint(x, y)?.closest('[data-block-id]') !== element) return [];
          const direction = y + travel < clip.bottom - 8 ? 1 : y - travel > clip.top + 8 ? -1 : 0;
          if (!direction) return [];
          const id = element.dataset.blockId ?? '';
          const todo = localStorage.getItem(`todo-${id}`) !== null;
          return [{ id, x, y, direction, rank: (todo ? 0 : 2) + (rect.height >= 40 ? 0 : 1) }];
        },
      );
      picks.sort((a, b) => a.rank - b.rank);
      const best = picks[0];
      return best
        ? { id: best.id, x: best.x, y: best.y, direction: best.direction as 1 | -1 }
        : null;
    },
    { selector: BLOCK, travel },
  );
}

async function measureDrag(
  browser: Browser,
  origin: string,
  entries: StorageEntries,
): Promise<NowouDrag> {
  progress('Nowou drag: loading the seeded timeline…');
  const { context, page } = await loadUntilUsable(browser, origin, entries, TIMELINE_PATH, {
    section: 'timeline',
    rows: false,
    signal: USABLE_SIGNAL,
  });
  try {
    // Let the load's own work finish before the drag.
    await delay(1_000);
    const travel = DRAG_MOVES * DRAG_STEP_PX;
    let pick = await pickBlock(page, travel);
    if (!pick) {
      // None in view: bring the first block to the middle of its scroll box and look again.
      await page.evaluate((selector) => {
        document.querySelector(selector)?.scrollIntoView({ block: 'center', inline: 'center' });
      }, BLOCK);
      pick = await pickBlock(page, travel);
    }
    if (!pick) throw new Error(`no block in ${GRID} the pointer can reach and drag ${travel} px`);
    const { id, x, y, direction } = pick;
    const startBefore = await storedStart(page, id);

    const { durationMs, work, intervals } = await traceGesture(browser, page, async () => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let move = 1; move <= DRAG_MOVES; move += 1) {
        await page.mouse.move(x, y + direction * move * DRAG_STEP_PX);
        await delay(DRAG_PAUSE_MS);
      }
      await page.mouse.up();
    });
    // The store writes at most 300 ms after a change.
    await delay(700);
    const startAfter = await storedStart(page, id);
    endProgress();
    return {
      blockId: id,
      moves: DRAG_MOVES,
      movedPx: DRAG_MOVES * DRAG_STEP_PX,
      durationMs,
      frames: work.length,
      workP50Ms: median(work),
      workP95Ms: quantile(work, 0.95),
      workMaxMs: Math.max(...work),
      intervalP50Ms: median(intervals),
      intervalP95Ms: quantile(intervals, 0.95),
      intervalMaxMs: Math.max(...intervals),
      startBefore,
      startAfter,
    };
  } finally {
    await context.close();
  }
}

export async function runNowou(server: SiteServer): Promise<NowouResults> {
  const results: NowouResults = {
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    store: null,
    kbBytes: KB,
    ownJs: null,
    usable: [],
    drag: null,
    board: null,
    targets: [],
    isolated: null,
    errors: [],
  };
  const attempt = attempter(results.errors, { log: 'Nowou ' });

  let entries: StorageEntries | null = null;
  await attempt('seed', async () => {
    const seed = seedNowouStore(new Date());
    entries = seed.entries;
    results.store = {
      seed: NOWOU_STORE.seed,
      todos: seed.todos,
      scheduledTodos: seed.scheduledTodos,
      textBoxes: seed.textBoxes,
      entries: seed.entries.length,
      chars: seed.chars,
    };
  });

  const browser = await launchBrowser();
  try {
    results.ownJs = await attempt('own JS', () =>
      withTimeout(measureOwnJs(browser, server), 180_000, 'loading the pages'),
    );
    if (results.ownJs)
      results.isolated = results.ownJs.otherRoutes.every((route) => !route.nowouChunks.length);

    const empty = await attempt('usable, empty store', () =>
      measureUsable(browser, server.origin, 'empty', []),
    );
    if (empty) results.usable.push(empty);
    let timelineBuilt = true;
    if (entries) {
      const seeded: StorageEntries = entries;
      for (const which of ['todos', 'timeline'] as const) {
        const usable = await attempt(`usable, seeded store, ${which}`, () =>
          measureUsable(browser, server.origin, which, seeded).catch((error: unknown) => {
            if (error instanceof TimelineNotBuilt) timelineBuilt = false;
            throw error;
          }),
        );
        if (usable) results.usable.push(usable);
      }
      if (timelineBuilt) {
        results.drag = await attempt('drag', () =>
          withTimeout(measureDrag(browser, server.origin, seeded), 120_000, 'the drag'),
        );
        const drag = results.drag;
        if (drag && drag.startAfter === drag.startBefore)
          results.errors.push(
            `drag: block ${drag.blockId} still starts at ${drag.startBefore ?? '—'} after the drag (the drag moved nothing)`,
          );
      } else {
        results.errors.push('drag: timeline not built yet (no timeline grid to drag a block in)');
      }
    }
    results.board = await measureBoards(browser, server, results.ownJs, results.errors);
  } finally {
    await browser.close();
  }
  const emptyMs = results.usable.find((usable) => usable.case === 'empty')?.medianMs;
  for (const usable of results.usable)
    usable.ratioToEmpty = emptyMs ? usable.medianMs / emptyMs : null;
  results.machine.loadAtEnd = loadavg()[0]!;
  results.targets = nowouTargets(results);
  return results;
}
