/**
 * DATA_DIR is its owner's only (docs/product/command-line.md#data-folder): a real server process and the backup
 * and restore commands, run with a umask that leaves new files readable by everyone (022), make every
 * file there 0600 and every folder 0700 (site.db with its -wal and -shm, mfa.key, server.pid, the
 * outbox and its mails, the backups, what a restore puts aside), and a start makes what an older
 * version left open the owner's only. On SQLite, and on PostgreSQL for what it keeps in DATA_DIR.
 */
import { chmodSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createThrowawayDatabase, probePostgres } from '#test-support/postgres';
import {
  backupCommand,
  restoreCommand,
  runProcess,
  type ServerProcess,
} from '#test-support/server-process';
import { freePort, makeTempDir } from '#test-support/server';

const UMASK = { umask: '022' };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh DATA_DIR, first made readable by others as a plain `mkdir` would leave it. */
function dataDir(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  chmodSync(dir, 0o755);
  return dir;
}

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = runProcess(
    'src/server/main.ts',
    { PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'info', ...env },
    UMASK,
  );
  await server.waitForOutput('Site ready');
  return { server, url };
}

async function stop(server: ServerProcess): Promise<void> {
  server.kill('SIGTERM');
  await server.exit;
}

/** A sign-up, whose verification mail goes to DATA_DIR/outbox (no SMTP_URL). */
async function signUp(server: ServerProcess, url: string): Promise<void> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      email: `modes-${Date.now()}@example.com`,
      username: `Modes${Date.now() % 100_000}`,
      password: 'violet-harbour-42-lantern',
      avatar: 1,
      subscribedToNewsletter: false,
      currentUTCTime: new Date().toUTCString(),
    }),
  });
  expect(response.status).toBe(201);
  await server.waitForOutput('Mail written to');
}

/** Every path under `root` (itself included) with its permission bits, as `path: 0700`. */
function modes(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (path: string, name: string) => {
    const stat = statSync(path);
    found[name] = `0${(stat.mode & 0o777).toString(8)}`;
    if (stat.isDirectory())
      for (const entry of readdirSync(path)) walk(join(path, entry), `${name}/${entry}`);
  };
  walk(root, '.');
  return found;
}

/** The paths whose mode is not the owner's alone (0600 files, 0700 folders). */
function openToOthers(root: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(modes(root)).filter(([, mode]) => mode !== '0600' && mode !== '0700'),
  );
}

function loosen(root: string): void {
  const walk = (path: string) => {
    const directory = statSync(path).isDirectory();
    chmodSync(path, directory ? 0o755 : 0o644);
    if (directory) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
}

test('on SQLite every file the site, a backup and a restore make in DATA_DIR is the owner’s only', async () => {
  const dir = dataDir();
  const env = { DATA_DIR: dir };
  let { server, url } = await start(env);
  try {
    await signUp(server, url);
    const backup = await backupCommand([], env, UMASK);
    expect(backup.code, backup.stderr).toBe(0);
    const found = modes(dir);
    expect(found).toMatchObject({
      '.': '0700',
      './site.db': '0600',
      './site.db-wal': '0600',
      './site.db-shm': '0600',
      './mfa.key': '0600',
      './server.pid': '0600',
      './outbox': '0700',
      './backups': '0700',
    });
    expect(Object.keys(found).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    expect(Object.keys(found).filter((name) => name.endsWith('.backup.tar.gz'))).toHaveLength(1);
    expect(openToOthers(dir)).toEqual({});

    // Left readable by an older version: the next start makes it the owner's only again.
    await stop(server);
    loosen(dir);
    expect(openToOthers(dir)).not.toEqual({});
    ({ server, url } = await start(env));
    expect(openToOthers(dir)).toEqual({});
    expect(server.stdout()).not.toContain('stays readable by others');
    await stop(server);

    // A restore's new database and the folder it puts the old one in.
    const file = backup.stdout.trim().split('\n').at(-1)!;
    const restored = await restoreCommand([file, '--no-content'], env, UMASK);
    expect(restored.code, restored.stderr).toBe(0);
    const afterRestore = modes(dir);
    expect(Object.keys(afterRestore).some((name) => name.startsWith('./replaced-'))).toBe(true);
    expect(afterRestore['./site.db']).toBe('0600');
    expect(openToOthers(dir)).toEqual({});
  } finally {
    await stop(server);
  }
}, 120_000);

const pg = await probePostgres();

test.skipIf(!pg.available)(
  pg.title('on PostgreSQL the key, the outbox and the backups in DATA_DIR are the owner’s only'),
  async () => {
    const database = await createThrowawayDatabase();
    const dir = dataDir();
    const env = { DATA_DIR: dir, DATABASE_URL: database.url };
    const { server, url } = await start(env);
    try {
      await signUp(server, url);
      const backup = await backupCommand([], env, UMASK);
      expect(backup.code, backup.stderr).toBe(0);
      expect(modes(dir)).toMatchObject({
        '.': '0700',
        './mfa.key': '0600',
        './outbox': '0700',
        './backups': '0700',
      });
      expect(openToOthers(dir)).toEqual({});
    } finally {
      await stop(server);
      await database.drop();
    }
  },
  120_000,
);
