/**
 * Rate-limit counters carry their own end, so each is deleted when its window is over: an hour's
 * counter after an hour, a day's after a day (pruning by the longest rule in one list deleted the
 * daily counters early). Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('expires_at', 'text').execute();
  await db.schema
    .createIndex('rate_limits_expires_at')
    .on('rate_limits')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limits_expires_at').execute();
  await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute();
}
