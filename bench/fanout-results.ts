/**
 * What the live fan-out and visit-counting part reports (fanout.ts runs it, fanout-report.ts prints
 * it, bench/results/latest.json keeps it), and the targets its figures are judged against.
 */

export const FANOUT_TARGETS = {
  /** p99 from the POST to receipt with 2,000 clients on one instance. */
  p99Ms: 100,
  /** Server RSS per open stream (KB = 1000 bytes, as in the rest of the bench). */
  rssPerConnectionBytes: 12_000,
  /** What two instances on PostgreSQL may add to the one-instance p99. */
  crossInstanceExtraMs: 50,
};

export interface Latency {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface FanoutLevel {
  clients: number;
  /** Every receipt of every post of the level, pooled; null when none arrived. */
  latency: Latency | null;
  /** Two instances only: the clients of the instance the POST went to, and of the other one. */
  byInstance?: { posting: Latency | null; other: Latency | null };
  /** Receipts that never came within the collect timeout, over all posts of the level. */
  missing: number;
  /** Streams that closed while the level ran. */
  dropped: number;
  rssBeforeBytes: number;
  rssWithStreamsBytes: number;
  rssPerConnectionBytes: number;
  /** Median time until the POST itself was answered. */
  postAnsweredMs: number;
}

export interface FanoutRun {
  name: string;
  instances: number;
  levels: FanoutLevel[];
}

export interface LoadFigure {
  /** 204 answers per second in the measured window. */
  perSecond: number;
  statuses: Record<string, number>;
  errors: string[];
}

export interface VisitsThroughput {
  connections: number;
  warmUpMs: number;
  durationMs: number;
  site: LoadFigure;
  bare: LoadFigure;
  /** site / bare. */
  ratio: number;
}

export interface FanoutVerdict {
  name: string;
  limit: number;
  actual: number | null;
  unit: 'ms' | 'KB';
  pass: boolean | null;
}

export interface FanoutResults {
  /** Cores, and the 1-minute load average when the run began and ended (other work skews figures). */
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  clientProcesses: number;
  postsPerLevel: number;
  levels: number[];
  oneInstance: FanoutRun | null;
  baseline: FanoutRun | null;
  twoInstances: FanoutRun | null;
  twoInstancesSkipped: string | null;
  visits: VisitsThroughput | null;
  targets: FanoutVerdict[];
  errors: string[];
}

function verdict(
  name: string,
  limit: number,
  actual: number | null | undefined,
  unit: FanoutVerdict['unit'],
): FanoutVerdict {
  const value = actual ?? null;
  return { name, limit, actual: value, unit, pass: value === null ? null : value <= limit };
}

export function fanoutTargets(results: FanoutResults): FanoutVerdict[] {
  const max = results.levels[results.levels.length - 1]!;
  const at = (run: FanoutRun | null) => run?.levels.find((level) => level.clients === max);
  const one = at(results.oneInstance);
  const two = at(results.twoInstances);
  const targets = [
    verdict(
      `${max} clients on one instance: p99 ≤ ${FANOUT_TARGETS.p99Ms} ms`,
      FANOUT_TARGETS.p99Ms,
      one?.latency?.p99Ms,
      'ms',
    ),
    verdict(
      `${max} clients on one instance: RSS ≤ ${FANOUT_TARGETS.rssPerConnectionBytes / 1000} KB per connection`,
      FANOUT_TARGETS.rssPerConnectionBytes / 1000,
      one ? one.rssPerConnectionBytes / 1000 : null,
      'KB',
    ),
  ];
  if (results.twoInstancesSkipped === null && one?.latency) {
    const limit = one.latency.p99Ms + FANOUT_TARGETS.crossInstanceExtraMs;
    targets.push(
      verdict(
        `${max} clients over two instances (PostgreSQL): p99 ≤ one instance's + ${FANOUT_TARGETS.crossInstanceExtraMs} ms`,
        limit,
        two?.latency?.p99Ms,
        'ms',
      ),
    );
  }
  return targets;
}
