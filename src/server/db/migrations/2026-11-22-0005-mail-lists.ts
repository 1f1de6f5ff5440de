/**
 * Mail lists: a per-database secret that keys the HMAC of the lists' links (app_secrets; every
 * instance reads the same row), a confirmation nonce per member (a new confirmation mail replaces
 * it, so older links stop working), the newsletters the owner sent, and which newsletter a queued
 * mail belongs to (mail_outbox.newsletter_id, for the progress counts). Frozen like every shipped
 * migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('mail_list_members').addColumn('confirm_nonce', 'text').execute();

  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletters_created_at')
    .on('newsletters')
    .column('created_at')
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('newsletter_id', 'text').execute();
  await db.schema
    .createIndex('mail_outbox_newsletter_id_status')
    .on('mail_outbox')
    .columns(['newsletter_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_newsletter_id_status').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('newsletter_id').execute();
  await db.schema.dropTable('newsletters').ifExists().execute();
  await db.schema.alterTable('mail_list_members').dropColumn('confirm_nonce').execute();
  await db.schema.dropTable('app_secrets').ifExists().execute();
}
