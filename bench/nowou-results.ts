/**
 * What the Nowou part reports (nowou.ts runs it, nowou-report.ts prints it, bench/results/latest.json
 * keeps it), and the targets its figures are judged against (docs/product/constants.md#speed-and-scale-targets).
 */
import { KB } from './bundle-size.ts';
import type { FanoutVerdict } from './fanout-results.ts';

export const NOWOU_TARGETS = {
  /** Gzip JS a first load of /nowou fetches beyond a first load of / (KB = 1000 bytes). */
  ownJsGzipBytes: 60 * KB,
  /** Navigation start to a usable app with the seeded store. */
  usableMs: 1000,
  /** p95 of the main thread's work per frame while a block is dragged on the seeded timeline. */
  dragFrameP95Ms: 16,
  /** Navigation start to the seeded board drawn (nodes and edges). */
  boardOpenMs: 1000,
  /** p95 of the main thread's work per frame while panning the board or dragging one of its nodes. */
  boardFrameP95Ms: 16,
};

/** The seeded board (nowou-seed.ts seedNowouBoard). */
export const NOWOU_BOARD = {
  seed: 20_260_302,
  textNodes: 1_000,
  groups: 5,
  edges: 1_500,
  /** Nodes a row on the seed's grid. */
  columns: 40,
};

/** The seeded store (nowou-seed.ts): fixed seed number, counts of each kind. */
export const NOWOU_STORE = {
  seed: 20_260_301,
  todos: 2_000,
  /** To-dos with a `schedule` on the timeline; with the text boxes, the timeline's blocks. */
  scheduledTodos: 400,
  textBoxes: 100,
};

/** Timed loads per case; the median is the figure. */
export const USABLE_RUNS = 5;

export interface NowouChunk {
  /** URL path as fetched. */
  path: string;
  /** The build manifest's source or chunk name, when it has one. */
  name: string;
  bytes: number;
  gzip: number;
  /** Which of Nowou's first loads fetched it: /nowou, /nowou?section=timeline or both. */
  fetchedBy: string[];
}

export interface OtherRouteLoad {
  path: string;
  /** Nowou's chunks this route's first load fetched (should be none). */
  nowouChunks: string[];
}

export interface NowouOwnJs {
  chunks: NowouChunk[];
  bytes: number;
  gzip: number;
  otherRoutes: OtherRouteLoad[];
  /** Page errors, failed requests and the like while loading. */
  problems: string[];
}

export type UsableCase = 'empty' | 'todos' | 'timeline';

export interface NowouUsable {
  case: UsableCase;
  /** Path loaded, and what "usable" waited for. */
  path: string;
  condition: string;
  /** Entries in localStorage before the load. */
  entries: number;
  /** Each run: navigation start to the first frame after the condition held (ms). */
  runsMs: number[];
  /** Each run: navigation start to when the page first saw the condition hold in the DOM. */
  seenMs: number[];
  medianMs: number;
  medianSeenMs: number;
  /** medianMs / the empty store's medianMs. */
  ratioToEmpty: number | null;
  /** `.todo-row` elements (to-dos) or blocks in the grid (timeline) once usable, last run. */
  rendered: number;
}

export interface NowouDrag {
  blockId: string;
  /** Pointer moves between down and up, and how far the pointer went in all. */
  moves: number;
  movedPx: number;
  durationMs: number;
  /** Frames between the pointer going down and a frame after it went up. */
  frames: number;
  /** Main-thread busy time per frame interval (from the trace). */
  workP50Ms: number;
  workP95Ms: number;
  workMaxMs: number;
  /** Time between frames (≥ 16.7 ms: headless Chromium draws at most 60 frames a second). */
  intervalP50Ms: number;
  intervalP95Ms: number;
  intervalMaxMs: number;
  /** The block's stored start before and after the drag: a drag that moved nothing is an error. */
  startBefore: string | null;
  startAfter: string | null;
}

export interface NowouFrames {
  /** What was dragged: empty canvas space (a pan) or a node (its id). */
  what: string;
  moves: number;
  movedPx: number;
  durationMs: number;
  frames: number;
  workP50Ms: number;
  workP95Ms: number;
  workMaxMs: number;
  intervalP50Ms: number;
  intervalP95Ms: number;
  intervalMaxMs: number;
  /** What the store holds before and after (the board's view, or the node's place): must change. */
  before: string | null;
  after: string | null;
}

