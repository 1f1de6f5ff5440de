/**
 * The live fan-out on PostgreSQL: two app instances on one database, and a LISTEN connection that
 * PostgreSQL drops (a restart, a failover) while streams are open.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LiveNotice } from './live-bus';
import { connectDatabase } from '#server/db/connect';
import { LISTENER_APPLICATION_NAME, notifyThroughDatabase } from './postgres-bus';
import { createUser, loginAs } from '#test-support/accounts';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';
import { openSse } from '#test-support/live-sse-client';

const probe = await probePostgres();

/** Collects what a bus delivers, to wait on it. */
function recordNotices(server: TestServer) {
  const notices: LiveNotice[] = [];
  const unsubscribe = server.app.live.subscribe((notice) => notices.push(notice));
  const waitFor = async (match: (notice: LiveNotice) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = notices.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No such notice; got ${JSON.stringify(notices)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { notices, unsubscribe, waitFor };
}

describe.skipIf(!probe.available)(probe.title('live fan-out on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    a = await startTestServer({ env: { DATABASE_URL: database.url } });
    b = await startTestServer({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** Ends the LISTEN sessions of this test's database, as a PostgreSQL restart would. */
  async function terminateListeners(): Promise<number> {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [LISTENER_APPLICATION_NAME],
      );
      for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  test('a publish on instance A reaches the listeners of instance B (and A), ids only', async () => {
    const onA = recordNotices(a);
    const onB = recordNotices(b);
    try {
      await a.app.live.publish({ kind: 'user', userId: 'user-from-a' });
      expect(await onB.waitFor((n) => n.kind === 'user')).toEqual({
        kind: 'user',
        userId: 'user-from-a',
      });
      expect(await onA.waitFor((n) => n.kind === 'user')).toEqual({
        kind: 'user',
        userId: 'user-from-a',
      });
      await b.app.live.publish({ kind: 'assistant', messageId: 'message-from-b' });
      expect(await onA.waitFor((n) => n.kind === 'assistant')).toEqual({
        kind: 'assistant',
        messageId: 'message-from-b',
      });
    } finally {
      onA.unsubscribe();
      onB.unsubscribe();
    }
  });

  test('a change made through instance A reaches a signed-in stream on instance B', async () => {
    const register = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({
        email: 'two-instances@example.com',
        username: 'twice',
        password: 'violet kettle harbour 42',
        avatar: 0,
        subscribedToNewsletter: false,
        currentUTCTime: new Date().toISOString(),
      }),
    });
    expect(register.status).toBe(201);
    const cookie = (register.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

    const stream = await openSse(`${b.url}/api/live?page=home`, { headers: { cookie } });
    try {
      expect(await stream.nextEvent('user')).toMatchObject({ user: { username: 'twice' } });
      const patch = await fetch(`${a.url}/api/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: a.url, cookie },
        body: JSON.stringify({ avatar: 3 }),
      });
      expect(patch.status).toBe(200);
      expect(await stream.nextEvent('user')).toMatchObject({
        user: { username: 'twice', avatar: 3 },
      });
    } finally {
      stream.close();
    }
  });

  test('a notice from a process without the app (the admin command) reaches the streams', async () => {
    const owner = await createUser(b, { username: 'owner' });
    const stream = await openSse(`${b.url}/api/live`, {
      headers: { cookie: await loginAs(b, owner) },
    });
    const db = connectDatabase({ dataDir: b.dataDir, databaseUrl: database.url });
    try {
      expect(await stream.nextEvent('user')).toMatchObject({ user: { adminRank: 0 } });
      await db.updateTable('users').set({ admin_rank: 10 }).where('id', '=', owner.id).execute();
      await notifyThroughDatabase(db, { kind: 'user', userId: owner.id });
      expect(await stream.nextEvent('user')).toMatchObject({ user: { adminRank: 10 } });
    } finally {
      stream.close();
      await db.destroy();
    }
  });

  test('after PostgreSQL drops the LISTEN connection the bus listens again, streams resync, and later publishes arrive', async () => {
    const stream = await openSse(`${b.url}/api/live?page=home`);
    const onB = recordNotices(b);
    try {
      expect(await stream.nextEvent('user')).toEqual({ user: null });
      const listenersBefore = b.app.live.listenerCount();

      expect(await terminateListeners()).toBe(2);
      await onB.waitFor((n) => n.kind === 'resync', 10_000);
      // The open stream re-read its state and sent it again.
      expect(await stream.nextEvent('user', { timeoutMs: 10_000 })).toEqual({ user: null });

      await a.app.live.publish({ kind: 'user', userId: 'after-the-drop' });
      expect(
        await onB.waitFor((n) => n.kind === 'user' && n.userId === 'after-the-drop', 10_000),
      ).toBeTruthy();
      expect(b.app.live.listenerCount()).toBe(listenersBefore);
    } finally {
      onB.unsubscribe();
      stream.close();
    }
  });

  test('app.close() on PostgreSQL ends open streams promptly too', async () => {
    const other = await startTestServer({ env: { DATABASE_URL: database.url } });
    const stream = await openSse(`${other.url}/api/live`);
    await stream.nextEvent('user');
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(500);
    await stream.ended;
  });
});
