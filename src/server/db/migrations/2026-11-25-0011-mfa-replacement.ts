/**
 * Replacing a working authenticator keeps the old one in place until the new one is confirmed: the
 * offered secret waits in its own column. Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_mfa').addColumn('pending_secret_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_mfa').dropColumn('pending_secret_sealed').execute();
}
