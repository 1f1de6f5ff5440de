/**
 * Reads every table of a consistent snapshot, row by row (docs/product/command-line.md#backups): on SQLite a
 * `VACUUM INTO` copy taken by the caller, on PostgreSQL one REPEATABLE READ, READ ONLY transaction
 * read through cursors, so a backup of a busy site sees one moment and holds little in memory.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { MIGRATION_TABLES } from '#server/ops/backup-format';

export interface TableShape {
  name: string;
  columns: string[];
}

export interface SnapshotReader {
  kind: 'sqlite' | 'postgres';
  migrations: string[];
  tables: TableShape[];
  /** Batches of rows, each row its values in `columns` order. */
  rows(table: TableShape): AsyncIterable<unknown[][]>;
  close(): Promise<void>;
}

const BATCH = 2000;

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export function readSqliteSnapshot(file: string): SnapshotReader {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  const names = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .pluck()
    .all() as string[];
  const tables = names
    .filter((name) => !MIGRATION_TABLES.has(name))
    .map((name) => ({
      name,
      columns: (
        db
          .prepare(`select name from pragma_table_info(?) order by cid`)
          .pluck()
          .all(name) as string[]
      ).filter(Boolean),
    }));
  const migrations = names.includes('kysely_migration')
    ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[])
    : [];
  return {
    kind: 'sqlite',
    migrations,
    tables,
    async *rows(table) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const statement = db.prepare(`select ${columns} from ${quoteIdent(table.name)}`).raw();
      let batch: unknown[][] = [];
      for (const row of statement.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length >= BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    async close() {
      db.close();
    },
  };
}

/** One transaction that sees one moment of the database; `close()` ends it. */
export async function readPostgresSnapshot(client: pg.ClientBase): Promise<SnapshotReader> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const { rows: tableRows } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    const names = tableRows.map((row) => row.name);
    const tables: TableShape[] = [];
    for (const name of names.filter((n) => !MIGRATION_TABLES.has(n))) {
      const { rows } = await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [name],
      );
      tables.push({ name, columns: rows.map((row) => row.name) });
    }
    const migrations = names.includes('kysely_migration')
      ? (
          await client.query<{ name: string }>('select name from kysely_migration order by name')
        ).rows.map((row) => row.name)
      : [];
    return {
      kind: 'postgres',
      migrations,
      tables,
      async *rows(table) {
        const columns = table.columns.map(quoteIdent).join(', ');
        await client.query(
          `declare backup_rows no scroll cursor for select ${columns} from ${quoteIdent(table.name)}`,
        );
        try {
          for (;;) {
            const result = await client.query<unknown[]>({
              text: `fetch ${BATCH} from backup_rows`,
              rowMode: 'array',
            });
            if (result.rows.length === 0) break;
            yield result.rows;
          }
        } finally {
          await client.query('close backup_rows');
        }
      },
      async close() {
        await client.query('commit');
      },
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
