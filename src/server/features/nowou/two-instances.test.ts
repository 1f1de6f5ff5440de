/**
 * Nowou's sync across two app instances on one PostgreSQL database: a push through one instance
 * reaches the owner's stream on the other within a second, and a pull on the other finds the item.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import type { NowouPullAnswer } from '#shared/nowou-sync-schemas';
import { call, createUser, loginAs } from '#test-support/accounts';
import { openSse } from '#test-support/live-sse-client';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';

const probe = await probePostgres();

describe.skipIf(!probe.available)(probe.title('nowou sync on two instances'), () => {
  let database: ThrowawayDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    const env = { DATABASE_URL: database.url };
    a = await startTestServer({ env });
    b = await startTestServer({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  test("a push through one instance reaches the owner's stream on the other", async () => {
    // One session in the shared database serves both instances, as behind a load balancer.
    const cookie = await loginAs(a, await createUser(a));
    const stream = await openSse(`${b.url}/api/live`, { headers: { cookie } });
    try {
      await stream.nextEvent('user');
      const id = randomUUID();
      const item = todo({ id, title: 'Pushed through A' });
      const started = Date.now();
      const pushed = await call(a, 'POST', '/api/nowou/push', {
        cookie,
        body: { device: 'phone', items: [{ key: `todo-${id}`, value: item, baseSeq: null }] },
      });
      expect(pushed.status).toBe(200);
      await stream.nextEvent('nowou', { timeoutMs: 1000 });
      expect(Date.now() - started).toBeLessThan(1000);
      const pulled = await call(b, 'GET', '/api/nowou/pull?after=0', { cookie });
      expect((pulled.json as NowouPullAnswer).items.map((entry) => entry.value)).toEqual([item]);
    } finally {
      stream.close();
    }
  });
});
