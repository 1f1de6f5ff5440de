/**
 * The same API tests against the real app on both databases:
 * `await onBothServers('desk accounts', (server) => { test(…, async () => { server().url … }) })`
 * runs the tests in a describe with a server on a fresh SQLite file and in one with a server on a
 * throwaway PostgreSQL database (skipped with the reason when no PostgreSQL server answers).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { probePostgres, type ThrowawayDatabase } from './postgres';
import { createMigratedDatabase } from './postgres-template';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export async function onBothServers(
  name: string,
  apiTests: (server: () => TestServer) => void,
  options: TestServerOptions = {},
): Promise<void> {
  describe(`${name} on SQLite`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(options);
    });
    afterAll(async () => {
      await server?.close();
    });
    apiTests(() => server);
  });

  const pg = await probePostgres();
  describe.skipIf(!pg.available)(pg.title(`${name} on PostgreSQL`), () => {
    let database: ThrowawayDatabase;
    let server: TestServer;
    beforeAll(async () => {
      database = await createMigratedDatabase();
      server = await startTestServer({
        ...options,
        env: { ...options.env, DATABASE_URL: database.url },
      });
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });
    apiTests(() => server);
  });
}
