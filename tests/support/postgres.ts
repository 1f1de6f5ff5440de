/**
 * PostgreSQL for tests: a throw-away database per test file on the server at TEST_DATABASE_URL.
 * When no server answers there, PostgreSQL tests are skipped with the reason, never failed for that.
 *
 *   const pg = await probePostgres();
 *   describe.skipIf(!pg.available)(pg.title('migrations on PostgreSQL'), () => { … createThrowawayDatabase() … });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresProbe {
  available: boolean;
  /** Why the tests are skipped, when they are. */
  reason?: string;
  /** The describe title, saying "skipped: <reason>" when unavailable. */
  title: (name: string) => string;
}

/** `url` with its password, if any, as `***`: for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}

export async function probePostgres(): Promise<PostgresProbe> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  let reason: string | undefined;
  try {
    await client.connect();
    const { rows } = await client.query<{ can_create: boolean }>(
      'select rolcreatedb or rolsuper as can_create from pg_roles where rolname = current_user',
    );
    if (!rows[0]?.can_create)
      reason = `the role at ${redacted(TEST_DATABASE_URL)} may not create databases`;
  } catch (error) {
    const message =
      error instanceof Error && error.message
        ? error.message
        : String((error as { code?: string }).code ?? error);
    reason = `no PostgreSQL server answers at ${redacted(TEST_DATABASE_URL)} (${message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  if (reason) console.warn(`PostgreSQL tests skipped: ${reason}`);
  return {
    available: reason === undefined,
    reason,
    title: (name) => (reason ? `${name} (skipped: ${reason})` : name),
  };
}

export interface ThrowawayDatabase {
  name: string;
  /** Connection URL of the new database. */
  url: string;
  drop: () => Promise<void>;
}

export interface ThrowawayDatabaseOptions {
  /** How the database's name starts (default `test`; the bench uses `bench`). */
  prefix?: string;
  /** Give up connecting to the server after this long (default: no limit). */
  connectionTimeoutMillis?: number;
  /** A database to copy (CREATE DATABASE … TEMPLATE); empty when left out. */
  template?: string;
}

export async function withAdmin<T>(
  run: (client: pg.Client) => Promise<T>,
  connectionTimeoutMillis?: number,
): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Waits (up to 3 s) until no session is connected to database `name`. A pool's end() can resolve
 * before its sockets are closed: a database copied or dropped with force right then sees them.
 */
export async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 3000; waited += 50) {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    // Polls the condition above, 50 ms apart.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A new database with a unique name on the test server, empty or a copy of `template`; drop()
 * removes it.
 */
export async function createThrowawayDatabase(
  options: ThrowawayDatabaseOptions = {},
): Promise<ThrowawayDatabase> {
  const { prefix = 'test', connectionTimeoutMillis, template } = options;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(
    (client) =>
      client.query(
        template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
      ),
    connectionTimeoutMillis,
  );
  return {
    name,
    url: databaseUrl(name),
    drop: () =>
      withAdmin(async (client) => {
        // Dropping with force kills the backends still there, and their clients report it as an
        // unhandled error: let them leave first.
        await untilUnused(client, name);
        await client.query(`drop database if exists "${name}" with (force)`);
      }, connectionTimeoutMillis),
  };
}
