/**
 * Switches the owner sets from the command line (docs/product/command-line.md#backups): one row per switch that is
 * on. `mail_paused` is set by a restore, so a restored copy never sends old mail again until the
 * owner releases it (`npm run admin -- release-mail`). Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_flags')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_flags').execute();
}
