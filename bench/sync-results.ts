/**
 * What the sync part reports (sync.ts runs it, sync-report.ts prints it, bench/results/latest.json
 * keeps it), and the targets its figures are judged against (docs/product/constants.md#speed-and-scale-targets).
 */
import type { FanoutVerdict } from './fanout-results.ts';
import type { CpuShare } from './sync-cpu.ts';

export const SYNC_TARGETS = {
  /** Navigation start to `Synced` with every item of the account in localStorage (median). */
  firstSyncMs: 3_000,
  /** A push on one device to the change pulled on the account's other device, at p99. */
  pushToDeviceP99Ms: 250,
};

/** The account a new device syncs (sync-store.ts): fixed seed number, counts of each kind. */
export const SYNC_STORE = {
  seed: 20_261_126,
  items: 10_000,
  timelines: 3,
  lists: 4,
  boards: 2,
  /** Nodes of each board. */
  nodesPerBoard: 150,
  textBoxes: 900,
  /** The rest are to-dos. */
};

/** Timed first syncs (each in a fresh browser context); the median is the figure. */
export const FIRST_SYNC_RUNS = 3;

function roundMsFromEnv(): number {
  const raw = process.env.BENCH_SYNC_ROUND_MS ?? '1000';
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 500 || ms > 60_000)
    throw new Error(`BENCH_SYNC_ROUND_MS must be a whole number from 500 to 60000 (got "${raw}")`);
  return ms;
}

/** The devices that push to each other while the latency is timed (sync-devices.ts). */
export const SYNC_DEVICES = {
  accounts: 50,
  devicesPerAccount: 2,
  /** To-dos each account holds; a round changes the next one. */
  todosPerAccount: 20,
  /**
   * Every account pushes once a round; the round's pushes are spread evenly over its time.
   * BENCH_SYNC_ROUND_MS sets another (500 at least: an account may push 240 times a minute).
   */
  roundMs: roundMsFromEnv(),
  warmUpRounds: 2,
  rounds: 24,
};

export interface SyncSeeding {
  items: number;
  /** Characters of keys and values together, as localStorage counts them. */
  chars: number;
  counts: Record<string, number>;
  pushes: number;
  /** Not a figure: how long the pushes took. */
  ms: number;
}

export interface SyncFirstSync {
  seeding: SyncSeeding;
  /** Where the browser synced from (on PostgreSQL, the other instance than the seeding one). */
  instance: string;
  /** Per timed run: navigation start to `Synced` with all items in localStorage. */
  runsMs: number[];
  /** Per timed run: navigation start to the bar first saying `Synced`. */
  syncedMs: number[];
  /** GET /api/nowou/pull requests each run made (the page's own count). */
  pulls: number[];
  medianMs: number;
}

export interface SyncLatency {
  accounts: number;
  devices: number;
  rounds: number;
  roundMs: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Pushes answered per second over the timed rounds (first push sent to last answered). */
  pushesPerSecond: number;
  /** Time to the push's own answer (the pushing device's view). */
  pushAnsweredP50Ms: number;
  pushAnsweredP99Ms: number;
  /** Pulls the devices made per push (every device pulls on every `nowou` event). */
  pullsPerPush: number;
  /** How the server took the timed pushes (all `accepted` when each device had pulled in time). */
  statuses: Record<string, number>;
  /** Receipts by the instance the receiving device talks to (two instances only). */
  byInstance: { instance: string; samples: number; p99Ms: number }[];
  /** The bench process's own event-loop delay while timing: how much its clients could add. */
  benchLoopDelayP99Ms: number;
  benchLoopDelayMaxMs: number;
  /**
   * Per timed push, over the timed rounds: how long the server processes' main threads ran on a
   * CPU and how long they were ready but waited for one (Linux scheduler statistics; null
   * elsewhere). Waiting is the share of the figure that other work on the machine added.
   */
  serverPerPush: CpuShare | null;
  /** The same for the bench process's own main thread (its devices' event loop). */
  benchPerPush: CpuShare | null;
}

export interface SyncRun {
  storage: 'SQLite' | 'PostgreSQL';
  /** "one instance" or "two instances". */
  setup: string;
  firstSync: SyncFirstSync | null;
  latency: SyncLatency | null;
}

export interface SyncResults {
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  runs: SyncRun[];
  postgresSkipped: string | null;
  targets: FanoutVerdict[];
  errors: string[];
}

function atMost(name: string, limit: number, actual: number | undefined): FanoutVerdict {
  const value = actual ?? null;
  return {
    name,
    limit,
    actual: value,
    unit: 'ms',
    bound: 'atMost',
    pass: value === null ? null : value <= limit,
  };
}

export function syncTargets(results: SyncResults): FanoutVerdict[] {
  const devices = SYNC_DEVICES.accounts * SYNC_DEVICES.devicesPerAccount;
  return results.runs.flatMap((run) => [
    atMost(
      `sync on ${run.storage} (${run.setup}): first sync of ${SYNC_STORE.items.toLocaleString('en-US')} items, median ≤ ${SYNC_TARGETS.firstSyncMs} ms`,
      SYNC_TARGETS.firstSyncMs,
      run.firstSync?.medianMs,
    ),
    atMost(
      `sync on ${run.storage} (${run.setup}): push to second device with ${devices} devices, p99 ≤ ${SYNC_TARGETS.pushToDeviceP99Ms} ms`,
      SYNC_TARGETS.pushToDeviceP99Ms,
      run.latency?.p99Ms,
    ),
  ]);
}
