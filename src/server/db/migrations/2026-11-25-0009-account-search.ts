/**
 * The desk's account search matches the start of an e-mail or a username key by a byte-wise range
 * (features/accounts/account-directory.repository.ts). SQLite's unique indexes on those columns
 * already compare byte by byte; on PostgreSQL the range is written `COLLATE "C"` so it means the
 * same under any database collation, and these indexes answer it. Frozen like every shipped
 * migration.
 */
import { sql, SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await db.schema
    .createIndex('users_email_bytewise')
    .on('users')
    .expression(sql`email collate "C"`)
    .execute();
  await db.schema
    .createIndex('users_username_key_bytewise')
    .on('users')
    .expression(sql`username_key collate "C"`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await db.schema.dropIndex('users_username_key_bytewise').execute();
  await db.schema.dropIndex('users_email_bytewise').execute();
}
