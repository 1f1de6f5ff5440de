/** Turns the desk figures into the lines `npm run bench` prints. */
import type { DeskLatency, DeskResults, DeskRun } from './desk-results.ts';
import { verdictLine } from './fanout-report.ts';
import { table } from './report.ts';

function ms(value: number | undefined): string {
  return value === undefined ? '—' : value < 10 ? value.toFixed(1) : String(Math.round(value));
}

function latencyCells(latency: DeskLatency | undefined): string[] {
  return [
    String(latency?.requests ?? '—'),
    ms(latency?.p50Ms),
    ms(latency?.p95Ms),
    ms(latency?.maxMs),
  ];
}

function runRows(run: DeskRun): string[][] {
  const { deepPage, search, activity } = run;
  const shares = search?.prefixes.map((prefix) => prefix.matches / run.accounts) ?? [];
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  return [
    [
      run.storage,
      `list page at row ${deepPage?.firstRow ?? '—'} (${deepPage?.pageSize ?? '—'} accounts, cursor from following next)`,
      ...latencyCells(deepPage?.latency),
    ],
    [
      '',
      search
        ? `prefix search, ${search.prefixes.length} prefixes of 2–3 letters matching ${percent(Math.min(...shares))}–${percent(Math.max(...shares))}`
        : 'prefix search',
      ...latencyCells(search?.latency),
    ],
    [
      '',
      activity
        ? `activity page of ${activity.accounts} accounts (${activity.minEntries}–${activity.maxEntries} timeline entries)`
        : 'activity page',
      ...latencyCells(activity?.latency),
    ],
  ];
}

function trafficRows(run: DeskRun): string[][] {
  return (run.traffic?.figures ?? []).map((figure) => [
    run.storage,
    figure.what,
    ...latencyCells(figure.latency),
  ]);
}

function exportLine(run: DeskRun): string {
  const figure = run.export;
  if (!figure) return `  ${run.storage}: CSV export not measured`;
  const agree =
    figure.rows === figure.accounts
      ? '= the accounts in storage'
      : `≠ ${figure.accounts} accounts in storage`;
  return `  ${run.storage}: ${Math.round(figure.rowsPerSecond)} rows/s — ${figure.rows} rows (${agree}), ${(figure.bytes / 1e6).toFixed(1)} MB in ${(figure.ms / 1000).toFixed(2)} s to the last byte (first byte after ${ms(figure.firstByteMs)} ms)`;
}

export function exportSummary(run: DeskRun): string | null {
  const figure = run.export;
  if (!figure) return null;
  return `desk on ${run.storage}: CSV export of ${figure.rows} accounts at ${Math.round(figure.rowsPerSecond)} rows/s (${(figure.ms / 1000).toFixed(2)} s)`;
}

export function deskLines(results: DeskResults): string[] {
  const lines: string[] = [];
  if (results.runs.length) {
    lines.push(
      ...table(
        ['storage', 'GET', 'requests', 'p50 ms', 'p95 ms', 'max ms'],
        results.runs.flatMap(runRows),
        [false, false, true, true, true, true],
      ),
    );
    const walks = results.runs
      .filter((run) => run.deepPage)
      .map(
        (run) =>
          `${run.storage} ${run.deepPage!.walkPages} pages of ${run.deepPage!.walkLimit} in ${(run.deepPage!.walkMs / 1000).toFixed(1)} s`,
      );
    if (walks.length) lines.push(`  (following next down to the page: ${walks.join(', ')})`);
    lines.push(
      '',
      'CSV export of every account (GET /api/admin/accounts/export.csv, one request):',
    );
    for (const run of results.runs) lines.push(exportLine(run));
    const seeded = results.runs.filter((run) => run.traffic);
    if (seeded.length) {
      lines.push(
        '',
        'Traffic with a year of visits seeded into the counters (bench/desk-traffic.ts):',
      );
      for (const run of seeded)
        lines.push(
          `  ${run.storage}: ${run.traffic!.visits.toLocaleString('en')} visits in ${run.traffic!.rows.toLocaleString('en')} rows, seeded in ${(run.traffic!.seedMs / 1000).toFixed(1)} s (not a figure)`,
        );
      lines.push(
        ...table(
          ['storage', 'GET', 'requests', 'p50 ms', 'p95 ms', 'max ms'],
          seeded.flatMap(trafficRows),
          [false, false, true, true, true, true],
        ),
      );
    }
  }
  if (results.postgresSkipped) lines.push(`  PostgreSQL skipped: ${results.postgresSkipped}`);
  lines.push('');
  for (const target of results.targets) lines.push(verdictLine(target));
  return lines;
}
