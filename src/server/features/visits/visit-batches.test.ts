/**
 * Group commit for visits, against a real SQLite file: visits that arrive together share one
 * transaction, a queue longer than a batch is written as several transactions with every row in
 * key order, and a batch that cannot be written acknowledges none of its visits.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kysely,
  SqliteDialect,
  type CompiledQuery,
  type KyselyPlugin,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectDatabase, openSqlite, SQLITE_FILE_NAME } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { makeTempDir } from '#test-support/server';
import { createVisitBatches, MAX_VISITS_PER_BATCH } from './visit-batches';

const dataDir = makeTempDir();
let db: Kysely<Database>;

beforeAll(async () => {
  db = connectDatabase({ dataDir, databaseUrl: undefined });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const visitTo = (pageKey: string, source = 'Direct') => ({ pageKey, source, excluded: null });

/** Counts the statements that write page totals. */
function countingTotalWrites(): { db: Kysely<Database>; writes: () => number } {
  let writes = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const root = node as RootOperationNode & {
        into?: { table?: { identifier?: { name?: string } } };
      };
      if (root.kind === 'InsertQueryNode' && root.into?.table?.identifier?.name === 'page_visits')
        writes += 1;
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return { db: db.withPlugin(plugin), writes: () => writes };
}

async function totalOf(page: string): Promise<number> {
  const row = await db
    .selectFrom('page_visits')
    .select('count')
    .where('page_key', '=', page)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

test('200 visits that arrive together are written in a few transactions, and every one counts', async () => {
  const counting = countingTotalWrites();
  const batches = createVisitBatches(counting.db);
  await Promise.all(Array.from({ length: 200 }, () => batches.count(visitTo('art'))));
  expect(await totalOf('art')).toBe(200);
  expect(counting.writes()).toBeGreaterThan(0);
  expect(counting.writes()).toBeLessThan(10);
});

test('visits arriving while a batch is written go into the next one, none is left behind', async () => {
  const batches = createVisitBatches(db);
  const first = Array.from({ length: 50 }, () => batches.count(visitTo('music')));
  // These arrive after the first batch has started.
  await new Promise((resolve) => setImmediate(resolve));
  const second = Array.from({ length: 50 }, () => batches.count(visitTo('music')));
  await Promise.all([...first, ...second]);
  await batches.close();
  expect(await totalOf('music')).toBe(100);
});

/** The same file through a second connection that records every statement it runs. */
function loggingDb(): { db: Kysely<Database>; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(join(dataDir, SQLITE_FILE_NAME)) }),
    log: (event) => {
      if (event.level === 'query') queries.push(event.query);
    },
  });
  return { db: logged, queries };
}

const inKeyOrder = (keys: string[]) => keys.every((key, i) => i === 0 || keys[i - 1]! < key);

test('a queue longer than one batch is written as several transactions, rows in key order', async () => {
  const { db: logged, queries } = loggingDb();
  const batches = createVisitBatches(logged);
  const pages = ['music', 'art', 'about', 'home', 'contact'];
  const total = Math.round(MAX_VISITS_PER_BATCH * 2.5);
  const before = await Promise.all(pages.map(totalOf));
  // Every visit from its own source: the most rows, so the most parameters, a batch can need.
  await Promise.all(
    Array.from({ length: total }, (_, i) =>
      batches.count(visitTo(pages[i % pages.length]!, `site-${i}.example`)),
    ),
  );
  await logged.destroy();

  const sources = queries.filter((query) => /insert into "visit_sources_daily"/i.test(query.sql));
  const totals = queries.filter((query) => /insert into "page_visits" /i.test(query.sql));
  const commits = queries.filter((query) => /^commit/i.test(query.sql));
  expect(sources).toHaveLength(3);
  expect(commits.length).toBeGreaterThanOrEqual(3);
  for (const query of sources) {
    // source, day, page, count for each row; at most a batch of them, in key order.
    const keys = query.parameters
      .filter((_, i) => i % 4 === 0)
      .map((source, i) => `${String(source)}\n${String(query.parameters[i * 4 + 2])}`);
    expect(keys.length).toBeLessThanOrEqual(MAX_VISITS_PER_BATCH);
    expect(query.parameters.length).toBeLessThanOrEqual(32_766);
    expect(inKeyOrder(keys)).toBe(true);
  }
  for (const query of totals) {
    expect(inKeyOrder(query.parameters.filter((_, i) => i % 2 === 0) as string[])).toBe(true);
  }
  const after = await Promise.all(pages.map(totalOf));
  expect(after.map((count, i) => count - before[i]!)).toEqual(
    pages.map(() => total / pages.length),
  );
});

test('a batch that cannot be written acknowledges none of its visits', async () => {
  const closedDir = makeTempDir();
  const closed = connectDatabase({ dataDir: closedDir, databaseUrl: undefined });
  await migrateToLatest(closed);
  await closed.destroy();
  const batches = createVisitBatches(closed);
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, () => batches.count(visitTo('home'))),
  );
  expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
  rmSync(closedDir, { recursive: true, force: true });
});
