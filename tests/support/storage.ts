/**
 * The same storage tests on both databases: `await onBothDatabases('mail queue storage', storageTests)`
 * runs `storageTests(open)` in a describe on a fresh SQLite file and in one on a throwaway PostgreSQL
 * database (skipped with the reason when no PostgreSQL server answers). `open` connects; the tests
 * migrate and close it themselves.
 */
import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, describe } from 'vitest';
import { connectDatabase } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import { probePostgres, type ThrowawayDatabase } from './postgres';
import { createMigratedDatabase } from './postgres-template';
import { makeTempDir } from './temp-dir';

export type OpenDatabase = () => Promise<Kysely<Database>>;

export async function onBothDatabases(
  name: string,
  storageTests: (open: OpenDatabase) => void,
): Promise<void> {
  describe(`${name} on SQLite`, () => {
    const dataDir = makeTempDir();
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    storageTests(async () => connectDatabase({ dataDir, databaseUrl: undefined }));
  });

  const pg = await probePostgres();
  describe.skipIf(!pg.available)(pg.title(`${name} on PostgreSQL`), () => {
    let database: ThrowawayDatabase;
    afterAll(async () => {
      await database?.drop();
    });
    storageTests(async () => {
      database = await createMigratedDatabase();
      return connectDatabase({ dataDir: '/nonexistent', databaseUrl: database.url });
    });
  });
}
