/**
 * Guessing kept slow without letting a stranger lock the owner out (OWASP's "Slow down online
 * guessing attacks with device cookies"): `known_devices` remembers which browsers (a device cookie's
 * hash) logged in to an account, or entered its authenticator code, before; `attempt_gates` holds,
 * per account, when the next try from any other browser may come and how many failed in a row.
 * Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('login_at', 'text')
    .addColumn('mfa_verified_at', 'text')
    .addPrimaryKeyConstraint('known_devices_pkey', ['token_hash', 'user_id'])
    .execute();
  await db.schema
    .createIndex('known_devices_user_id')
    .on('known_devices')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('attempt_gates')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'text')
    .addColumn('open_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_gates_expires_at')
    .on('attempt_gates')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_gates').execute();
  await db.schema.dropTable('known_devices').execute();
}
