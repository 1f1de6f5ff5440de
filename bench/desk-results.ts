/**
 * What the desk part reports (desk.ts runs it, desk-report.ts prints it, bench/results/latest.json
 * keeps it), and the targets its figures are judged against.
 */
import type { FanoutVerdict } from './fanout-results.ts';

export const DESK_TARGETS = {
  /** p95 of each of the three desk reads (a deep list page, a prefix search, an activity page). */
  p95Ms: 50,
};

/** Accounts seeded before the figures (the bench's own admin comes on top). */
export const DESK_ACCOUNTS = 100_000;

export interface DeskLatency {
  /** Timed requests (after the warm-up ones). */
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface DeskDeepPage {
  /** The position of the page's first account, newest first (1-based). */
  firstRow: number;
  /** Pages of `walkLimit` accounts followed through `next` to get there, and how long that took. */
  walkPages: number;
  walkLimit: number;
  walkMs: number;
  /** The timed page (the desk's default page size). */
  pageSize: number;
  latency: DeskLatency;
}

export interface DeskPrefix {
  prefix: string;
  /** Accounts whose email or username starts with the prefix. */
  matches: number;
}

export interface DeskSearch {
  prefixes: DeskPrefix[];
  latency: DeskLatency;
}

export interface DeskActivity {
  /** Accounts with seeded activity the requests went round. */
  accounts: number;
  /** Fewest and most timeline entries one of their pages answered. */
  minEntries: number;
  maxEntries: number;
  latency: DeskLatency;
}

export interface DeskExport {
  /** Data rows received (the header not counted) and accounts in storage; they must agree. */
  rows: number;
  accounts: number;
  bytes: number;
  /** From just before the GET to its last byte. */
  ms: number;
  firstByteMs: number;
  rowsPerSecond: number;
}

/** One timed read of the traffic section over the seeded year (desk-traffic.ts). */
export interface DeskTrafficFigure {
  what: string;
  latency: DeskLatency;
}

export interface DeskRun {
  storage: 'SQLite' | 'PostgreSQL';
  /** Accounts in storage when measured. */
  accounts: number;
  /** Not a figure: how long seeding took, for the log. */
  seedMs: number;
  deepPage: DeskDeepPage | null;
  search: DeskSearch | null;
  activity: DeskActivity | null;
  export: DeskExport | null;
  /** The year of traffic: visits and rows seeded, and each read's latency. */
  traffic: { visits: number; rows: number; seedMs: number; figures: DeskTrafficFigure[] } | null;
}

export interface DeskResults {
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  runs: DeskRun[];
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

export function deskTargets(results: DeskResults): FanoutVerdict[] {
  const limit = DESK_TARGETS.p95Ms;
  return results.runs.flatMap((run) => [
    atMost(
      `desk on ${run.storage}: list page at row ${run.deepPage?.firstRow ?? '~90000'} p95 ≤ ${limit} ms`,
      limit,
      run.deepPage?.latency.p95Ms,
    ),
    atMost(
      `desk on ${run.storage}: prefix search p95 ≤ ${limit} ms`,
      limit,
      run.search?.latency.p95Ms,
    ),
    atMost(
      `desk on ${run.storage}: account activity page p95 ≤ ${limit} ms`,
      limit,
      run.activity?.latency.p95Ms,
    ),
    ...(run.traffic?.figures ?? []).map((figure) =>
      atMost(
        `desk on ${run.storage}: ${figure.what} p95 ≤ ${limit} ms`,
        limit,
        figure.latency.p95Ms,
      ),
    ),
  ]);
}
