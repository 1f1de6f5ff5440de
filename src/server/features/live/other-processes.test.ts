/**
 * Changes made outside the server process are live: `npm run admin -- set-rank` and a second
 * server on the same SQLite file reach the open streams within a second, through live_notices
 * (sqlite-bus.ts); on PostgreSQL the command line's NOTIFY does the same.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, loginAs } from '#test-support/accounts';
import { openSse } from '#test-support/live-sse-client';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { startTestServer, type TestServer } from '#test-support/server';
import { adminCommand } from '#test-support/server-process';

/** `npm run admin -- …`; resolves with its exit code. */
async function admin(args: string[], env: Record<string, string>): Promise<number | null> {
  return (await adminCommand(args, env)).code;
}

/** set-rank 10 from the command line; the person's open stream shows it within a second. */
async function rankChangeIsLive(server: TestServer, env: Record<string, string>): Promise<void> {
  const user = await createUser(server);
  const stream = await openSse(`${server.url}/api/live`, {
    headers: { cookie: await loginAs(server, user) },
  });
  try {
    expect(await stream.nextEvent('user')).toMatchObject({ user: { adminRank: 0 } });
    expect(await admin(['set-rank', user.email, '10'], env)).toBe(0);
    const changed = Date.now();
    expect(await stream.nextEvent('user', { timeoutMs: 1000 })).toMatchObject({
      user: { adminRank: 10 },
    });
    expect(Date.now() - changed).toBeLessThan(1000);
  } finally {
    stream.close();
  }
}

describe('on SQLite', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    // A second server process on the same file (here in this process, on its own connection).
    b = await startTestServer({ env: { DATA_DIR: a.dataDir } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('npm run admin -- set-rank reaches the open stream within a second', async () => {
    await rankChangeIsLive(a, { DATA_DIR: a.dataDir });
  });

  test('a message posted on another server on the same file reaches this one’s streams', async () => {
    const owner = await createUser(b, { adminRank: 10 });
    const stream = await openSse(`${a.url}/api/live?page=about`);
    try {
      expect(await stream.nextEvent('assistant')).toEqual({ message: null });
      const posted = await fetch(`${b.url}/api/admin/assistant-messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: await loginAs(b, owner),
          origin: b.url,
        },
        body: JSON.stringify({ text: 'From the other server', pages: ['about'] }),
      });
      expect(posted.status).toBe(201);
      expect(await stream.nextEvent('assistant', { timeoutMs: 1000 })).toMatchObject({
        message: { text: 'From the other server', pages: ['about'] },
      });
    } finally {
      stream.close();
    }
  });
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    server = await startTestServer({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  test('npm run admin -- set-rank reaches the open stream within a second', async () => {
    await rankChangeIsLive(server, { DATA_DIR: server.dataDir, DATABASE_URL: database.url });
  });
});
