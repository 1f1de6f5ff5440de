/**
 * Backup and restore figures (docs/product/command-line.md#backups): with the desk's 100,000 accounts
 * and a year of visits in storage (desk-seed.ts, desk-traffic.ts), the time and MB/s of
 * createBackup and of restoreBackup (into empty storage), and the p99 of POST /api/visits and GET /
 * under a steady load (backup-load.ts) without a backup and while `npm run backup` runs in its own
 * process, as an owner runs it. Once on SQLite and once on a throwaway PostgreSQL database (skipped
 * with the reason when none can be made), each on the real server (bench/server.ts) with the client.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { parseConfig, type Config } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import type { Database } from '#server/db/schema';
import { createBackup } from '#server/ops/create-backup';
import { restoreBackup } from '#server/ops/restore-backup';
import { makeTempDir } from '#test-support/temp-dir';
import { LOAD, pooled, steadyLoad, type LoadSamples, type SteadyLoad } from './backup-load.ts';
import {
  BACKUP_ROUNDS,
  backupTargets,
  type BackupResults,
  type BackupRun,
  type BackupTiming,
} from './backup-results.ts';
import { seedDesk } from './desk-seed.ts';
import { seedTraffic } from './desk-traffic.ts';
import type { Defer } from './fanout.ts';
import { createBenchDatabase } from './fanout-two-instances.ts';
import { endProgress, progress } from './progress.ts';
import { startSiteServer } from './server.ts';
import { delay } from './timeout.ts';
import { attempter } from './attempt.ts';

type Storage = BackupRun['storage'];
type StorageConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

const WARM_UP_MS = 3_000;
/** A window without a backup lasts at least this long, and as long as the last backup took. */
const MIN_QUIET_MS = 5_000;

/**
 * What a site that has run a while has long done with its rows: vacuumed and analysed them, and
 * checkpointed their writes. Without it, autovacuum and the checkpoint of the 800,000 rows just
 * seeded fall into some of the measured windows and not others. CHECKPOINT needs a superuser (or
 * pg_checkpoint); without one the run goes on.
 */
async function settle(db: Kysely<Database>, storage: Storage): Promise<void> {
  if (storage === 'SQLite') {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    return;
  }
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`
    .execute(db)
    .catch(() => console.log('  PostgreSQL: CHECKPOINT not allowed for this user, skipped'));
}

function timing(ms: number, bytes: number): BackupTiming {
  return { ms, bytes, mbPerSecond: bytes / 1e6 / (ms / 1000) };
}

async function countAccounts(config: StorageConfig): Promise<number> {
  const db = connectDatabase(config);
  try {
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  } finally {
    await db.destroy();
  }
}

/**
 * BENCH_BACKUP_NICE=19 runs the backup under load as `nice -n 19 npm run backup` would (lowest CPU
 * priority); default none. The command itself now takes nice 10 (src/server/ops/low-priority.ts).
 */
function backupNiceFromEnv(): number | null {
  const raw = process.env.BENCH_BACKUP_NICE;
  if (!raw) return null;
  const nice = Number(raw);
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new Error(`BENCH_BACKUP_NICE must be a whole number from 0 to 19 (got "${raw}")`);
  return nice;
}

function backupRoundsFromEnv(): number {
  const raw = process.env.BENCH_BACKUP_ROUNDS;
  if (!raw) return BACKUP_ROUNDS;
  const rounds = Number(raw);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`BENCH_BACKUP_ROUNDS must be a whole number from 1 (got "${raw}")`);
  return rounds;
}

/** `npm run backup -- <folder>` in its own process, with the server's configuration. */
async function backupInChild(
  env: Record<string, string>,
  folder: string,
  nice: number | null,
): Promise<number> {
  const started = Date.now();
  const node = [process.execPath, '--import', 'tsx', 'src/server/ops/backup-cli.ts', folder];
  const [command, ...args] = nice === null ? node : ['nice', '-n', String(nice), ...node];
  const child = spawn(command!, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run backup exited with ${code}: ${stderr.trim()}`);
  return Date.now() - started;
}

