/**
 * The owner hears about what needs an answer (docs/product/mail.md#owner-notifications): each admin's
 * choice (`instant` or `daily`; no row: none) with the day and time of their last digest, and the
 * events worth a mail (new trial and purchase requests, messages, new error groups). The choice
 * goes with the account. Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_notifications')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('digest_day', 'text')
    .addColumn('digest_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notification_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_events_by_time')
    .on('notification_events')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_events').execute();
  await db.schema.dropTable('admin_notifications').execute();
}
