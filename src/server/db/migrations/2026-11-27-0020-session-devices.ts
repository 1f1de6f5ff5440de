/**
 * Each session keeps the device it signed in from, in words ("Chrome 131 on Windows 10, desktop"),
 * so the owner can tell an account's sessions apart on the desk. Sessions from before show none.
 * Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('device').execute();
}
