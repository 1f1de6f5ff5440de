/**
 * The fan-out over two instances of the site sharing one throwaway PostgreSQL database, on the
 * server the tests use (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): clients
 * dealt alternately to both, the POST sent to the first. When no database can be created there, the
 * run is skipped with the reason.
 */
import {
  createThrowawayDatabase,
  redacted,
  TEST_DATABASE_URL,
  type ThrowawayDatabase,
} from '#test-support/postgres';
import type { ClientPool } from './client-pool.ts';
import type { FanoutRun } from './fanout-results.ts';
import { adminSession, liveStreamUrl, sitePoster } from './fanout-posting.ts';
import { BLOCK, measureFanout } from './fanout-run.ts';
import { once, startSiteServer } from './server.ts';
import { GC_PRELOAD } from './server-rss.ts';
import { errorMessage } from './timeout.ts';

export interface BenchDatabase {
  url: string;
  /** Idempotent; never throws (a failure is printed). */
  drop(): Promise<void>;
}

/** A new empty database (named bench_…), or the reason there cannot be one (as a string). */
export async function createBenchDatabase(): Promise<BenchDatabase | string> {
  let database: ThrowawayDatabase;
  try {
    database = await createThrowawayDatabase({ prefix: 'bench', connectionTimeoutMillis: 3_000 });
  } catch (error) {
    return `no PostgreSQL database could be created at ${redacted(TEST_DATABASE_URL)} (${errorMessage(error) || 'no answer'})`;
  }
  return {
    url: database.url,
    drop: once(async () => {
      try {
        await database.drop();
      } catch (error) {
        console.error(
          `bench: could not drop the database ${database.name}: ${errorMessage(error)}`,
        );
      }
    }),
  };
}

/** Registers something to stop when the fan-out part ends (runFanout's `keep`). */
export type Keep = <T extends { stop(): Promise<void> }>(thing: T) => T;

/** Starts the two instances on `databaseUrl`, measures, and stops them again. */
export async function measureTwoInstances(
  pool: ClientPool,
  databaseUrl: string,
  levels: number[],
  keep: Keep,
): Promise<FanoutRun> {
  const env = { DATABASE_URL: databaseUrl };
  // One after the other: the first one migrates the new database.
  const first = keep(
    await startSiteServer({ serveClient: false, own: true, env, nodeArgs: GC_PRELOAD }),
  );
  const second = keep(
    await startSiteServer({ serveClient: false, own: true, env, nodeArgs: GC_PRELOAD }),
  );
  const cookie = await adminSession(first);
  const run = await measureFanout(
    pool,
    {
      name: 'two instances (PostgreSQL)',
      streamUrls: [first, second].map((s) => liveStreamUrl(s.origin)),
      pids: [first.pid!, second.pid!],
      startedAt: Date.now(),
      post: sitePoster(first.origin, cookie),
      block: BLOCK.two,
    },
    levels,
  );
  await second.stop();
  await first.stop();
  return run;
}
