/**
 * Every change of a mail-list member's state (asked to confirm, confirmed, left), so an account's
 * timeline on the desk shows each opt-in and opt-out, not only the first and the present state.
 * The events go with their member row (and so with the account). Frozen like every shipped
 * migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_list_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) =>
      c.notNull().references('mail_list_members.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_list_events_by_member')
    .on('mail_list_events')
    .columns(['member_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_list_events').execute();
}
