/**
 * A backup of a busy site keeps every acknowledged write (docs/product/command-line.md#backups), with real
 * processes: 8 writers sign up, push a Nowou to-do and count visits against a started server while `npm run backup`
 * runs; the site's data is destroyed; the file restores into a fresh DATA_DIR where every account
 * acknowledged before the backup began is there with its session, every such to-do pulls, and every
 * such visit is counted.
 * The same file restored into a throwaway PostgreSQL database serves the same site, and a backup of
 * that restores into SQLite again.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { todo } from '#shared/nowou-record-fixtures';
import { storageKeyOf } from '#shared/nowou-records';
import { connectDatabase } from '#server/db/connect';
import { createThrowawayDatabase, probePostgres } from '#test-support/postgres';
import { backupCommand, restoreCommand, runProcess } from '#test-support/server-process';
import { freePort, makeTempDir } from '#test-support/server';
import { BROWSER } from '#test-support/visits';

const WRITERS = 8;
const root = makeTempDir();
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Account {
  email: string;
  cookie: string;
  ackedAt: number;
}

/** A Nowou to-do pushed for an account, and when the server acknowledged it. */
interface Pushed {
  cookie: string;
  key: string;
  ackedAt: number;
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = runProcess('src/server/main.ts', {
    PORT: String(port),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    ...env,
  });
  await server.waitForOutput('Site ready');
  return { url: `http://127.0.0.1:${port}`, server };
}

/** A distinct documentation-range address per sign-up and visit, so no per-address rule bites. */
let addressCount = 0;
function nextAddress(): string {
  addressCount += 1;
  return `198.18.${addressCount >> 8}.${addressCount & 255}`;
}

async function signUp(url: string, writer: number, n: number): Promise<Account | null> {
  const email = `w${writer}n${n}@example.com`;
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: {
      ...BROWSER,
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
    },
    body: JSON.stringify({
      email,
      username: `w${writer}n${n}`,
      password: 'amber-otter-canyon-7',
      avatar: 1,
      subscribedToNewsletter: false,
      currentUTCTime: new Date().toUTCString(),
    }),
  });
  if (response.status !== 201) return null;
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('session='));
  return cookie ? { email, cookie, ackedAt: performance.now() } : null;
}

async function visit(url: string): Promise<number | null> {
  const response = await fetch(`${url}/api/visits`, {
    method: 'POST',
    headers: {
      ...BROWSER,
      'content-type': 'application/json',
      // An address counts once per page and day: each visit from an address of its own.
      'x-forwarded-for': nextAddress(),
    },
    body: JSON.stringify({ page: 'about' }),
  });
  return response.ok ? performance.now() : null;
}

async function pushTodo(url: string, account: Account): Promise<Pushed | null> {
  const item = todo({ id: randomUUID(), title: `Written by ${account.email}` });
  const key = storageKeyOf(item.kind, item.id);
  const response = await fetch(`${url}/api/nowou/push`, {
    method: 'POST',
    headers: { ...BROWSER, 'content-type': 'application/json', cookie: account.cookie },
    body: JSON.stringify({ device: 'load-test', items: [{ key, value: item, baseSeq: null }] }),
  });
  if (response.status !== 200) return null;
  const answer = (await response.json()) as { results: { status: string }[] };
  return answer.results[0]?.status === 'accepted'
    ? { cookie: account.cookie, key, ackedAt: performance.now() }
    : null;
}

