/**
 * The assistant: the owner can clear the live message. A cleared message keeps its row (the history
 * of what was said) and stops being the current one. Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_messages').addColumn('cleared_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_messages').dropColumn('cleared_at').execute();
}
