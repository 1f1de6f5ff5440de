/**
 * A throwaway PostgreSQL database for the two-instance fan-out run, on the server the tests use
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). When none answers there,
 * the run is skipped with the reason.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { once } from './server.ts';
import { delay, errorMessage } from './timeout.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  url: string;
  /** Idempotent; never throws (a failure is printed). */
  drop(): Promise<void>;
}

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new empty database, or the reason there cannot be one (as a string). */
export async function createBenchDatabase(): Promise<BenchDatabase | string> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await withClient((client) => client.query(`create database "${name}"`));
  } catch (error) {
    return `no PostgreSQL database could be created at ${redacted(SERVER_URL)} (${errorMessage(error) || 'no answer'})`;
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: once(async () => {
      try {
        await withClient(async (client) => {
          // The servers' pools may still be leaving: let them go before forcing the rest out.
          for (let waited = 0; waited < 3_000; waited += 100) {
            const { rows } = await client.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where datname = $1',
              [name],
            );
            if (Number(rows[0]?.n ?? 0) === 0) break;
            await delay(100);
          }
          await client.query(`drop database if exists "${name}" with (force)`);
        });
      } catch (error) {
        console.error(`bench: could not drop the database ${name}: ${errorMessage(error)}`);
      }
    }),
  };
}