/** The keys of the Nowou items the session's account pulls. */
async function pulledKeys(url: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${url}/api/nowou/pull?after=0`, { headers: { cookie } });
  const body = (await response.json()) as { items: { key: string }[] };
  return body.items.map((item) => item.key);
}

async function whoIs(url: string, cookie: string): Promise<string | null> {
  const response = await fetch(`${url}/api/me`, { headers: { cookie } });
  const body = (await response.json()) as { user: { email: string } | null };
  return body.user?.email ?? null;
}

async function countedVisits(db: ReturnType<typeof connectDatabase>): Promise<number> {
  const row = await db
    .selectFrom('page_visits_daily')
    .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
    .where('page_key', '=', 'about')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let backupFile = '';
let ackedAccounts: Account[] = [];
let ackedVisits = 0;
let ackedPushes: Pushed[] = [];

describe('a backup under load', () => {
  test('restores into a fresh DATA_DIR with every write acknowledged before it began', async () => {
    const liveDir = join(root, 'live');
    const { url, server } = await startServer({ DATA_DIR: liveDir });
    const accounts: Account[] = [];
    const visits: number[] = [];
    const pushes: Pushed[] = [];
    let stop = false;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; !stop; n += 1) {
        const account = await signUp(url, writer, n);
        if (account) {
          accounts.push(account);
          const pushed = await pushTodo(url, account);
          if (pushed) pushes.push(pushed);
        }
        for (let v = 0; v < 3 && !stop; v += 1) {
          const at = await visit(url);
          if (at !== null) visits.push(at);
        }
      }
    });
    // Password hashing makes sign-ups slow on two cores: wait for some of each before backing up.
    for (let waited = 0; accounts.length < WRITERS && waited < 60_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const began = performance.now();
    const backup = await backupCommand([join(root, 'under-load.backup.tar.gz')], {
      DATA_DIR: liveDir,
    });
    // Writes go on while the backup runs, and a little after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(writers);
    server.kill('SIGKILL');
    await server.exit;
    expect(backup.code, backup.stderr).toBe(0);
    backupFile = backup.stdout.trim().split('\n').at(-1)!;
    expect(backup.stdout).toMatch(/Not in the backup: the MFA key/);

    ackedAccounts = accounts.filter((account) => account.ackedAt < began);
    ackedVisits = visits.filter((at) => at < began).length;
    ackedPushes = pushes.filter((pushed) => pushed.ackedAt < began);
    expect(ackedAccounts.length).toBeGreaterThanOrEqual(WRITERS);
    expect(ackedVisits).toBeGreaterThanOrEqual(WRITERS);
    expect(ackedPushes.length).toBeGreaterThan(0);
    // The site kept taking writes while the backup ran.
    expect(visits.length).toBeGreaterThan(ackedVisits);

    // The site's data is gone; only the backup file is left.
    rmSync(liveDir, { recursive: true, force: true });
    const freshDir = join(root, 'fresh');
    const restored = await restoreCommand([backupFile, '--no-content'], { DATA_DIR: freshDir });
    expect(restored.code, restored.stderr).toBe(0);

    const site = await startServer({ DATA_DIR: freshDir });
    try {
      for (const account of ackedAccounts)
        expect(await whoIs(site.url, account.cookie)).toBe(account.email);
      for (const pushed of ackedPushes)
        expect(await pulledKeys(site.url, pushed.cookie)).toContain(pushed.key);
      const db = connectDatabase({ dataDir: freshDir, databaseUrl: undefined });
      try {
        expect(await countedVisits(db)).toBeGreaterThanOrEqual(ackedVisits);
      } finally {
        await db.destroy();
      }
    } finally {
      site.server.kill('SIGTERM');
      await site.server.exit;
    }
  }, 120_000);
});

const pg = await probePostgres();
describe.skipIf(!pg.available)(pg.title('moving between SQLite and PostgreSQL'), () => {
  test('the SQLite backup restored into PostgreSQL serves the same site, and back', async () => {
    expect(backupFile).not.toBe('');
    const database = await createThrowawayDatabase();
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: join(root, 'pg-data') };
      const restored = await restoreCommand([backupFile, '--no-content'], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/into PostgreSQL/);

      const site = await startServer(env);
      try {
        for (const account of ackedAccounts)
          expect(await whoIs(site.url, account.cookie)).toBe(account.email);
        for (const pushed of ackedPushes)
          expect(await pulledKeys(site.url, pushed.cookie)).toContain(pushed.key);
      } finally {
        site.server.kill('SIGTERM');
        await site.server.exit;
      }
      const db = connectDatabase({ dataDir: '/nonexistent', databaseUrl: database.url });
      let users: number;
      try {
        expect(await countedVisits(db)).toBeGreaterThanOrEqual(ackedVisits);
        users = Number(
          (
            await db
              .selectFrom('users')
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      } finally {
        await db.destroy();
      }

      const back = await backupCommand([join(root, 'from-pg.backup.tar.gz')], env);
      expect(back.code, back.stderr).toBe(0);
      const sqliteDir = join(root, 'back-on-sqlite');
      const again = await restoreCommand([back.stdout.trim().split('\n').at(-1)!, '--no-content'], {
        DATA_DIR: sqliteDir,
      });
      expect(again.code, again.stderr).toBe(0);
      const site2 = await startServer({ DATA_DIR: sqliteDir });
      try {
        for (const account of ackedAccounts)
          expect(await whoIs(site2.url, account.cookie)).toBe(account.email);
      } finally {
        site2.server.kill('SIGTERM');
        await site2.server.exit;
      }
      const local = connectDatabase({ dataDir: sqliteDir, databaseUrl: undefined });
      try {
        const n = await local
          .selectFrom('users')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(n.n)).toBe(users);
        expect(await countedVisits(local)).toBeGreaterThanOrEqual(ackedVisits);
      } finally {
        await local.destroy();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
