/**
 * The brainstorm-board figures of the Nowou part (docs/product/constants.md#speed-and-scale-targets), with
 * the seeded board of nowou-seed.ts (1,000 text nodes, 1,500 edges) in Chromium:
 * 1. Time to open /nowou?section=boards&board=<id>, measured in the page from navigation start
 *    until the nodes are drawn and the edges' SVG holds its paths; median of BOARD_RUNS fresh loads.
 * 2. Panning (dragging empty canvas space) and dragging a node: the main thread's work per frame,
 *    from a Chromium trace, as for the timeline's block (nowou.ts).
 * 3. The boards' own gzip JS: what /nowou?section=boards and the open board fetch beyond what first
 *    loads of / and /nowou fetch, added to Nowou's own.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { paths } from '#shared/paths';
import { sizeUrlPaths } from './bundle-size.ts';
import { readManifest } from './heavy-chunks.ts';
import { DESKTOP_VIEWPORT, recordPageLoad } from './page-loads.ts';
import {
  NOWOU_BOARD,
  type NowouBoard,
  type NowouChunk,
  type NowouFrames,
  type NowouOwnJs,
} from './nowou-results.ts';
import { seedNowouBoard, type BoardSeed } from './nowou-seed.ts';
import { median, newContext, quantile, traceGesture, type TracedGesture } from './nowou-trace.ts';
import { endProgress, progress } from './progress.ts';
import type { SiteServer } from './server.ts';
import { delay, errorMessage, withTimeout } from './timeout.ts';
import { attempter } from './attempt.ts';

const BOARDS_PATH = `${paths.nowou}?section=boards`;
const CANVAS = '[data-testid="board-canvas"]';
const LAYER = '[data-testid="board-layer"]';
const NODE = `${LAYER} [data-node-id]`;
const EDGE_PATH = `${LAYER} svg[data-edges] [data-edge-id] path`;
const SEED_PAGE = '/robots.txt';
const OPEN_TIMEOUT_MS = 20_000;
const OPEN_SIGNAL = 'nowou-bench: board drawn';
/** Timed loads of the board; the median is the figure. */
export const BOARD_RUNS = 5;
const MOVES = 60;
const STEP_PX = 4;
const PAUSE_MS = 14;

interface DrawnState {
  seenMs: number | null;
  frameMs: number | null;
}

/**
 * Runs in the page before its own scripts: records performance.now() when the layer first holds a
 * node and the edges' SVG a path (checked on every DOM change and every animation frame), and when
 * the frame after that has been rendered (as nowou.ts's watchUsable).
 */
function watchDrawn(spec: { node: string; edge: string; signal: string }): void {
  if (location.pathname !== '/nowou') return;
  const state: DrawnState = { seenMs: null, frameMs: null };
  (window as unknown as { __boardDrawn: DrawnState }).__boardDrawn = state;
  const holds = () =>
    document.querySelector(spec.node) !== null && document.querySelector(spec.edge) !== null;
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
  observer.observe(document, { childList: true, subtree: true });
  const poll = () => {
    check(true);
    if (state.seenMs === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

interface BoardLoad {
  context: BrowserContext;
  page: Page;
  seenMs: number;
  frameMs: number;
  nodes: number;
  edgePaths: number;
  /** Same-origin JS the load fetched (URL paths). */
  js: string[];
}

async function openBoard(browser: Browser, origin: string, seed: BoardSeed): Promise<BoardLoad> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    const js: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && request.resourceType() === 'script') js.push(url.pathname);
    });
    await page.goto(origin + SEED_PAGE);
    const stored = await page.evaluate((list) => {
      localStorage.clear();
      for (const [key, value] of list) localStorage.setItem(key, value);
      return localStorage.length;
    }, seed.entries);
    if (stored !== seed.entries.length)
      throw new Error(`localStorage holds ${stored} of the ${seed.entries.length} seeded entries`);
    await context.addInitScript(watchDrawn, { node: NODE, edge: EDGE_PATH, signal: OPEN_SIGNAL });
    const drawn = page.waitForEvent('console', {
      predicate: (message) => message.text() === OPEN_SIGNAL,
      timeout: OPEN_TIMEOUT_MS,
    });
    const path = `${BOARDS_PATH}&board=${seed.boardId}`;
    await page.goto(origin + path, { waitUntil: 'commit' });
    try {
      await drawn;
    } catch (error) {
      throw new Error(
        `${path} drew no nodes and edges within ${OPEN_TIMEOUT_MS / 1000} s (${errorMessage(error).split('\n')[0]})${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`,
      );
    }
    const state = await page.evaluate(
      () => (window as unknown as { __boardDrawn: DrawnState }).__boardDrawn,
    );
    if (state.seenMs === null || state.frameMs === null)
      throw new Error(`${path}: the page signalled drawn without a time`);
    if (errors.length) throw new Error(`${path}: page errors: ${errors.join('; ')}`);
    const nodes = await page.locator(NODE).count();
    const edgePaths = await page.locator(`${LAYER} svg[data-edges] [data-edge-id]`).count();
    return { context, page, seenMs: state.seenMs, frameMs: state.frameMs, nodes, edgePaths, js };
  } catch (error) {
    await context.close();
    throw error;
  }
}

