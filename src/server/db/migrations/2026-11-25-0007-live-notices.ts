/**
 * Live notices between processes that share one SQLite file: the command line (or another server
 * process) writes a row naming what changed, and each server reads the rows it has not seen when
 * SQLite says another connection committed (features/live/sqlite-bus.ts). PostgreSQL has the table
 * too, to keep one schema, but carries its notices with NOTIFY. Ids only grow (AUTOINCREMENT on
 * SQLite), so a reader's cursor never skips a row. Frozen like every shipped migration.
 */
import { SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('live_notices')
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_notices').execute();
}
