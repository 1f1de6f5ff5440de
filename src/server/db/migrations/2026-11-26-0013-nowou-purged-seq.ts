/**
 * The highest version among an account's deleted Nowou items purged after 30 days: a device whose
 * last pull stopped below it missed deletions it can no longer be told about, and reads the whole
 * account again (features/nowou). Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('nowou_sync_state')
    .addColumn('purged_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nowou_sync_state').dropColumn('purged_seq').execute();
}
