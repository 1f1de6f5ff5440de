/** Turns the fan-out and visit figures into the lines `npm run bench` prints. */
import type { FanoutResults, FanoutRun, FanoutVerdict, Latency } from './fanout-results.ts';
import { table } from './report.ts';

function ms(value: number | undefined): string {
  return value === undefined ? '—' : value < 10 ? value.toFixed(1) : String(Math.round(value));
}

function kbPerConnection(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

function latencyCells(latency: Latency | null | undefined): string[] {
  return [ms(latency?.p50Ms), ms(latency?.p99Ms), ms(latency?.maxMs)];
}

function runRows(run: FanoutRun): string[][] {
  const rows: string[][] = [];
  for (const level of run.levels) {
    rows.push([
      run.name,
      String(level.clients),
      ...latencyCells(level.latency),
      kbPerConnection(level.rssPerConnectionBytes),
      ms(level.postAnsweredMs),
    ]);
    if (level.byInstance) {
      rows.push([
        '  clients of the instance posted to',
        '',
        ...latencyCells(level.byInstance.posting),
        '',
        '',
      ]);
      rows.push([
        '  clients of the other instance',
        '',
        ...latencyCells(level.byInstance.other),
        '',
        '',
      ]);
    }
  }
  return rows;
}

export function verdictLine(target: FanoutVerdict): string {
  const shown = (value: number) => {
    switch (target.unit) {
      case 'ms':
        return `${ms(value)} ms`;
      case 'KB':
        return `${value.toFixed(1)} KB`;
      case '/s':
        return `${Math.round(value)} /s`;
      case '×':
        return `${value.toFixed(2)} ×`;
      case 'count':
        return String(value);
    }
  };
  if (target.actual === null || target.pass === null)
    return `Target: ${target.name} → NOT MEASURED`;
  const margin = Math.abs(target.limit - target.actual);
  const short = target.bound === 'atMost' ? 'over' : 'short';
  return target.pass
    ? `Target: ${target.name} → PASS (${shown(target.actual)}, ${shown(margin)} to spare)`
    : `Target: ${target.name} → MISS (${shown(target.actual)}, ${shown(margin)} ${short})`;
}

/** The one-instance figures at the largest client count against the bare broadcast's. */
export function baselineLine(results: FanoutResults): string | null {
  const max = results.levels[results.levels.length - 1];
  const one = results.oneInstance?.levels.find((level) => level.clients === max);
  const bare = results.baseline?.levels.find((level) => level.clients === max);
  if (!one?.latency || !bare?.latency) return null;
  const p99 = `p99 = ${(one.latency.p99Ms / bare.latency.p99Ms).toFixed(2)} × (${ms(one.latency.p99Ms)} vs ${ms(bare.latency.p99Ms)} ms)`;
  const rss = `RSS per connection = ${(one.rssPerConnectionBytes / bare.rssPerConnectionBytes).toFixed(2)} × (${kbPerConnection(one.rssPerConnectionBytes)} vs ${kbPerConnection(bare.rssPerConnectionBytes)} KB)`;
  return `${max} clients on one instance against the bare Fastify broadcast in this run: ${p99}, ${rss}`;
}

export function visitsLine(results: FanoutResults): string | null {
  const visits = results.visits;
  if (!visits) return null;
  return `POST /api/visits = ${visits.ratio.toFixed(2)} × a bare Fastify route's requests/s in this run (${Math.round(visits.site.perSecond)} vs ${Math.round(visits.bare.perSecond)} /s)`;
}

export function fanoutLines(results: FanoutResults): string[] {
  const lines: string[] = [];
  const runs = [results.oneInstance, results.baseline, results.twoInstances].filter(
    (run): run is FanoutRun => run !== null,
  );
  if (runs.length) {
    lines.push(
      ...table(
        ['run', 'clients', 'p50 ms', 'p99 ms', 'max ms', 'RSS KB/conn', 'POST answered ms'],
        runs.flatMap(runRows),
        [false, true, true, true, true, true, true],
      ),
    );
  }
  if (results.twoInstancesSkipped)
    lines.push(`  two-instance run skipped: ${results.twoInstancesSkipped}`);
  lines.push('');
  const baseline = baselineLine(results);
  if (baseline) lines.push(baseline);
  for (const target of results.targets) lines.push(verdictLine(target));

  const visits = results.visits;
  if (visits) {
    lines.push(
      '',
      `Visit counting: ${visits.connections} keep-alive connections (one loopback address each), each POSTing again as soon as answered; ${visits.warmUpMs / 1000} s warm-up, then ${visits.durationMs / 1000} s counted`,
      '',
    );
    const statuses = (figure: typeof visits.site) =>
      Object.entries(figure.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ') || '—';
    lines.push(
      ...table(
        ['route', 'requests/s', 'answers'],
        [
          [
            'POST /api/visits (one instance, SQLite)',
            String(Math.round(visits.site.perSecond)),
            statuses(visits.site),
          ],
          [
            'bare Fastify POST → 204 (baseline)',
            String(Math.round(visits.bare.perSecond)),
            statuses(visits.bare),
          ],
        ],
        [false, true, false],
      ),
    );
    for (const error of [...visits.site.errors, ...visits.bare.errors])
      lines.push(`  error: ${error}`);
    lines.push('', visitsLine(results)!);
  }
  return lines;
}