function frames(what: string, traced: TracedGesture, before: string | null, after: string | null) {
  const { work, intervals, durationMs } = traced;
  return {
    what,
    moves: MOVES,
    movedPx: MOVES * STEP_PX,
    durationMs,
    frames: work.length,
    workP50Ms: median(work),
    workP95Ms: quantile(work, 0.95),
    workMaxMs: Math.max(...work),
    intervalP50Ms: median(intervals),
    intervalP95Ms: quantile(intervals, 0.95),
    intervalMaxMs: Math.max(...intervals),
    before,
    after,
  } satisfies NowouFrames;
}

async function drag(page: Page, x: number, y: number, dx: number, dy: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let move = 1; move <= MOVES; move += 1) {
    await page.mouse.move(x + dx * move * STEP_PX, y + dy * move * STEP_PX);
    await delay(PAUSE_MS);
  }
  await page.mouse.up();
}

const storedView = (page: Page, boardId: string) =>
  page.evaluate((id) => {
    const raw = localStorage.getItem(`brainstorm-${id}`);
    return raw ? JSON.stringify((JSON.parse(raw) as { viewport: unknown }).viewport) : null;
  }, boardId);

const storedPlace = (page: Page, nodeId: string) =>
  page.evaluate((id) => {
    const raw = localStorage.getItem(`textElement-${id}`);
    if (!raw) return null;
    const node = JSON.parse(raw) as { x: number; y: number };
    return `${node.x},${node.y}`;
  }, nodeId);

/**
 * Where the pointer can go down on the canvas: on empty space (no node or edge under it, for a
 * pan), or at the centre of a text node wholly inside the canvas and not covered (for a node drag),
 * with room for the whole drag to the right or downwards inside the canvas.
 */
