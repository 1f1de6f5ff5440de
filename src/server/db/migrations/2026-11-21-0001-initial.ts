/**
 * The first schema (docs/product/data.md#stored-data). Frozen: never edit a shipped migration, add a new one.
 * Written once for SQLite and PostgreSQL: text ids, ISO-8601 UTC text timestamps, 0/1 integers for
 * booleans, JSON as text. It imports nothing from the app, so later code changes cannot alter it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('avatar', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('early_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribed_to_newsletter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema
    .createIndex('users_username_key_unique')
    .on('users')
    .column('username_key')
    .unique()
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user_id')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_verifications_user_id')
    .on('email_verifications')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('product_access')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('platform_username', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_access_user_id')
    .on('product_access')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('submissions_type_created_at')
    .on('submissions')
    .columns(['type', 'created_at'])
    .execute();
  await db.schema.createIndex('submissions_user_id').on('submissions').column('user_id').execute();

  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('error_name', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('error_reports_created_at')
    .on('error_reports')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('error_reports_user_id')
    .on('error_reports')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('page_visits')
    .addColumn('page_key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('page_visits_daily')
    .addColumn('page_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_visits_daily_pk', ['page_key', 'day'])
    .execute();
  await db.schema
    .createIndex('page_visits_daily_day')
    .on('page_visits_daily')
    .column('day')
    .execute();

  await db.schema
    .createTable('assistant_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('assistant_messages_created_at')
    .on('assistant_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('mail_list_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('subscribed'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_list_members_list_email_unique')
    .on('mail_list_members')
    .columns(['list', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('mail_list_members_unsubscribe_token_unique')
    .on('mail_list_members')
    .column('unsubscribe_token')
    .unique()
    .execute();
  await db.schema
    .createIndex('mail_list_members_user_id')
    .on('mail_list_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_status_next_attempt_at')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'mail_list_members',
    'assistant_messages',
    'page_visits_daily',
    'page_visits',
    'error_reports',
    'submissions',
    'product_access',
    'email_verifications',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
