/**
 * PostgreSQL slow, for real (docs/deploy.md#when-something-fails): another session holds an
 * exclusive lock on a hot table (the sessions every signed-in request reads) for up to 10 s, while
 * a crowd of requests arrives. Each is answered 503 `Storage is busy.` with Retry-After within a
 * bounded time (the statement timeout plus the wait for a free connection), none piles up behind
 * the lock, the process's memory stays bounded, and once the lock is gone the same calls work.
 * Short timeouts are set for the test (DATABASE_STATEMENT_TIMEOUT, DATABASE_CONNECT_TIMEOUT).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STORAGE_MESSAGES, STORAGE_RETRY_AFTER_SECONDS } from '#server/plugins/errors';
import { call, createUser, loginAs } from '#test-support/accounts';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';

const STATEMENT_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 500;
/** A request may run a few statements, each waiting on the lock or for a connection. */
const BOUND_MS = 2 * (STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS) + 1000;
const CROWD = 150;

const postgres = await probePostgres();

describe.skipIf(!postgres.available)(postgres.title('PostgreSQL slow behind a lock'), () => {
  let database: ThrowawayDatabase;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    server = await startTestServer({
      env: {
        DATABASE_URL: database.url,
        DATABASE_STATEMENT_TIMEOUT: `${STATEMENT_TIMEOUT_MS}ms`,
        DATABASE_CONNECT_TIMEOUT: `${CONNECT_TIMEOUT_MS}ms`,
        SERVE_CLIENT: 'false',
      },
    });
    cookie = await loginAs(server, await createUser(server));
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  test('a crowd of requests behind a 10 s lock: each answered 503 busy in bounded time, memory bounded, all well once it is released', async () => {
    expect((await call(server, 'GET', '/api/me', { cookie })).status).toBe(200);
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await locker.query<{ pid: number }>('select pg_backend_pid() as pid');
      await locker.query('begin');
      await locker.query('lock table sessions in access exclusive mode');
      // The lock lasts 10 s at most, whatever happens to the test.
      const held = locker.query('select pg_sleep(10)').catch(() => undefined);

      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: CROWD }, async () => {
          const res = await call(server, 'GET', '/api/me', { cookie });
          return { res, ms: performance.now() - started };
        }),
      );
      const slowest = Math.max(...answers.map(({ ms }) => ms));
      expect(slowest).toBeLessThan(BOUND_MS);
      for (const { res } of answers) {
        expect(res.status).toBe(503);
        expect(res.json).toEqual({
          error: { status: 'unavailable', message: STORAGE_MESSAGES.busy },
        });
        expect(Number(res.headers.get('retry-after'))).toBe(STORAGE_RETRY_AFTER_SECONDS.busy);
      }
      // Nothing waits on: the whole crowd costs the process (server and test together) a bounded
      // few megabytes, not a queue that grows with the lock's length.
      global.gc?.();
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);

      // Released: the sleep is cancelled, the transaction rolled back.
      await admin.query('select pg_cancel_backend($1)', [rows[0]!.pid]);
      await held;
      await locker.query('rollback');
    } finally {
      await locker.end();
      await admin.end();
    }
    expect((await call(server, 'GET', '/api/me', { cookie })).status).toBe(200);
  }, 30_000);
});
