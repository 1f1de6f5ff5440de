/**
 * Backups the server takes by itself (docs/product/command-line.md#backups, docs/product/command-line.md#scheduled-backups),
 * with real processes on a real SQLite folder: `npm start` with migrations pending on a SQLite file
 * that has data writes a backup first and names it in the log; BACKUP_EVERY writes backups on a
 * schedule and keeps the newest BACKUP_KEEP of them.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { connectDatabase } from '#server/db/connect';
import { migrateUpTo } from '#server/db/migrate';
import { backupCommand, runProcess } from '#test-support/server-process';
import { freePort, makeTempDir } from '#test-support/server';

const OLDER = '2026-11-27-0024-admin-notifications';
const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(env: Record<string, string> = {}) {
  const server = runProcess('src/server/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    ...env,
  });
  await server.waitForOutput('Site ready');
  return server;
}

const backups = () => readdirSync(join(dataDir, 'backups')).sort();

test('npm start with pending migrations on SQLite writes a backup first and logs its path', async () => {
  const db = connectDatabase({ dataDir, databaseUrl: undefined });
  await migrateUpTo(db, OLDER);
  await db.destroy();

  const server = await start();
  server.kill('SIGTERM');
  await server.exit;
  const logged = /Backup before migrating written to ([^"]+\.backup\.tar\.gz)/.exec(
    server.stdout(),
  );
  expect(logged, server.stdout()).not.toBeNull();
  const path = logged![1]!;
  expect(existsSync(path)).toBe(true);
  const verify = await backupCommand(['--verify', path], {});
  expect(verify.code, verify.stderr).toBe(0);
  expect(verify.stdout).toContain(`schema at ${OLDER}`);

  // Nothing pending: no backup.
  const again = await start();
  again.kill('SIGTERM');
  await again.exit;
  expect(again.stdout()).not.toContain('Backup before migrating');
  expect(backups()).toHaveLength(1);
}, 60_000);

test('BACKUP_EVERY writes backups on a schedule and keeps the newest BACKUP_KEEP', async () => {
  const before = backups();
  const server = await start({ BACKUP_EVERY: '1s', BACKUP_KEEP: '2' });
  for (let waited = 0; waited < 30_000; waited += 100) {
    if ((server.stdout().match(/scheduled backup written/g) ?? []).length >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill('SIGTERM');
  await server.exit;
  expect((server.stdout().match(/scheduled backup written/g) ?? []).length).toBeGreaterThanOrEqual(
    3,
  );
  const scheduled = backups().filter((name) => name.startsWith('scheduled-'));
  expect(scheduled).toHaveLength(2);
  // The owner's own backups (here the pre-migration one) are never pruned.
  for (const name of before) expect(backups()).toContain(name);
  const verify = await backupCommand(['--verify', join(dataDir, 'backups', scheduled[1]!)], {});
  expect(verify.code, verify.stderr).toBe(0);
}, 60_000);
