/**
 * Group commit for visits, against a real SQLite file: visits that arrive together share one
 * transaction, each address's limit holds exactly inside a batch, and a batch that cannot be
 * written acknowledges none of its visits.
 */
import { rmSync } from 'node:fs';
import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { makeTempDir } from '#test-support/server';
import { createVisitBatches } from './visit-batches';

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

const LIMIT = { name: 'visits:test', limit: 1000, windowMs: 60_000 };

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
  const batches = createVisitBatches(counting.db, LIMIT);
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, (_, i) => batches.count('art', `198.51.100.${i % 10}`)),
  );
  expect(outcomes.every((outcome) => outcome.counted)).toBe(true);
  expect(await totalOf('art')).toBe(200);
  expect(counting.writes()).toBeGreaterThan(0);
  expect(counting.writes()).toBeLessThan(10);
});

test('visits arriving while a batch is written go into the next one, none is left behind', async () => {
  const batches = createVisitBatches(db, LIMIT);
  const first = Array.from({ length: 50 }, () => batches.count('music', '198.51.100.20'));
  // These arrive after the first batch has started.
  await new Promise((resolve) => setImmediate(resolve));
  const second = Array.from({ length: 50 }, () => batches.count('music', '198.51.100.21'));
  await Promise.all([...first, ...second]);
  await batches.close();
  expect(await totalOf('music')).toBe(100);
});

test('inside one batch an address gets exactly its limit; the visits over it are not counted', async () => {
  const batches = createVisitBatches(db, { name: 'visits:tight', limit: 7, windowMs: 60_000 });
  const outcomes = await Promise.all(
    Array.from({ length: 10 }, () => batches.count('contact', '198.51.100.30')),
  );
  expect(outcomes.map((outcome) => outcome.counted)).toEqual([
    ...Array<boolean>(7).fill(true),
    ...Array<boolean>(3).fill(false),
  ]);
  expect(outcomes[9]?.retryAfterSeconds).toBeGreaterThan(0);
  expect(await totalOf('contact')).toBe(7);
});

test('a batch that cannot be written acknowledges none of its visits', async () => {
  const closedDir = makeTempDir();
  const closed = connectDatabase({ dataDir: closedDir, databaseUrl: undefined });
  await migrateToLatest(closed);
  await closed.destroy();
  const batches = createVisitBatches(closed, LIMIT);
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, () => batches.count('home', '198.51.100.40')),
  );
  expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
  rmSync(closedDir, { recursive: true, force: true });
});
