/** Turns the sync figures into the lines `npm run bench` prints. */
import { verdictLine } from './fanout-report.ts';
import { table } from './report.ts';
import type { CpuShare } from './sync-cpu.ts';
import { SYNC_TARGETS, type SyncResults, type SyncRun } from './sync-results.ts';

function ms(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value)
    ? '—'
    : value < 10
      ? value.toFixed(1)
      : String(Math.round(value));
}

function firstSyncRow(run: SyncRun): string[] {
  const figure = run.firstSync;
  return [
    `${run.storage} (${run.setup})`,
    figure ? `${figure.seeding.items}` : '—',
    figure ? figure.runsMs.map(ms).join(', ') : '—',
    figure ? ms(figure.medianMs) : '—',
    figure ? figure.syncedMs.map(ms).join(', ') : '—',
    figure ? figure.pulls.join(', ') : '—',
  ];
}

function latencyRow(run: SyncRun): string[] {
  const figure = run.latency;
  return [
    `${run.storage} (${run.setup})`,
    figure ? String(figure.samples) : '—',
    ms(figure?.p50Ms),
    ms(figure?.p95Ms),
    ms(figure?.p99Ms),
    ms(figure?.maxMs),
    figure ? figure.pushesPerSecond.toFixed(1) : '—',
    figure ? `${ms(figure.pushAnsweredP50Ms)} / ${ms(figure.pushAnsweredP99Ms)}` : '—',
    figure ? figure.pullsPerPush.toFixed(1) : '—',
  ];
}

function notes(run: SyncRun): string[] {
  const lines: string[] = [];
  const first = run.firstSync;
  if (first) {
    const { seeding } = first;
    const kinds = Object.entries(seeding.counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ');
    lines.push(
      `  ${run.storage}: the account holds ${kinds} (${(seeding.chars / 1e6).toFixed(2)} M characters), pushed in ${seeding.pushes} pushes in ${(seeding.ms / 1000).toFixed(1)} s (not a figure); the browser synced from ${first.instance}`,
    );
  }
  const latency = run.latency;
  if (latency) {
    const statuses = Object.entries(latency.statuses)
      .map(([status, count]) => `${status} ${count}`)
      .join(', ');
    const split = latency.byInstance
      .map(
        (entry) =>
          `to a device on ${entry.instance}: ${entry.samples} at p99 ${ms(entry.p99Ms)} ms`,
      )
      .join('; ');
    lines.push(`  ${run.storage}: pushes ${statuses}${split ? `; ${split}` : ''}`);
    const share = (who: string, cpu: CpuShare | null) =>
      cpu
        ? `${who} ran ${ms(cpu.ranMs)} ms and waited ${ms(cpu.waitedMs)} ms for a CPU per push`
        : `${who}: no scheduler statistics`;
    lines.push(
      `  ${run.storage}: ${share("the server's main thread" + (latency.byInstance.length ? 's' : ''), latency.serverPerPush)}; ${share("the bench's devices' event loop", latency.benchPerPush)}, its delay p99 ${ms(latency.benchLoopDelayP99Ms)} ms, max ${ms(latency.benchLoopDelayMaxMs)} ms`,
    );
  }
  return lines;
}

export function latencySummary(run: SyncRun): string | null {
  const figure = run.latency;
  if (!figure) return null;
  return `sync on ${run.storage} (${run.setup}): push to second device p50 ${ms(figure.p50Ms)}, p95 ${ms(figure.p95Ms)}, p99 ${ms(figure.p99Ms)} ms over ${figure.samples} pushes at ${figure.pushesPerSecond.toFixed(1)} pushes/s (target p99 ≤ ${SYNC_TARGETS.pushToDeviceP99Ms} ms)`;
}

export function syncLines(results: SyncResults): string[] {
  const lines: string[] = [];
  const runs = results.runs;
  if (runs.length) {
    lines.push('First sync to a new device (navigation start to Synced with every item stored):');
    lines.push(
      ...table(
        ['storage', 'items', 'runs ms', 'median ms', 'Synced shown ms', 'pulls'],
        runs.map(firstSyncRow),
        [false, true, false, true, false, false],
      ),
    );
    const devices = runs.find((run) => run.latency)?.latency;
    lines.push(
      '',
      devices
        ? `Push to the second device (${devices.accounts} accounts × 2 devices, ${devices.rounds} rounds of one push per account, spread over ${devices.roundMs} ms):`
        : 'Push to the second device:',
    );
    lines.push(
      ...table(
        [
          'storage',
          'pushes',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'max ms',
          'pushes/s',
          'push answered p50/p99 ms',
          'pulls/push',
        ],
        runs.map(latencyRow),
        [false, true, true, true, true, true, true, true, true],
      ),
    );
    lines.push('');
    for (const run of runs) lines.push(...notes(run));
  }
  if (results.postgresSkipped) lines.push(`  PostgreSQL skipped: ${results.postgresSkipped}`);
  lines.push('');
  for (const target of results.targets) lines.push(verdictLine(target));
  return lines;
}
