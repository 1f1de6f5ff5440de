/**
 * An admin's authenticator and recovery codes go with the account: the two tables are made again
 * with a foreign key to users that cascades on delete (rows copied over), as sessions and links
 * already do. And mail-list members get an index on e-mail: the desk's account page reads an
 * account's list rows by user or by address. Frozen like every shipped migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_mfa_new')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_used_step', 'integer')
    .execute();
  await sql`INSERT INTO admin_mfa_new SELECT user_id, secret_sealed, created_at, confirmed_at, last_used_step FROM admin_mfa WHERE user_id IN (SELECT id FROM users)`.execute(
    db,
  );
  await db.schema.dropTable('admin_mfa').execute();
  await db.schema.alterTable('admin_mfa_new').renameTo('admin_mfa').execute();

  await db.schema
    .createTable('mfa_recovery_codes_new')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await sql`INSERT INTO mfa_recovery_codes_new SELECT code_hash, user_id, created_at, used_at FROM mfa_recovery_codes WHERE user_id IN (SELECT id FROM users)`.execute(
    db,
  );
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.alterTable('mfa_recovery_codes_new').renameTo('mfa_recovery_codes').execute();
  await db.schema
    .createIndex('mfa_recovery_codes_by_user')
    .on('mfa_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createIndex('mail_list_members_email')
    .on('mail_list_members')
    .column('email')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_list_members_email').execute();
  // The foreign keys stay: dropping them would mean making the tables a third time for nothing.
}
