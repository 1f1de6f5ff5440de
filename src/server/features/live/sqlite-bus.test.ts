/**
 * The SQLite live bus's own table (sqlite-bus.ts), against a real file with two connections, as a
 * server and the command line have: notices older than KEEP_MS are pruned once every
 * PRUNE_EVERY_MS, and a read of the notices that fails loses nothing, the next poll reads them.
 */
import { rmSync } from 'node:fs';
import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { makeTempDir } from '#test-support/server';
import type { LiveNotice } from './live-bus';
import { createSqliteBus, KEEP_MS, PRUNE_EVERY_MS, recordLiveNotice } from './sqlite-bus';

const dataDir = makeTempDir();
let server: Kysely<Database>;
/** Another process on the same file (the command line). */
let other: Kysely<Database>;

beforeAll(async () => {
  server = connectDatabase({ dataDir, databaseUrl: undefined });
  await migrateToLatest(server);
  other = connectDatabase({ dataDir, databaseUrl: undefined });
});
afterAll(async () => {
  await other.destroy();
  await server.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const quiet = { warn: () => undefined, error: () => undefined };

const notices = async () =>
  (await server.selectFrom('live_notices').select('ref').orderBy('id').execute()).map(
    (row) => row.ref,
  );

test('notices older than a minute are pruned once a minute; newer ones stay', async () => {
  let clock = Date.now();
  const bus = await createSqliteBus(server, quiet, { pollMs: 3_600_000, now: () => clock });
  try {
    await bus.publish({ kind: 'user', userId: 'old' });
    clock += KEEP_MS + 1000;
    await bus.publish({ kind: 'user', userId: 'new' });
    // Not yet a minute since the last pruning.
    clock += PRUNE_EVERY_MS - KEEP_MS - 2000;
    await bus.poll();
    expect(await notices()).toEqual(['old', 'new']);
    clock += 2000;
    await bus.poll();
    expect(await notices()).toEqual(['new']);
  } finally {
    await bus.close();
  }
});

test('a failed read of the notices is read again at the next poll, nothing lost', async () => {
  let failNext = false;
  const failing: KyselyPlugin = {
    transformQuery({ node }) {
      const root = node as RootOperationNode & {
        from?: { froms?: { table?: { identifier?: { name?: string } } }[] };
      };
      const table = root.from?.froms?.[0]?.table?.identifier?.name;
      if (failNext && root.kind === 'SelectQueryNode' && table === 'live_notices') {
        failNext = false;
        throw new Error('disk I/O error');
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  const warnings: unknown[] = [];
  const bus = await createSqliteBus(
    server.withPlugin(failing),
    { warn: (...args: unknown[]) => warnings.push(args), error: () => undefined },
    { pollMs: 3_600_000 },
  );
  const heard: LiveNotice[] = [];
  const stop = bus.subscribe((change) => heard.push(change));
  try {
    await recordLiveNotice(other, { kind: 'user', userId: 'ranked' }, 'command line');
    failNext = true;
    await bus.poll();
    expect(warnings).toHaveLength(1);
    expect(heard).toEqual([]);
    // Nothing else is written in between: only this poll can still find the notice.
    await bus.poll();
    expect(heard).toEqual([{ kind: 'user', userId: 'ranked' }]);
  } finally {
    stop();
    await bus.close();
  }
});
