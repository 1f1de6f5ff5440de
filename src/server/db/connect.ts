/**
 * Opens the one storage the process uses: PostgreSQL when DATABASE_URL is set, otherwise SQLite at
 * DATA_DIR/site.db. Both speak the same schema (see migrations/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { makePrivateDir, makePrivateFile } from '#server/private-files';

export const SQLITE_FILE_NAME = 'site.db';

/**
 * Opens a SQLite file with the pragmas the app relies on. synchronous=FULL: an acknowledged write
 * survives power loss (docs/decisions/2026-11-21-sqlite-synchronous-full.md). A new file is made
 * 0600 first: SQLite gives its -wal and -shm files the database file's mode.
 */
export function openSqlite(file: string): SQLite.Database {
  if (!existsSync(file)) makePrivateFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/**
 * The name a server's connections carry in pg_stat_activity: a restore refuses while any connection
 * with it is open on its database (docs/product/command-line.md#backups).
 */
export const SERVER_APPLICATION_NAME = 'creator-site';

/** PostgreSQL's bigint (count(*), sum) arrives as a string in node-pg; SQLite gives a number. */
const INT8_OID = 20;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * PostgreSQL drops idle pooled connections on a restart, a failover or an idle timeout; the pool then
 * emits 'error', which without a listener ends the process. The pool replaces the connection by
 * itself and the next query that fails answers for itself, so the drop is only logged. A connection
 * that is checked out has no pool listener: one that drops between two of its queries would end the
 * process too, so every connection gets a listener of its own (its next query fails, and the pool
 * removes it when it comes back).
 */
export function createPostgresPool(
  connectionString: string,
  onIdleError: (error: Error) => void = (error) =>
    console.warn(`database: an idle connection was dropped (${error.message})`),
  options: {
    applicationName?: string;
    searchPath?: string;
    /** How long a query waits for a connection, new or pooled, before it fails. */
    connectTimeoutMs?: number;
    /** PostgreSQL's statement_timeout for every session of the pool. */
    statementTimeoutMs?: number;
    /** How long the client waits for any answer to a query (a network cut sends none). */
    queryTimeoutMs?: number;
  } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    types: pgTypes,
    max: 10,
    // A socket to a host that went away fails in minutes, not hours.
    keepAlive: true,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
    application_name: options.applicationName ?? SERVER_APPLICATION_NAME,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  pool.on('error', onIdleError);
  pool.on('connect', (client) => client.on('error', ignoreCheckedOutError));
  return pool;
}

/** What a checked-out connection's drop needs: nothing more than being heard (see above). */
function ignoreCheckedOutError(): void {}

/**
 * The timeouts bound what a request waits for when PostgreSQL is down, unreachable or slow
 * (docs/deploy.md#when-something-fails); without them (the command-line tools, migrations) a query
 * waits as long as it takes.
 */
export function connectDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> &
    Partial<Pick<Config, 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'>>,
): Kysely<Database> {
  const { databaseUrl } = config;
  if (databaseUrl) {
    const { databaseConnectTimeoutMs: connect, databaseStatementTimeoutMs: statement } = config;
    const pool = createPostgresPool(databaseUrl, undefined, {
      connectTimeoutMs: connect,
      statementTimeoutMs: statement,
      // PostgreSQL cancels a slow statement itself first; past that, no answer means no network.
      queryTimeoutMs: connect && statement ? statement + connect : undefined,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  makePrivateDir(config.dataDir);
  const file = join(config.dataDir, SQLITE_FILE_NAME);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
}