async function pickPoint(
  page: Page,
  kind: 'empty' | 'node',
  travel: number,
): Promise<{ x: number; y: number; dx: 1 | 0; dy: 1 | 0; id: string } | null> {
  return page.evaluate(
    ({ kind, travel, canvasSelector, nodeSelector }) => {
      const canvas = document.querySelector(canvasSelector)!.getBoundingClientRect();
      const clip = {
        left: Math.max(0, canvas.left) + 8,
        top: Math.max(0, canvas.top) + 8,
        right: Math.min(innerWidth, canvas.right) - 8,
        bottom: Math.min(innerHeight, canvas.bottom) - 8,
      };
      const room = (x: number, y: number) =>
        x + travel < clip.right
          ? { dx: 1 as const, dy: 0 as const }
          : y + travel < clip.bottom
            ? { dx: 0 as const, dy: 1 as const }
            : null;
      if (kind === 'empty') {
        for (let y = clip.top + 10; y < clip.bottom; y += 12)
          for (let x = clip.left + 10; x < clip.right; x += 12) {
            const hit = document.elementFromPoint(x, y);
            if (!hit?.closest(canvasSelector) || hit.closest('[data-node-id], [data-edge-id]'))
              continue;
            const way = room(x, y);
            if (way) return { x, y, ...way, id: '' };
          }
        return null;
      }
      for (const element of document.querySelectorAll<HTMLElement>(nodeSelector)) {
        if (element.dataset.type !== 'text') continue;
        const rect = element.getBoundingClientRect();
        if (
          rect.left < clip.left ||
          rect.top < clip.top ||
          rect.right > clip.right ||
          rect.bottom > clip.bottom
        )
          continue;
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        if (document.elementFromPoint(x, y)?.closest('[data-node-id]') !== element) continue;
        const way = room(x, y);
        if (way) return { x, y, ...way, id: element.dataset.nodeId ?? '' };
      }
      return null;
    },
    { kind, travel, canvasSelector: CANVAS, nodeSelector: NODE },
  );
}

async function measureGestures(
  browser: Browser,
  origin: string,
  seed: BoardSeed,
): Promise<{ pan: NowouFrames; nodeDrag: NowouFrames }> {
  progress('Nowou board: panning…');
  const load = await openBoard(browser, origin, seed);
  const { page } = load;
  try {
    await delay(1_000);
    const travel = MOVES * STEP_PX;
    const empty = await pickPoint(page, 'empty', travel);
    if (!empty) throw new Error(`no empty space on ${CANVAS} to pan from`);
    const viewBefore = await storedView(page, seed.boardId);
    const panned = await traceGesture(browser, page, () =>
      drag(page, empty.x, empty.y, empty.dx, empty.dy),
    );
    // The view is saved after half a second of quiet.
    await delay(900);
    const viewAfter = await storedView(page, seed.boardId);
    const pan = frames('empty canvas space (a pan)', panned, viewBefore, viewAfter);

    progress('Nowou board: dragging a node…');
    await delay(500);
    const node = await pickPoint(page, 'node', travel);
    if (!node) throw new Error(`no text node on ${CANVAS} the pointer can reach and drag`);
    const placeBefore = await storedPlace(page, node.id);
    const dragged = await traceGesture(browser, page, () =>
      drag(page, node.x, node.y, node.dx, node.dy),
    );
    await delay(700);
    const placeAfter = await storedPlace(page, node.id);
    endProgress();
    return {
      pan,
      nodeDrag: frames(`node ${node.id}`, dragged, placeBefore, placeAfter),
    };
  } finally {
    await load.context.close();
  }
}

async function measureBoardJs(
  browser: Browser,
  server: SiteServer,
  ownJs: NowouOwnJs | null,
  openedJs: string[],
): Promise<NonNullable<NowouBoard['js']>> {
  const { origin, clientDir } = server;
  progress(`loading ${BOARDS_PATH}…`);
  const home = await recordPageLoad(browser, origin, paths.home, DESKTOP_VIEWPORT);
  const nowou = await recordPageLoad(browser, origin, paths.nowou, DESKTOP_VIEWPORT);
  const boards = await recordPageLoad(browser, origin, BOARDS_PATH, DESKTOP_VIEWPORT);
  endProgress();
  const before = new Set([...home.js, ...nowou.js]);
  const own: string[] = [];
  const fetchedBy = new Map<string, string[]>();
  for (const [by, list] of [
    [BOARDS_PATH, boards.js],
    [`${BOARDS_PATH}&board=…`, openedJs],
  ] as const)
    for (const js of list) {
      if (before.has(js)) continue;
      if (!own.includes(js)) own.push(js);
      const seen = fetchedBy.get(js) ?? [];
      if (!seen.includes(by)) fetchedBy.set(js, [...seen, by]);
    }
  if (!own.length) throw new Error(`${BOARDS_PATH} fetched no JS beyond /nowou's`);
  let names = new Map<string, string>();
  try {
    names = new Map(
      Object.values(readManifest(clientDir)).map((entry) => [
        `/${entry.file}`,
        entry.src ?? entry.name ?? '',
      ]),
    );
  } catch {
    // No manifest: the chunks are named by file alone.
  }
  const sized = await sizeUrlPaths(origin, clientDir, own);
  const chunks: NowouChunk[] = sized.files.map((file) => ({
    ...file,
    name: names.get(file.path) ?? '',
    fetchedBy: fetchedBy.get(file.path) ?? [],
  }));
  // Nowou's own, less anything the boards' loads fetched too (counted once).
  const nowouOnly = ownJs
    ? ownJs.chunks.filter((chunk) => !own.includes(chunk.path)).reduce((t, c) => t + c.gzip, 0)
    : null;
  return {
    chunks,
    bytes: sized.bytes,
    gzip: sized.gzip,
    withNowouGzip: nowouOnly === null ? null : nowouOnly + sized.gzip,
  };
}

