/**
 * GET /api/admin/health (docs/product/command-line.md#site-health) on a real server and SQLite file: the database,
 * DATA_DIR's free space, the mail queue (backlog, oldest item, paused after a restore) and the newest
 * backup file, as an admin sees them.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SiteHealth } from '#shared/site-health-schemas';
import { enqueueMail } from '#server/mail/outbox.repository';
import { createBackup } from '#server/ops/create-backup';
import { pauseMail } from '#server/ops/site-flags';
import { call, createUser, loginAs } from '#test-support/accounts';
import { startTestServer, type TestServer } from '#test-support/server';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ env: { SERVE_CLIENT: 'false' } });
  cookie = await loginAs(server, await createUser(server, { adminRank: 10 }));
});
afterAll(async () => server?.close());

async function health(): Promise<SiteHealth> {
  const answer = await call(server, 'GET', '/api/admin/health', { cookie });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as SiteHealth;
}

test('a quiet site: database answers, disk space, empty queue, no backup yet', async () => {
  const now = await health();
  expect(now.database).toEqual({ kind: 'sqlite', answers: true });
  expect(now.disk?.freeBytes).toBeGreaterThan(0);
  expect(now.disk!.totalBytes).toBeGreaterThanOrEqual(now.disk!.freeBytes);
  expect(now.mailQueue).toEqual({
    queued: 0,
    oldestQueuedAt: null,
    lastError: null,
    paused: false,
  });
  expect(now.lastBackup).toBeNull();
});

test('backlog, pause and the newest backup show', async () => {
  const at = new Date(Date.now() - 60_000);
  await enqueueMail(server.app.db, { to: 'a@example.com', subject: 'S', text: 'T' }, at);
  await pauseMail(server.app.db, 'restored');
  const { path } = await createBackup({ dataDir: server.dataDir, databaseUrl: undefined });
  const now = await health();
  expect(now.mailQueue).toEqual({
    queued: 1,
    oldestQueuedAt: at.toISOString(),
    lastError: null,
    paused: true,
  });
  expect(path.endsWith(now.lastBackup!.file)).toBe(true);
  expect(now.lastBackup!.bytes).toBeGreaterThan(0);
});
