/**
 * Notices past the hourly cap on mails at once are held (docs/product/mail.md#owner-notifications): the
 * admins who chose mails at once get them together in one later mail. Existing events were all
 * mailed or digested already. Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notification_events')
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_events').dropColumn('held').execute();
}