/** The board figures; a step that fails is an error in `errors`, the others still run. */
export async function measureBoards(
  browser: Browser,
  server: SiteServer,
  ownJs: NowouOwnJs | null,
  errors: string[],
): Promise<NowouBoard> {
  const result: NowouBoard = { store: null, open: null, pan: null, nodeDrag: null, js: null };
  const attempt = attempter(errors, { list: 'board ', log: 'Nowou board ' });
  const seed = await attempt('seed', () => Promise.resolve(seedNowouBoard(new Date())));
  if (!seed) return result;
  result.store = {
    seed: NOWOU_BOARD.seed,
    textNodes: seed.textNodes,
    groups: seed.groups,
    edges: seed.edges,
    entries: seed.entries.length,
    chars: seed.chars,
    area: seed.area,
  };

  const openedJs: string[] = [];
  result.open = await attempt('open', async () => {
    const runsMs: number[] = [];
    const seenMs: number[] = [];
    let nodes = 0;
    let edgePaths = 0;
    // One untimed load first, as for time to usable.
    for (let run = 0; run <= BOARD_RUNS; run += 1) {
      progress(`Nowou board open: load ${run}/${BOARD_RUNS}…`);
      const load = await withTimeout(
        openBoard(browser, server.origin, seed),
        60_000,
        'opening the board',
      );
      await load.context.close();
      for (const js of load.js) if (!openedJs.includes(js)) openedJs.push(js);
      if (run === 0) continue;
      runsMs.push(load.frameMs);
      seenMs.push(load.seenMs);
      nodes = load.nodes;
      edgePaths = load.edgePaths;
    }
    endProgress();
    return {
      path: `${BOARDS_PATH}&board=${seed.boardId}`,
      condition: `${NODE} present and an edge path in the edges' SVG`,
      runsMs,
      seenMs,
      medianMs: median(runsMs),
      medianSeenMs: median(seenMs),
      nodes,
      edgePaths,
    };
  });

  const gestures = await attempt('pan and node drag', () =>
    withTimeout(measureGestures(browser, server.origin, seed), 120_000, 'the board gestures'),
  );
  if (gestures) {
    result.pan = gestures.pan;
    result.nodeDrag = gestures.nodeDrag;
    if (gestures.pan.before === gestures.pan.after)
      errors.push(`board pan: the stored view is still ${gestures.pan.before ?? '—'} (no pan)`);
    if (gestures.nodeDrag.before === gestures.nodeDrag.after)
      errors.push(
        `board node drag: ${gestures.nodeDrag.what} is still at ${gestures.nodeDrag.before ?? '—'} (the drag moved nothing)`,
      );
  }

  result.js = await attempt('own JS', () =>
    withTimeout(measureBoardJs(browser, server, ownJs, openedJs), 120_000, 'loading the pages'),
  );
  return result;
}
