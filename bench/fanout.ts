/**
 * The live fan-out and visit-counting figures (docs/product/constants.md#speed-and-scale-targets): N SSE clients on GET
 * /api/live?page=home, the time from just before the owner's POST /api/admin/assistant-messages
 * to each client's receipt of the `assistant` event carrying the new message, and the server's RSS
 * per open stream; on one instance (SQLite, fanout-one-instance.ts), on a bare Fastify broadcast
 * (the baseline from the same run, fanout-baseline.ts), and across two instances sharing one
 * PostgreSQL database (clients split between them, the POST sent to the first;
 * fanout-two-instances.ts). Then POST /api/visits throughput against a bare Fastify route
 * (visit-counting.ts). Each run goes through fanout-run.ts; the figures are fanout-results.ts.
 *
 * The servers are real processes (bench/server.ts, bench/bare-server.ts); the clients run in a few
 * child processes (client-pool.ts), each client socket bound to its own loopback source address.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { startClientPool } from './client-pool.ts';
import { measureBaseline, startBareServer } from './fanout-baseline.ts';
import { measureOneInstance, startOneInstanceSite } from './fanout-one-instance.ts';
import { closeRequests } from './fanout-posting.ts';
import { fanoutTargets, TWO_INSTANCE_MAX_CLIENTS, type FanoutResults } from './fanout-results.ts';
import { POSTS_PER_LEVEL } from './fanout-run.ts';
import { createBenchDatabase, measureTwoInstances, type Keep } from './fanout-two-instances.ts';
import { endProgress } from './progress.ts';
import { errorMessage } from './timeout.ts';
import { checkSiteVisitAnswers, measureVisits, VISIT_CONNECTIONS } from './visit-counting.ts';

const DEFAULT_LEVELS = [100, 1_000, 2_000, 10_000];
const CLIENT_PROCESSES = 2;

/** Registers a clean-up for a stop signal (the caller runs them); each is also run here when done. */
export type Defer = (cleanup: () => Promise<void> | void) => void;

function levelsFromEnv(): number[] {
  const raw = process.env.BENCH_FANOUT_CLIENTS;
  if (!raw) return DEFAULT_LEVELS;
  const levels = raw.split(',').map((part) => Number(part.trim()));
  if (!levels.every((n) => Number.isInteger(n) && n >= 1 && n <= 10_000)) {
    throw new Error(
      `BENCH_FANOUT_CLIENTS must be client counts from 1 to 10000, comma-separated (got "${raw}")`,
    );
  }
  return [...new Set(levels)].sort((a, b) => a - b);
}

/** The soft open-file limit of this process (its children inherit it). */
function openFileLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const match = /^Max open files\s+(\S+)/m.exec(limits);
  if (!match?.[1] || match[1] === 'unlimited') return Infinity;
  return Number(match[1]);
}

function checkOpenFileLimit(maxClients: number): void {
  // The server holds one socket per stream, plus its files, database and listener.
  const need = maxClients + 512;
  const limit = openFileLimit();
  if (limit < need) {
    throw new Error(
      `the open-file limit (ulimit -n) is ${limit}, and ${maxClients} streams need at least ${need}: run "ulimit -n ${need}" in this shell first`,
    );
  }
}

/** Which of the two this run measures (BENCH_ONLY=fanout, visits, or both). */
export interface FanoutParts {
  fanout: boolean;
  visits: boolean;
}

export async function runFanout(defer: Defer, parts: FanoutParts): Promise<FanoutResults> {
  const levels = parts.fanout ? levelsFromEnv() : [];
  const results: FanoutResults = {
    parts,
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    clientProcesses: CLIENT_PROCESSES,
    postsPerLevel: POSTS_PER_LEVEL,
    levels,
    oneInstance: null,
    baseline: null,
    twoInstances: null,
    twoInstancesSkipped: null,
    visits: null,
    targets: [],
    errors: [],
  };
  checkOpenFileLimit(Math.max(parts.visits ? VISIT_CONNECTIONS : 0, ...levels));

  const stops: (() => Promise<void>)[] = [];
  const keep: Keep = (thing) => {
    stops.push(() => thing.stop());
    defer(() => thing.stop());
    return thing;
  };
  const attempt = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      endProgress();
      results.errors.push(`${what}: ${errorMessage(error)}`);
      console.error(`bench: ${what}: ${errorMessage(error)}`);
    }
  };

  try {
    const pool = keep(startClientPool(CLIENT_PROCESSES));
    const site = keep(await startOneInstanceSite());
    const siteStartedAt = Date.now();
    const bare = keep(await startBareServer());
    const bareStartedAt = Date.now();

    if (parts.fanout) {
      await attempt('fan-out on one instance', async () => {
        results.oneInstance = await measureOneInstance(pool, site, siteStartedAt, levels);
      });
      await attempt('fan-out baseline', async () => {
        results.baseline = await measureBaseline(pool, bare, bareStartedAt, levels);
      });
    }
    if (parts.visits) {
      await attempt('visit throughput', async () => {
        results.visits = await measureVisits(pool, site.origin, bare.origin);
        checkSiteVisitAnswers(results.visits);
      });
    }
    await bare.stop();
    await site.stop();

    const database = parts.fanout ? await createBenchDatabase() : null;
    if (typeof database === 'string') {
      results.twoInstancesSkipped = database;
    } else if (database) {
      defer(() => database.drop());
      stops.push(() => database.drop());
      await attempt('fan-out over two instances', async () => {
        results.twoInstances = await measureTwoInstances(
          pool,
          database.url,
          levels.filter((clients) => clients <= TWO_INSTANCE_MAX_CLIENTS),
          keep,
        );
      });
    }
  } finally {
    endProgress();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    closeRequests();
  }
  results.machine.loadAtEnd = loadavg()[0]!;
  results.targets = fanoutTargets(results);
  return results;
}
