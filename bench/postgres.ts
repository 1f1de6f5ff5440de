/**
 * A throwaway PostgreSQL database for the two-instance fan-out run, on the server the tests use
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), made by the tests' own
 * helper with names starting bench_. When none answers there, the run is skipped with the reason.
 */
import {
  createThrowawayDatabase,
  redacted,
  TEST_DATABASE_URL,
  type ThrowawayDatabase,
} from '#test-support/postgres';
import { once } from './server.ts';
import { errorMessage } from './timeout.ts';

export interface BenchDatabase {
  url: string;
  /** Idempotent; never throws (a failure is printed). */
  drop(): Promise<void>;
}

/** A new empty database, or the reason there cannot be one (as a string). */
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
