/**
 * What the backup part reports (backup.ts runs it, backup-report.ts prints it,
 * bench/results/latest.json keeps it), and the target its figures are judged against
 * (the p99 of visits and page loads while a backup runs, at most 1.5 × without one).
 */
import type { FanoutVerdict, Latency } from './fanout-results.ts';

export const BACKUP_TARGETS = {
  /** p99 while `npm run backup` runs, as a multiple of the p99 of the same load without one. */
  p99Ratio: 1.5,
};

/**
 * Rounds of (a window without a backup, a window while one runs), so noise falls on both alike;
 * BENCH_BACKUP_ROUNDS sets another number (fewer for a quick look on a busy machine).
 */
export const BACKUP_ROUNDS = 5;

/** One timed step: createBackup or restoreBackup, on the whole file. */
export interface BackupTiming {
  ms: number;
  /** Size of the backup file (what was written, or what was read back). */
  bytes: number;
  /** bytes / time, MB = 1,000,000 bytes. */
  mbPerSecond: number;
}

/** The steady load's answers over its windows without a backup, or over those while one ran. */
export interface LoadWindow {
  /** Windows pooled, and their time together. */
  windows: number;
  ms: number;
  visits: Latency | null;
  pageLoads: Latency | null;
  /** Answers other than the expected 204 / 200, and requests that failed, by status or message. */
  unexpected: Record<string, number>;
}

export interface BackupRun {
  storage: 'SQLite' | 'PostgreSQL';
  accounts: number;
  /** Counted visits and counter rows of the seeded year. */
  visits: number;
  trafficRows: number;
  /** Not a figure: how long seeding took. */
  seedMs: number;
  /** Rows over every table, as the backup's manifest counts them, and their bytes before gzip. */
  backupRows: number | null;
  dataBytes: number | null;
  backup: BackupTiming | null;
  restore: BackupTiming | null;
  /**
   * The same steady load in BACKUP_ROUNDS rounds, each a window without a backup and then one
   * while `npm run backup` runs in its own process, pooled per kind.
   */
  quiet: LoadWindow | null;
  duringBackup: LoadWindow | null;
  /** How long each of those `npm run backup` took (process start to exit). */
  backupsUnderLoadMs: number[];
}

export interface BackupResults {
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  /**
   * The steady load: requests per second of each kind; the backup's nice value (BENCH_BACKUP_NICE);
   * the rounds measured (BENCH_BACKUP_ROUNDS).
   */
  load: {
    visitsPerSecond: number;
    pageLoadsPerSecond: number;
    addresses: number;
    backupNice: number | null;
    rounds: number;
  };
  runs: BackupRun[];
  postgresSkipped: string | null;
  targets: FanoutVerdict[];
  errors: string[];
}

function ratioVerdict(name: string, during: number | undefined, quiet: number | undefined) {
  const actual = during !== undefined && quiet !== undefined && quiet > 0 ? during / quiet : null;
  const limit = BACKUP_TARGETS.p99Ratio;
  return {
    name,
    limit,
    actual,
    unit: '×',
    bound: 'atMost',
    pass: actual === null ? null : actual <= limit,
  } satisfies FanoutVerdict;
}

export function backupTargets(results: BackupResults): FanoutVerdict[] {
  const limit = BACKUP_TARGETS.p99Ratio;
  return results.runs.flatMap((run) => [
    ratioVerdict(
      `backup on ${run.storage}: POST /api/visits p99 during a backup ≤ ${limit} × without`,
      run.duringBackup?.visits?.p99Ms,
      run.quiet?.visits?.p99Ms,
    ),
    ratioVerdict(
      `backup on ${run.storage}: GET / p99 during a backup ≤ ${limit} × without`,
      run.duringBackup?.pageLoads?.p99Ms,
      run.quiet?.pageLoads?.p99Ms,
    ),
  ]);
}
