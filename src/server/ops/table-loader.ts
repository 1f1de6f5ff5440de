/**
 * Loads a verified backup's rows into a freshly migrated database (docs/product/command-line.md#backups): whatever
 * the migrations seeded is replaced by the backup's rows, table by table, in one transaction. SQLite
 * loads with foreign keys off and checks them all afterwards; PostgreSQL loads parents before
 * children and moves each serial column's sequence past the largest id.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import {
  BackupRefused,
  decodeValue,
  type Manifest,
  type TableEntry,
} from '#server/ops/backup-format';
import { quoteIdent } from '#server/ops/table-reader';

const BATCH = 1000;

async function* rowBatches(folder: string, table: TableEntry): AsyncIterable<unknown[][]> {
  const lines = createInterface({
    input: createReadStream(join(folder, table.file), 'utf8'),
    crlfDelay: Infinity,
  });
  let batch: unknown[][] = [];
  for await (const line of lines) {
    batch.push((JSON.parse(line) as unknown[]).map(decodeValue));
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function checkShape(table: TableEntry, columns: string[] | undefined): void {
  if (!columns)
    throw new BackupRefused(
      `The backup's table ${table.name} does not exist in this code's schema.`,
    );
  const missing = table.columns.find((column) => !columns.includes(column));
  if (missing)
    throw new BackupRefused(
      `The backup's column ${table.name}.${missing} does not exist in this code's schema.`,
    );
}

export async function loadIntoSqlite(
  db: SQLite.Database,
  manifest: Manifest,
  folder: string,
): Promise<void> {
  const columnsOf = (name: string) => {
    const columns = db
      .prepare('select name from pragma_table_info(?)')
      .pluck()
      .all(name) as string[];
    return columns.length > 0 ? columns : undefined;
  };
  for (const table of manifest.tables) checkShape(table, columnsOf(table.name));
  db.pragma('foreign_keys = OFF');
  db.exec('begin immediate');
  try {
    for (const table of manifest.tables) {
      db.prepare(`delete from ${quoteIdent(table.name)}`).run();
      const insert = db.prepare(
        `insert into ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')})
         values (${table.columns.map(() => '?').join(', ')})`,
      );
      for await (const batch of rowBatches(folder, table)) for (const row of batch) insert.run(row);
    }
    const broken = db.pragma('foreign_key_check') as { table: string }[];
    if (broken.length > 0)
      throw new BackupRefused(
        `The backup's rows of ${broken[0]?.table} point at rows it does not hold; nothing was restored.`,
      );
    db.exec('commit');
  } catch (error) {
    db.exec('rollback');
    throw error;
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

/** Tables ordered so that every table comes after the tables its foreign keys point at. */
async function parentsFirst(client: pg.ClientBase, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select tc.table_name as child, ccu.table_name as parent
       from information_schema.table_constraints tc
       join information_schema.constraint_column_usage ccu
         on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const edge of rows)
      if (edge.child === name && edge.parent !== name) visit(edge.parent, path);
    placed.add(name);
    if (names.includes(name)) ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

export async function loadIntoPostgres(
  client: pg.ClientBase,
  manifest: Manifest,
  folder: string,
): Promise<void> {
  const { rows: columnRows } = await client.query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = current_schema()`,
  );
  const columnsOf = (name: string) => {
    const columns = columnRows.filter((row) => row.table === name).map((row) => row.column);
    return columns.length > 0 ? columns : undefined;
  };
  for (const table of manifest.tables) checkShape(table, columnsOf(table.name));
  const byName = new Map(manifest.tables.map((table) => [table.name, table]));
  const order = await parentsFirst(client, [...byName.keys()]);
  await client.query('begin');
  try {
    for (const name of [...order].reverse()) await client.query(`delete from ${quoteIdent(name)}`);
    for (const name of order) {
      const table = byName.get(name)!;
      const width = table.columns.length;
      const perInsert = Math.max(1, Math.min(BATCH, Math.floor(60_000 / width)));
      const head = `insert into ${quoteIdent(name)} (${table.columns.map(quoteIdent).join(', ')}) values `;
      for await (const batch of rowBatches(folder, table)) {
        for (let start = 0; start < batch.length; start += perInsert) {
          const slice = batch.slice(start, start + perInsert);
          const values = slice
            .map((_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`)
            .join(', ');
          await client.query(head + values, slice.flat());
        }
      }
    }
    const { rows: serials } = await client.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = current_schema() and column_default like 'nextval(%'`,
    );
    for (const { table, column } of serials) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2),
                       coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(table)}), 0) + 1, false)`,
        [quoteIdent(table), column],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
