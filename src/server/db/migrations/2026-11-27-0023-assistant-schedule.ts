/**
 * The assistant's messages get a start and an end (docs/product/assistant.md#live-message): a message shows
 * from `starts_at` until `ends_at` (none: until replaced or cleared). Messages from before start
 * when they were made. Frozen like every shipped migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_messages').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('assistant_messages').addColumn('ends_at', 'text').execute();
  await sql`update assistant_messages set starts_at = created_at`.execute(db);
  await db.schema
    .createIndex('assistant_messages_by_start')
    .on('assistant_messages')
    .columns(['starts_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assistant_messages_by_start').execute();
  await db.schema.alterTable('assistant_messages').dropColumn('ends_at').execute();
  await db.schema.alterTable('assistant_messages').dropColumn('starts_at').execute();
}
