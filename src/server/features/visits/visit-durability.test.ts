/**
 * No acknowledged visit is lost: a real server process counts visits under load and is killed with
 * SIGKILL in the middle of it (no shutdown, no flush); afterwards the stored count holds every visit
 * that was answered 204, and none that was never sent. On SQLite and on PostgreSQL.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '#server/db/connect';
import { createThrowawayDatabase, probePostgres } from '#test-support/postgres';
import { freePort, makeTempDir } from '#test-support/server';
import { runProcess } from '#test-support/server-process';
import { BROWSER } from '#test-support/visits';

const WORKERS = 32;
const ACKNOWLEDGED_BEFORE_KILL = 600;

interface Load {
  sent: number;
  acknowledged: number;
}

/**
 * Starts the server, sends visits from WORKERS at once, each from an address of its own (an address
 * counts once per page and day), until enough are answered, and kills it.
 */
async function killUnderLoad(env: Record<string, string>): Promise<Load> {
  const port = await freePort();
  const server = runProcess('src/server/main.ts', {
    PORT: String(port),
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ...env,
  });
  await server.waitForOutput('Site ready');
  const load: Load = { sent: 0, acknowledged: 0 };
  let killed = false;
  let killSent: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => (killSent = resolve));

  const worker = async () => {
    while (!killed) {
      load.sent += 1;
      const n = load.sent;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/visits`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `198.18.${n >> 8}.${n & 255}`,
            ...BROWSER,
          },
          body: JSON.stringify({ page: 'home' }),
        });
        if (response.status === 204) load.acknowledged += 1;
        else throw new Error(`visit answered ${response.status}`);
      } catch (error) {
        if (killed) return;
        throw error;
      }
      if (load.acknowledged >= ACKNOWLEDGED_BEFORE_KILL) killSent();
    }
  };
  const workers = Array.from({ length: WORKERS }, () => worker());
  await enough;
  server.kill('SIGKILL');
  killed = true;
  const exit = await server.exit;
  await Promise.all(workers);
  expect(exit.signal).toBe('SIGKILL');
  return load;
}

async function storedVisits(settings: { dataDir: string; databaseUrl: string | undefined }) {
  const db = connectDatabase(settings);
  try {
    const row = await db
      .selectFrom('page_visits')
      .select('count')
      .where('page_key', '=', 'home')
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  } finally {
    await db.destroy();
  }
}

test('SQLite: every visit answered 204 before a SIGKILL is counted', async () => {
  const dataDir = makeTempDir();
  try {
    const load = await killUnderLoad({ DATA_DIR: dataDir });
    const stored = await storedVisits({ dataDir, databaseUrl: undefined });
    expect(load.acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(stored).toBeGreaterThanOrEqual(load.acknowledged);
    expect(stored).toBeLessThanOrEqual(load.sent);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  const dataDir = makeTempDir();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('PostgreSQL: every visit answered 204 before a SIGKILL is counted', async () => {
    const database = await createThrowawayDatabase();
    try {
      const load = await killUnderLoad({ DATA_DIR: dataDir, DATABASE_URL: database.url });
      const stored = await storedVisits({ dataDir, databaseUrl: database.url });
      expect(load.acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
      expect(stored).toBeGreaterThanOrEqual(load.acknowledged);
      expect(stored).toBeLessThanOrEqual(load.sent);
    } finally {
      await database.drop();
    }
  });
});
