/**
 * The desk figures (docs/product/desk.md#accounts-on-the-desk): with DESK_ACCOUNTS accounts in storage,
 * the owner's list page deep in its cursor, a prefix search and an account's activity page (p50,
 * p95 of TIMED_REQUESTS requests each, against DESK_TARGETS), and the CSV export of every account
 * (rows per second to the last byte). Once on SQLite and once on a throwaway PostgreSQL database
 * (skipped with the reason when none can be made), each on the real server (bench/server.ts) on a
 * loopback port, seeded by desk-seed.ts and measured by desk-run.ts.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { parseConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { deskTargets, type DeskResults, type DeskRun } from './desk-results.ts';
import {
  DeskClient,
  measureActivity,
  measureDeepPage,
  measureExport,
  measureSearch,
} from './desk-run.ts';
import { deskAdmin, seedDesk } from './desk-seed.ts';
import { measureTraffic, seedTraffic } from './desk-traffic.ts';
import type { Defer } from './fanout.ts';
import { createBenchDatabase } from './fanout-two-instances.ts';
import { endProgress, progress } from './progress.ts';
import { startSiteServer } from './server.ts';
import { attempter } from './attempt.ts';

type Storage = DeskRun['storage'];

export async function runDesk(defer: Defer): Promise<DeskResults> {
  const results: DeskResults = {
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    runs: [],
    postgresSkipped: null,
    targets: [],
    errors: [],
  };
  const attempt = attempter(results.errors);

  // An empty DATABASE_URL counts as unset: SQLite even when the shell names a database.
  await attempt('desk on SQLite', () => measureStorage('SQLite', { DATABASE_URL: '' }));

  const database = await createBenchDatabase();
  if (typeof database === 'string') {
    results.postgresSkipped = database;
  } else {
    defer(() => database.drop());
    await attempt('desk on PostgreSQL', () =>
      measureStorage('PostgreSQL', { DATABASE_URL: database.url }),
    );
    await database.drop();
  }

  results.machine.loadAtEnd = loadavg()[0]!;
  results.targets = deskTargets(results);
  return results;

  async function measureStorage(storage: Storage, env: Record<string, string>): Promise<void> {
    progress(`${storage}: starting the server…`);
    const server = await startSiteServer({
      serveClient: false,
      own: true,
      // Given, so this process seals the admin's authenticator secret with the server's key.
      env: { MFA_KEY: randomBytes(32).toString('hex'), ...env },
    });
    defer(() => server.stop());
    const config = parseConfig(server.env);
    const db = connectDatabase(config);
    let client: DeskClient | undefined;
    try {
      progress(`${storage}: seeding accounts…`);
      const seed = await seedDesk(db, new Date());
      // A site with this many accounts has long been analysed by autovacuum; SQLite has no such
      // thing and the app runs no ANALYZE, so it plans without statistics, as it would in use.
      if (storage === 'PostgreSQL') await sql`analyze`.execute(db);
      const admin = await deskAdmin(db, config);
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      endProgress();
      const run: DeskRun = {
        storage,
        accounts: Number(count),
        seedMs: seed.ms,
        deepPage: null,
        search: null,
        activity: null,
        export: null,
        traffic: null,
      };
      results.runs.push(run);
      console.log(
        `  ${storage}: ${run.accounts} accounts seeded in ${(seed.ms / 1000).toFixed(1)} s (not a figure)`,
      );
      const desk = new DeskClient(server.origin, admin);
      client = desk;
      const on = (what: string) => `desk on ${storage}: ${what}`;
      run.deepPage = await attempt(on('deep list page'), () => measureDeepPage(desk));
      run.search = await attempt(on('prefix search'), () => measureSearch(desk, seed));
      run.activity = await attempt(on('activity page'), () => measureActivity(desk, seed));
      run.export = await attempt(on('CSV export'), () => measureExport(desk, admin, run.accounts));
      run.traffic = await attempt(on('a year of traffic'), async () => {
        const seeded = await seedTraffic(db, new Date());
        if (storage === 'PostgreSQL') await sql`analyze`.execute(db);
        const figures = await measureTraffic(desk, seeded);
        return { visits: seeded.visits, rows: seeded.rows, seedMs: seeded.ms, figures };
      });
      if (run.export && run.export.rows !== run.export.accounts) {
        results.errors.push(
          on(`the CSV export held ${run.export.rows} rows for ${run.export.accounts} accounts`),
        );
      }
    } finally {
      endProgress();
      client?.close();
      await db.destroy();
      await server.stop();
    }
  }
}