export interface NowouBoard {
  store: {
    seed: number;
    textNodes: number;
    groups: number;
    edges: number;
    entries: number;
    chars: number;
    area: { width: number; height: number };
  } | null;
  open: {
    path: string;
    condition: string;
    runsMs: number[];
    seenMs: number[];
    medianMs: number;
    medianSeenMs: number;
    /** Node elements and edge paths in the layer once drawn, last run. */
    nodes: number;
    edgePaths: number;
  } | null;
  pan: NowouFrames | null;
  nodeDrag: NowouFrames | null;
  /** JS /nowou?section=boards and the open board fetch beyond /'s and /nowou's first loads. */
  js: {
    chunks: NowouChunk[];
    bytes: number;
    gzip: number;
    /** Nowou's own gzip JS (to-dos and timeline) plus the boards'. */
    withNowouGzip: number | null;
  } | null;
}

export interface NowouResults {
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  store: {
    seed: number;
    todos: number;
    scheduledTodos: number;
    textBoxes: number;
    entries: number;
    chars: number;
  } | null;
  kbBytes: number;
  ownJs: NowouOwnJs | null;
  usable: NowouUsable[];
  drag: NowouDrag | null;
  board: NowouBoard | null;
  targets: FanoutVerdict[];
  /** Whether no other route's first load fetched Nowou's chunks; null when not measured. */
  isolated: boolean | null;
  errors: string[];
}

function verdict(
  name: string,
  limit: number,
  actual: number | null | undefined,
  unit: FanoutVerdict['unit'],
): FanoutVerdict {
  const value = actual ?? null;
  return {
    name,
    limit,
    actual: value,
    unit,
    bound: 'atMost',
    pass: value === null ? null : value <= limit,
  };
}

export function nowouTargets(results: NowouResults): FanoutVerdict[] {
  const seeded = results.usable.find((usable) => usable.case === 'todos');
  const timeline = results.usable.find((usable) => usable.case === 'timeline');
  const board = `${NOWOU_BOARD.textNodes} nodes + ${NOWOU_BOARD.edges} edges`;
  const store = `${NOWOU_STORE.todos} to-dos + ${NOWOU_STORE.scheduledTodos + NOWOU_STORE.textBoxes} blocks`;
  return [
    verdict(
      `Nowou's own JS (gzip) ≤ ${NOWOU_TARGETS.ownJsGzipBytes / KB} KB`,
      NOWOU_TARGETS.ownJsGzipBytes / KB,
      results.ownJs ? results.ownJs.gzip / KB : null,
      'KB',
    ),
    verdict(
      `Nowou usable with ${store}, to-dos, median ≤ ${NOWOU_TARGETS.usableMs} ms`,
      NOWOU_TARGETS.usableMs,
      seeded?.medianMs,
      'ms',
    ),
    verdict(
      `Nowou usable with ${store}, timeline, median ≤ ${NOWOU_TARGETS.usableMs} ms`,
      NOWOU_TARGETS.usableMs,
      timeline?.medianMs,
      'ms',
    ),
    verdict(
      `Nowou dragging a block, main-thread work per frame p95 ≤ ${NOWOU_TARGETS.dragFrameP95Ms} ms`,
      NOWOU_TARGETS.dragFrameP95Ms,
      results.drag?.workP95Ms,
      'ms',
    ),
    verdict(
      `Nowou's own JS with the boards (gzip) ≤ ${NOWOU_TARGETS.ownJsGzipBytes / KB} KB`,
      NOWOU_TARGETS.ownJsGzipBytes / KB,
      results.board?.js?.withNowouGzip === null || results.board?.js?.withNowouGzip === undefined
        ? null
        : results.board.js.withNowouGzip / KB,
      'KB',
    ),
    verdict(
      `Nowou board with ${board}, open, median ≤ ${NOWOU_TARGETS.boardOpenMs} ms`,
      NOWOU_TARGETS.boardOpenMs,
      results.board?.open?.medianMs,
      'ms',
    ),
    verdict(
      `Nowou board with ${board}, panning, main-thread work per frame p95 ≤ ${NOWOU_TARGETS.boardFrameP95Ms} ms`,
      NOWOU_TARGETS.boardFrameP95Ms,
      results.board?.pan?.workP95Ms,
      'ms',
    ),
    verdict(
      `Nowou board with ${board}, dragging a node, main-thread work per frame p95 ≤ ${NOWOU_TARGETS.boardFrameP95Ms} ms`,
      NOWOU_TARGETS.boardFrameP95Ms,
      results.board?.nodeDrag?.workP95Ms,
      'ms',
    ),
  ];
}
