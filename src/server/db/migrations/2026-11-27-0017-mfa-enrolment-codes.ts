/**
 * The first set-up of an admin's authenticator needs a one-time code that only the command line
 * prints (set-rank, reset-mfa): one row per account, the code's SHA-256 and when it stops working.
 * Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mfa_enrolment_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfa_enrolment_codes').execute();
}
