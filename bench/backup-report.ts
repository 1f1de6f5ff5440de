/** Turns the backup figures into the lines `npm run bench` prints. */
import {
  type BackupResults,
  type BackupRun,
  type BackupTiming,
  type LoadWindow,
} from './backup-results.ts';
import { verdictLine } from './fanout-report.ts';
import type { Latency } from './fanout-results.ts';
import { table } from './report.ts';

function ms(value: number | undefined): string {
  return value === undefined ? '—' : value < 10 ? value.toFixed(1) : String(Math.round(value));
}

function timingCells(figure: BackupTiming | null): string[] {
  return figure
    ? [
        (figure.ms / 1000).toFixed(1),
        (figure.bytes / 1e6).toFixed(1),
        figure.mbPerSecond.toFixed(1),
      ]
    : ['—', '—', '—'];
}

function latencyCells(latency: Latency | null | undefined): string[] {
  return [
    String(latency?.samples ?? '—'),
    ms(latency?.p50Ms),
    ms(latency?.p99Ms),
    ms(latency?.maxMs),
  ];
}

function loadRows(run: BackupRun): string[][] {
  const rows = (label: string, window: LoadWindow | null): string[][] => [
    [run.storage, 'POST /api/visits', label, ...latencyCells(window?.visits)],
    [run.storage, 'GET /', label, ...latencyCells(window?.pageLoads)],
  ];
  return [...rows('no backup', run.quiet), ...rows('backup running', run.duringBackup)];
}

export function backupLines(results: BackupResults): string[] {
  const lines: string[] = [];
  for (const run of results.runs) {
    lines.push(
      `  ${run.storage}: ${run.accounts.toLocaleString('en')} accounts, ${run.visits.toLocaleString('en')} visits in ${run.trafficRows.toLocaleString('en')} counter rows; the backup holds ${run.backupRows?.toLocaleString('en') ?? '—'} rows (${run.dataBytes === null ? '—' : (run.dataBytes / 1e6).toFixed(1)} MB of JSON lines before gzip)`,
    );
  }
  if (results.runs.length) {
    lines.push(
      '',
      ...table(
        ['storage', 'step', 'seconds', 'file MB', 'MB/s'],
        results.runs.flatMap((run) => [
          [run.storage, 'createBackup', ...timingCells(run.backup)],
          [run.storage, 'restoreBackup (into empty storage)', ...timingCells(run.restore)],
        ]),
        [false, false, true, true, true],
      ),
      '',
      `Steady load: ${results.load.visitsPerSecond} POST /api/visits and ${results.load.pageLoadsPerSecond} GET / a second from ${results.load.addresses} loopback addresses, each timed to its last byte, in ${results.load.rounds} rounds of a window without a backup and one while npm run backup runs in its own process${results.load.backupNice === null ? '' : ` at nice ${results.load.backupNice}`}, pooled:`,
      ...table(
        ['storage', 'request', 'window', 'answers', 'p50 ms', 'p99 ms', 'max ms'],
        results.runs.flatMap(loadRows),
        [false, false, false, true, true, true, true],
      ),
    );
    for (const run of results.runs) {
      if (run.backupsUnderLoadMs.length)
        lines.push(
          `  ${run.storage}: npm run backup took ${run.backupsUnderLoadMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s under the load (process start to exit); windows without a backup ${((run.quiet?.ms ?? 0) / 1000).toFixed(0)} s in all, with one ${((run.duringBackup?.ms ?? 0) / 1000).toFixed(0)} s`,
        );
    }
  }
  if (results.postgresSkipped) lines.push(`  PostgreSQL skipped: ${results.postgresSkipped}`);
  lines.push('');
  for (const target of results.targets) lines.push(verdictLine(target));
  return lines;
}

/** The createBackup / restoreBackup figures in one line per storage, for the summary. */
export function backupSummary(run: BackupRun): string {
  const part = (name: string, figure: BackupTiming | null) =>
    figure
      ? `${name} ${(figure.ms / 1000).toFixed(1)} s (${figure.mbPerSecond.toFixed(1)} MB/s)`
      : `${name} not measured`;
  return `backup on ${run.storage}: ${part('createBackup', run.backup)}, ${part('restoreBackup', run.restore)}, file ${(((run.backup ?? run.restore)?.bytes ?? 0) / 1e6).toFixed(1)} MB`;
}
