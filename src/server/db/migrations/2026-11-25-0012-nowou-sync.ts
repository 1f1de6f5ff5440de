/**
 * Nowou's items kept for their owner's devices (features/nowou): one row per item and account with
 * the record as JSON and its version in the account's own sequence; the copies a change replaced
 * or that lost a conflict, kept 30 days; and one row per account holding its last version number
 * and its totals, which every push updates first, so an account's pushes commit one after the other
 * and a pull by version never skips one still being written. Everything goes with the account
 * (foreign keys cascade). Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nowou_sync_state')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('nowou_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('nowou_items_pk', ['user_id', 'item_key'])
    .execute();
  await db.schema
    .createIndex('nowou_items_by_seq')
    .on('nowou_items')
    .columns(['user_id', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('nowou_items_tombstones')
    .on('nowou_items')
    .columns(['deleted', 'modified_at'])
    .execute();

  await db.schema
    .createTable('nowou_item_history')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    /** The version this copy was, or null for a pushed copy that lost and never was one. */
    .addColumn('seq', 'integer')
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('kept_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nowou_item_history_by_item')
    .on('nowou_item_history')
    .columns(['user_id', 'item_key', 'seq'])
    .execute();
  await db.schema
    .createIndex('nowou_item_history_kept_at')
    .on('nowou_item_history')
    .column('kept_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nowou_item_history').execute();
  await db.schema.dropTable('nowou_items').execute();
  await db.schema.dropTable('nowou_sync_state').execute();
}
