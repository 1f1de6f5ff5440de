/**
 * The sync figures (docs/product/nowou.md#nowou-sync, #speed-and-scale-targets): the first sync of an
 * account's SYNC_STORE.items items to a new device in Chromium (sync-first.ts), and the time from a
 * push on one device to the change on the account's second with SYNC_DEVICES.accounts × 2 devices
 * syncing (sync-latency.ts). Once on SQLite (one server process), and once on two server processes
 * sharing a throwaway PostgreSQL database (skipped with the reason when none can be made): the
 * store is pushed through the first and the browser syncs from the second, and each account's
 * device 1 talks to the first and device 2 to the second. Every server is the real one
 * (bench/server.ts, serving the build), its own process on a loopback port.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { parseConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { launchBrowser } from '#test-support/chromium';
import type { Defer } from './fanout.ts';
import { createBenchDatabase } from './fanout-two-instances.ts';
import { endProgress, progress } from './progress.ts';
import { startSiteServer, type SiteServer } from './server.ts';
import { closeSyncRequests, makeAccounts, pushStore } from './sync-accounts.ts';
import { measureFirstSync } from './sync-first.ts';
import { measurePushLatency, type Instance } from './sync-latency.ts';
import { SYNC_DEVICES, syncTargets, type SyncResults, type SyncRun } from './sync-results.ts';
import { seedSyncStore, type SyncStore } from './sync-store.ts';
import { attempter } from './attempt.ts';

export async function runSync(defer: Defer): Promise<SyncResults> {
  const results: SyncResults = {
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    runs: [],
    postgresSkipped: null,
    targets: [],
    errors: [],
  };
  const attempt = attempter(results.errors);

  const store = seedSyncStore(new Date());
  const browser = await launchBrowser();
  defer(() => browser.close());
  try {
    // An empty DATABASE_URL counts as unset: SQLite even when the shell names a database.
    await attempt('sync on SQLite', () =>
      measureSetup({ storage: 'SQLite', setup: 'one instance' }, { DATABASE_URL: '' }, 1),
    );
    const database = await createBenchDatabase();
    if (typeof database === 'string') {
      results.postgresSkipped = database;
    } else {
      defer(() => database.drop());
      await attempt('sync on PostgreSQL', () =>
        measureSetup(
          { storage: 'PostgreSQL', setup: 'two instances' },
          { DATABASE_URL: database.url },
          2,
        ),
      );
      await database.drop();
    }
  } finally {
    closeSyncRequests();
    await browser.close();
  }
  results.machine.loadAtEnd = loadavg()[0]!;
  results.targets = syncTargets(results);
  return results;

  async function measureSetup(
    names: Pick<SyncRun, 'storage' | 'setup'>,
    env: Record<string, string>,
    count: 1 | 2,
  ): Promise<void> {
    const label = `${names.storage} (${names.setup})`;
    const servers: SiteServer[] = [];
    try {
      // One after the other: the first one migrates the database.
      for (let n = 0; n < count; n += 1) {
        progress(`${label}: starting server ${n + 1} of ${count}…`);
        const server = await startSiteServer({ own: true, env });
        defer(() => server.stop());
        servers.push(server);
      }
      const instances: Instance[] = servers.map((server, n) => ({
        origin: server.origin,
        pid: server.pid,
        name: count === 1 ? 'the instance' : `instance ${'AB'[n]}`,
      }));
      const run: SyncRun = { ...names, firstSync: null, latency: null };
      results.runs.push(run);
      run.firstSync = await attempt(`sync on ${label}: first sync`, () =>
        firstSync(browser, servers, instances, store, label),
      );
      const config = parseConfig(servers[0]!.env);
      const db = connectDatabase(config);
      try {
        const accounts = await makeAccounts(db, config, SYNC_DEVICES.accounts);
        const measured = await attempt(`sync on ${label}: push to second device`, () =>
          measurePushLatency(instances, accounts, label),
        );
        if (measured) {
          run.latency = measured.latency;
          results.errors.push(...measured.errors);
        }
      } finally {
        await db.destroy();
      }
    } finally {
      endProgress();
      for (const server of servers.reverse()) await server.stop();
    }
  }
}

/** Seeds one account through the first instance, then times new devices on the last one. */
async function firstSync(
  browser: Browser,
  servers: SiteServer[],
  instances: Instance[],
  store: SyncStore,
  label: string,
) {
  const config = parseConfig(servers[0]!.env);
  const db = connectDatabase(config);
  let account;
  try {
    [account] = await makeAccounts(db, config, 1);
  } finally {
    await db.destroy();
  }
  progress(`${label}: pushing ${store.items.length} items through ${instances[0]!.name}…`);
  const seeding = await pushStore(servers[0]!.origin, account!, store);
  const last = instances.at(-1)!;
  return measureFirstSync(
    browser,
    last.origin,
    last.name,
    account!,
    store.items.map((entry) => entry.key),
    seeding,
    label,
  );
}
