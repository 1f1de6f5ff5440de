/**
 * Migration 0016 on both databases: existing accounts keep their names; of two that already look
 * alike, the older holds the skeleton and the later is marked, and neither name can be copied again.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest, migrateUpTo } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { onBothDatabases, type OpenDatabase } from '#test-support/storage';

function storageTests(open: OpenDatabase) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateUpTo(db, '2026-11-27-0015-known-devices');
    const user = (id: string, username: string, created: string) => ({
      id,
      email: `${id}@example.com`,
      password_hash: 'hash',
      username,
      username_key: username.normalize('NFKC').toLowerCase(),
      created_at: created,
    });
    // Made before the rule: a Latin carol, then a Cyrillic-a look-alike and a "caro1".
    await (db as unknown as Kysely<Pick<Database, 'users'>>)
      .insertInto('users')
      .values([
        user('u-carol', 'carol', '2026-01-01T00:00:00.000Z'),
        user('u-cyrillic', 'c\u0430rol', '2026-02-01T00:00:00.000Z'),
        user('u-digit', 'caro1', '2026-03-01T00:00:00.000Z'),
        user('u-ada', 'Ada', '2026-04-01T00:00:00.000Z'),
      ])
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('every account keeps its name; the oldest of a look-alike group holds the skeleton', async () => {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'username_skeleton', 'skeleton_clash'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { id: 'u-carol', username: 'carol', username_skeleton: 'carol', skeleton_clash: 0 },
      { id: 'u-cyrillic', username: 'c\u0430rol', username_skeleton: 'carol', skeleton_clash: 1 },
      { id: 'u-digit', username: 'caro1', username_skeleton: 'carol', skeleton_clash: 1 },
      { id: 'u-ada', username: 'Ada', username_skeleton: 'ada', skeleton_clash: 0 },
    ]);
  });

  test('a new account with a held skeleton breaks the unique index', async () => {
    await expect(
      db
        .insertInto('users')
        .values({
          id: 'u-new',
          email: 'new@example.com',
          password_hash: 'hash',
          username: 'CAROL',
          username_key: 'carol2',
          username_skeleton: 'carol',
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/username_skeleton/);
  });
}

await onBothDatabases('username skeletons migration', storageTests);
