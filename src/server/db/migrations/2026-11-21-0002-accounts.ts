/**
 * Accounts: storage-backed rate-limit counters (so limits hold across instances) and a lease on queued
 * mail (so two instances never send the same message). Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limits_window_start')
    .on('rate_limits')
    .column('window_start')
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('locked_until', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('locked_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('locked_by').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('locked_until').execute();
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