export async function runBackup(defer: Defer): Promise<BackupResults> {
  const results: BackupResults = {
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    load: { ...LOAD, backupNice: backupNiceFromEnv(), rounds: backupRoundsFromEnv() },
    runs: [],
    postgresSkipped: null,
    targets: [],
    errors: [],
  };
  const attempt = attempter(results.errors);

  // An empty DATABASE_URL counts as unset: SQLite even when the shell names a database.
  await attempt('backup on SQLite', () =>
    measureStorage('SQLite', { DATABASE_URL: '' }, async () => ({
      config: { dataDir: makeTempDir('bench-restore-'), databaseUrl: undefined },
      drop: async () => undefined,
    })),
  );

  const database = await createBenchDatabase();
  if (typeof database === 'string') {
    results.postgresSkipped = database;
  } else {
    defer(() => database.drop());
    await attempt('backup on PostgreSQL', () =>
      measureStorage('PostgreSQL', { DATABASE_URL: database.url }, async () => {
        const target = await createBenchDatabase();
        if (typeof target === 'string') throw new Error(target);
        defer(() => target.drop());
        return {
          config: { dataDir: makeTempDir('bench-restore-'), databaseUrl: target.url },
          drop: () => target.drop(),
        };
      }),
    );
    await database.drop();
  }

  results.machine.loadAtEnd = loadavg()[0]!;
  results.targets = backupTargets(results);
  return results;

  async function measureStorage(
    storage: Storage,
    env: Record<string, string>,
    restoreTarget: () => Promise<{ config: StorageConfig; drop: () => Promise<void> }>,
  ): Promise<void> {
    const folder = makeTempDir('bench-backups-');
    defer(() => rmSync(folder, { recursive: true, force: true }));
    progress(`${storage}: starting the server…`);
    const server = await startSiteServer({ own: true, env });
    defer(() => server.stop());
    const config = parseConfig(server.env);
    let load: SteadyLoad | undefined;
    try {
      progress(`${storage}: seeding accounts and a year of visits…`);
      const db = connectDatabase(config);
      let run: BackupRun;
      try {
        const seed = await seedDesk(db, new Date());
        const traffic = await seedTraffic(db, new Date());
        await settle(db, storage);
        run = {
          storage,
          accounts: await countAccounts(config),
          visits: traffic.visits,
          trafficRows: traffic.rows,
          seedMs: seed.ms + traffic.ms,
          backupRows: null,
          dataBytes: null,
          backup: null,
          restore: null,
          quiet: null,
          duringBackup: null,
          backupsUnderLoadMs: [],
        };
      } finally {
        await db.destroy();
      }
      endProgress();
      results.runs.push(run);
      console.log(
        `  ${storage}: ${run.accounts.toLocaleString('en')} accounts and ${run.visits.toLocaleString('en')} visits (${run.trafficRows.toLocaleString('en')} counter rows) seeded in ${(run.seedMs / 1000).toFixed(1)} s (not a figure)`,
      );
      const on = (what: string) => `backup on ${storage}: ${what}`;

      progress(`${storage}: createBackup…`);
      let file: string | null = null;
      run.backup = await attempt(on('createBackup'), async () => {
        const started = Date.now();
        const made = await createBackup(config, { out: folder });
        const ms = Date.now() - started;
        file = made.path;
        run.backupRows = made.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
        run.dataBytes = made.manifest.tables.reduce((sum, table) => sum + table.bytes, 0);
        return timing(ms, statSync(made.path).size);
      });
      endProgress();

      const steady = steadyLoad(server.origin);
      load = steady;
      const measureWindow = async (what: string, during: () => Promise<unknown>) => {
        progress(`${storage}: steady load, ${what}…`);
        const window = steady.window();
        await during();
        const samples = await window.stop();
        endProgress();
        return samples;
      };
      await measureWindow('warming up', () => delay(WARM_UP_MS));
      await attempt(on('steady load'), async () => {
        const quiet: LoadSamples[] = [];
        const during: LoadSamples[] = [];
        // The first window without a backup as long as the in-process one took; later ones as
        // long as the last npm run backup.
        let length = Math.max(MIN_QUIET_MS, run.backup?.ms ?? 0);
        const rounds = results.load.rounds;
        for (let round = 1; round <= rounds; round++) {
          const of = `round ${round} of ${rounds}`;
          quiet.push(await measureWindow(`without a backup, ${of}`, () => delay(length)));
          during.push(
            await measureWindow(`while npm run backup runs, ${of}`, async () => {
              const ms = await backupInChild(server.env, folder, results.load.backupNice);
              run.backupsUnderLoadMs.push(ms);
              length = Math.max(MIN_QUIET_MS, ms);
            }),
          );
        }
        run.quiet = pooled(quiet);
        run.duringBackup = pooled(during);
      });
      for (const window of [run.quiet, run.duringBackup]) {
        const wrong = Object.entries(window?.unexpected ?? {});
        if (wrong.length)
          results.errors.push(
            on(`unexpected answers under load: ${wrong.map(([k, n]) => `${k} ×${n}`).join(', ')}`),
          );
      }
      steady.close();
      load = undefined;
      await server.stop();

      if (file) {
        const backupFile: string = file;
        run.restore = await attempt(on('restoreBackup'), async () => {
          const target = await restoreTarget();
          try {
            progress(`${storage}: restoreBackup into empty storage…`);
            const started = Date.now();
            await restoreBackup(target.config, backupFile, {
              contentDir: join(target.config.dataDir, 'content'),
            });
            const ms = Date.now() - started;
            endProgress();
            const users = await countAccounts(target.config);
            // Every account in storage when the backup was taken must be in the restored copy.
            if (users !== run.accounts)
              throw new Error(`the restored copy holds ${users} accounts, not ${run.accounts}`);
            return timing(ms, statSync(backupFile).size);
          } finally {
            rmSync(target.config.dataDir, { recursive: true, force: true });
            await target.drop();
          }
        });
      }
    } finally {
      endProgress();
      load?.close();
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  }
}
