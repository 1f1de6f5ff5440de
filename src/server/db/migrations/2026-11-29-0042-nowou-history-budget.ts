/**
 * Nowou's history within a budget of its own per account (features/nowou): each kept copy's size and
 * a digest of its text (so an identical copy is not kept twice), and each account's total of kept
 * copies, which its pushes keep within the budget by dropping the oldest. Copies kept before this
 * get their length in characters, near enough for copies purged within 30 days. Frozen like every
 * shipped migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('nowou_item_history')
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('nowou_item_history').addColumn('digest', 'text').execute();
  await db.schema
    .alterTable('nowou_sync_state')
    .addColumn('history_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update nowou_item_history set bytes = length(value)`.execute(db);
  await sql`update nowou_sync_state set history_bytes = coalesce((
      select sum(h.bytes) from nowou_item_history h where h.user_id = nowou_sync_state.user_id
    ), 0)`.execute(db);
  await db.schema
    .createIndex('nowou_item_history_by_digest')
    .on('nowou_item_history')
    .columns(['user_id', 'item_key', 'digest'])
    .execute();
  await db.schema
    .createIndex('nowou_item_history_by_age')
    .on('nowou_item_history')
    .columns(['user_id', 'kept_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('nowou_item_history_by_age').execute();
  await db.schema.dropIndex('nowou_item_history_by_digest').execute();
  await db.schema.alterTable('nowou_sync_state').dropColumn('history_bytes').execute();
  await db.schema.alterTable('nowou_item_history').dropColumn('digest').execute();
  await db.schema.alterTable('nowou_item_history').dropColumn('bytes').execute();
}
