/**
 * What the live fan-out and visit-counting part reports (fanout.ts runs it, fanout-report.ts prints
 * it, bench/results/latest.json keeps it), and the targets its figures are judged against.
 */

export const FANOUT_TARGETS = {
  /** p99 from the POST to receipt with 2,000 clients on one instance. */
  p99Ms: 100,
  /** Server RSS per open stream at 2,000 (KB = 1000 bytes, as in the rest of the bench). */
  rssPerConnectionBytes: 12_000,
  /** What two instances on PostgreSQL may add to the one-instance p99 (at up to 2,000 clients). */
  crossInstanceExtraMs: 50,
  /** At 10,000 clients on one instance. */
  large: { clients: 10_000, p99Ms: 250, rssPerConnectionBytes: 10_000 },
  /** Durable visit increments per second, and as a share of the bare route's requests per second. */
  visitsPerSecond: 10_000,
  visitsRatio: 0.35,
};

/** The two-instance run stops here: 10,000 streams over two instances is a figure of its own. */
export const TWO_INSTANCE_MAX_CLIENTS = 2_000;

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
  /** `count`: a number of things (lost writes, duplicate mails). */
  unit: 'ms' | 'KB' | '/s' | '×' | 'count';
  /** Whether the figure must stay at or below the limit (times, memory) or reach it (rates). */
  bound: 'atMost' | 'atLeast';
  pass: boolean | null;
}

/** A figure that must stay at or below `limit`; not measured when `actual` is null. */
export function atMostVerdict(
  name: string,
  limit: number,
  actual: number | null,
  unit: FanoutVerdict['unit'],
): FanoutVerdict {
  return {
    name,
    limit,
    actual,
    unit,
    bound: 'atMost',
    pass: actual === null ? null : actual <= limit,
  };
}

export interface FanoutResults {
  /** What this run measured: the fan-out runs, the visit throughput, or both. */
  parts: { fanout: boolean; visits: boolean };
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
  bound: FanoutVerdict['bound'] = 'atMost',
): FanoutVerdict {
  const value = actual ?? null;
  const pass = value === null ? null : bound === 'atMost' ? value <= limit : value >= limit;
  return { name, limit, actual: value, unit, bound, pass };
}

export function fanoutTargets(results: FanoutResults): FanoutVerdict[] {
  const atLevel = (run: FanoutRun | null, clients: number) =>
    run?.levels.find((level) => level.clients === clients);
  const twoMax = Math.max(...results.levels.filter((n) => n <= TWO_INSTANCE_MAX_CLIENTS));
  const mid = Math.max(...results.levels.filter((n) => n <= 2_000));
  const one = atLevel(results.oneInstance, mid);
  const targets: FanoutVerdict[] = [];
  if (results.parts.fanout && Number.isFinite(mid)) {
    targets.push(
      verdict(
        `${mid} clients on one instance: p99 ≤ ${FANOUT_TARGETS.p99Ms} ms`,
        FANOUT_TARGETS.p99Ms,
        one?.latency?.p99Ms,
        'ms',
      ),
      verdict(
        `${mid} clients on one instance: RSS ≤ ${FANOUT_TARGETS.rssPerConnectionBytes / 1000} KB per connection`,
        FANOUT_TARGETS.rssPerConnectionBytes / 1000,
        one ? one.rssPerConnectionBytes / 1000 : null,
        'KB',
      ),
    );
  }
  const { large } = FANOUT_TARGETS;
  if (results.levels.includes(large.clients)) {
    const big = atLevel(results.oneInstance, large.clients);
    targets.push(
      verdict(
        `${large.clients} clients on one instance: p99 ≤ ${large.p99Ms} ms`,
        large.p99Ms,
        big?.latency?.p99Ms,
        'ms',
      ),
      verdict(
        `${large.clients} clients on one instance: RSS ≤ ${large.rssPerConnectionBytes / 1000} KB per connection`,
        large.rssPerConnectionBytes / 1000,
        big ? big.rssPerConnectionBytes / 1000 : null,
        'KB',
      ),
    );
  }
  const oneAtTwoMax = atLevel(results.oneInstance, twoMax);
  if (results.twoInstancesSkipped === null && oneAtTwoMax?.latency) {
    const limit = oneAtTwoMax.latency.p99Ms + FANOUT_TARGETS.crossInstanceExtraMs;
    targets.push(
      verdict(
        `${twoMax} clients over two instances (PostgreSQL): p99 ≤ one instance's + ${FANOUT_TARGETS.crossInstanceExtraMs} ms`,
        limit,
        atLevel(results.twoInstances, twoMax)?.latency?.p99Ms,
        'ms',
      ),
    );
  }
  if (!results.parts.visits) return targets;
  targets.push(
    verdict(
      `durable visit increments ≥ ${FANOUT_TARGETS.visitsPerSecond} /s`,
      FANOUT_TARGETS.visitsPerSecond,
      results.visits?.site.perSecond,
      '/s',
      'atLeast',
    ),
    verdict(
      `durable visit increments ≥ ${FANOUT_TARGETS.visitsRatio} × the bare route`,
      FANOUT_TARGETS.visitsRatio,
      results.visits?.ratio,
      '×',
      'atLeast',
    ),
  );
  return targets;
}
