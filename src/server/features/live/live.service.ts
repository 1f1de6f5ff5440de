/**
 * What the live domain offers processes that have no bus of their own (the command line): telling
 * the running servers that something changed, so their open streams show it at once. On PostgreSQL
 * a NOTIFY reaches every instance; on SQLite a row in live_notices reaches every server on the file.
 */
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import type { LiveChange } from './live-bus';
import { notifyThroughDatabase } from './postgres-bus';
import { recordLiveNotice } from './sqlite-bus';

export async function notifyServers(
  db: Kysely<Database>,
  config: Pick<Config, 'databaseUrl'>,
  change: LiveChange,
  origin: string,
): Promise<void> {
  if (config.databaseUrl) await notifyThroughDatabase(db, change);
  else await recordLiveNotice(db, change, origin);
}
