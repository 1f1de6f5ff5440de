import { CompiledQuery, SqliteAdapter, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { onBothDatabases } from '#test-support/storage';
import { directoryPageQuery, prefixUpperBound } from './account-directory.repository';

test('the upper bound of a prefix is the prefix with its last code point raised by one', () => {
  expect(prefixUpperBound('ab')).toBe('ac');
  expect(prefixUpperBound('a@')).toBe('aA');
  expect(prefixUpperBound('é')).toBe('ê');
  expect(prefixUpperBound('a\u{1F600}')).toBe('a\u{1F601}');
  expect(prefixUpperBound('a\uD7FF')).toBe('a\uE000');
  expect(prefixUpperBound('a\u{10FFFF}')).toBe('b');
  expect(prefixUpperBound('\u{10FFFF}')).toBeNull();
  expect(prefixUpperBound('')).toBeNull();
});

await onBothDatabases('the account search', (open) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('the search text is looked up in the email and username indexes, not by a scan', async () => {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    const query = directoryPageQuery(db, { q: 'Ada' }, null, 51).compile();
    const plan = await db.connection().execute(async (connection) => {
      // PostgreSQL scans a tiny table whatever its indexes; asked not to, it shows which it can use.
      if (!sqlite) await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      try {
        const explain = sqlite ? 'explain query plan ' : 'explain ';
        const result = await connection.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(explain + query.sql, [...query.parameters]),
        );
        return result.rows.map((row) => String(row.detail ?? row['QUERY PLAN'])).join('\n');
      } finally {
        if (!sqlite) await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      }
    });
    if (sqlite) {
      expect(plan).toContain('USING INDEX users_email_unique (email>? AND email<?)');
      expect(plan).toContain('USING INDEX users_username_key_unique (username_key>? AND');
    } else {
      expect(plan).toContain('Index Scan on users_email_bytewise');
      expect(plan).toContain('Index Scan on users_username_key_bytewise');
    }
  });
});
