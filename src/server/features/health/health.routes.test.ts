import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

test('GET /api/health answers 200 {"status":"ok"} while storage answers', async () => {
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('GET /api/health answers 503 unavailable once storage is closed', async () => {
  await server.app.db.destroy();
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: { status: 'unavailable', message: 'Storage is unavailable.' },
  });
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  let pgServer: TestServer;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    pgServer = await startTestServer({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await pgServer?.close();
    await database?.drop();
  });

  test('GET /api/health answers 200 with storage on PostgreSQL', async () => {
    const response = await fetch(`${pgServer.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
