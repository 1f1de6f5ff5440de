/**
 * `npm run bench`: bundle sizes from real Chromium page loads and Lighthouse scores, both against the
 * real server on a loopback port, then the live fan-out and visit-counting figures (fanout.ts), then
 * the owner's desk with 100,000 accounts (desk.ts), Nowou in Chromium (nowou.ts) and Nowou's sync
 * through the account (sync.ts), backup and restore (backup.ts), and publishing the site's words
 * on two instances (publish.ts), and faults: PostgreSQL and the mail server going away (faults.ts).
 * BENCH_ONLY=bundle,lighthouse,fanout,visits,desk,nowou,sync,backup,publish,faults picks
 * parts. Exits 0 whenever it printed figures (a MISS is a
 * figure) and 1 when something could not be measured.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { paths, type RouteName } from '#shared/paths';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { launchBrowser } from '#test-support/chromium';
import {
  checkHomeTarget,
  homeOwnJs,
  reactBaseline,
  routeChunks,
  sizeUrlPaths,
  KB,
  type HomeFirstLoad,
  type RouteChunks,
  type SizedSet,
  type Target,
} from './bundle-size.ts';
import { killLighthouseChromes, runLighthouse, type PageLighthouse } from './lighthouse.ts';
import { DESKTOP_VIEWPORT, MOBILE_VIEWPORT, recordPageLoad, type Viewport } from './page-loads.ts';
import {
  homeLines,
  lighthouseLines,
  pageVerdicts,
  ratioLine,
  routeLines,
  targetLine,
  warningLines,
} from './report.ts';
import { baselineLine, fanoutLines, verdictLine, visitsLine } from './fanout-report.ts';
import {
  checkHeavyLibraries,
  heavyLibraryLine,
  readManifest,
  type HeavyLibraryCheck,
} from './heavy-chunks.ts';
import { runFanout, type FanoutParts } from './fanout.ts';
import { runBackup } from './backup.ts';
import { publishLines, runPublish, type PublishResults } from './publish.ts';
import { faultLines, runFaults, type FaultResults } from './faults.ts';
import { backupLines, backupSummary } from './backup-report.ts';
import type { BackupResults } from './backup-results.ts';
import { runDesk } from './desk.ts';
import { deskLines, exportSummary } from './desk-report.ts';
import type { DeskResults } from './desk-results.ts';
import type { FanoutResults } from './fanout-results.ts';
import { runNowou } from './nowou.ts';
import { isolationLine, nowouLines, usableSummary } from './nowou-report.ts';
import type { NowouResults } from './nowou-results.ts';
import { endProgress, progress } from './progress.ts';
import { runSync } from './sync.ts';
import { latencySummary, syncLines } from './sync-report.ts';
import type { SyncResults } from './sync-results.ts';
import { startSiteServer, type SiteServer } from './server.ts';
import { errorMessage } from './timeout.ts';

const RESULTS_FILE = 'bench/results/latest.json';
/** Every public page (the prerendered ones). */
const LIGHTHOUSE_PATHS = PUBLIC_PAGES.map((page) => paths[page]);

interface BundleResults {
  kbBytes: number;
  home: HomeFirstLoad[];
  homeFirstLoadJsGzip: number;
  homeOwnJs: SizedSet;
  routes: RouteChunks[];
  baseline: SizedSet;
  ratioToBaseline: number;
  target: Target;
  heavyLibraries: HeavyLibraryCheck[];
}

const PARTS = [
  'bundle',
  'lighthouse',
  'fanout',
  'visits',
  'desk',
  'nowou',
  'sync',
  'backup',
  'publish',
  'faults',
] as const;
type Part = (typeof PARTS)[number];

interface Results {
  generatedAt: string;
  /** The parts this run measured (BENCH_ONLY); the others are null. */
  parts: Part[];
  origin: string | null;
  bundle: BundleResults | null;
  lighthouse: {
    runsPerPage: number;
    benchmarkIndex: number | null;
    pages: PageLighthouse[];
  } | null;
  fanout: FanoutResults | null;
  desk: DeskResults | null;
  nowou: NowouResults | null;
  sync: SyncResults | null;
  backup: BackupResults | null;
  publish: PublishResults | null;
  faults: FaultResults | null;
  errors: string[];
}

function partsFromEnv(): Part[] {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return [...PARTS];
  const parts = raw.split(',').map((part) => part.trim());
  const unknown = parts.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length || parts.length === 0) {
    throw new Error(`BENCH_ONLY must list some of ${PARTS.join(', ')} (got "${raw}")`);
  }
  return PARTS.filter((part) => parts.includes(part));
}

function runsFromEnv(): number {
  const raw = process.env.BENCH_RUNS ?? '3';
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
    throw new Error(`BENCH_RUNS must be a whole number from 1 to 20 (got "${raw}")`);
  }
  return runs;
}

async function buildClientIfNeeded(): Promise<void> {
  // A plain .mjs without type declarations: import it by URL and type the one export used.
  const specifier = new URL('../scripts/build-if-needed.mjs', import.meta.url).href;
  const { buildIfNeeded } = (await import(specifier)) as { buildIfNeeded: () => boolean };
  if (buildIfNeeded()) console.log('Built the client.');
  if (!existsSync('dist/client/index.html'))
    throw new Error('the build did not write dist/client/index.html');
}

function label(viewport: Viewport): string {
  return `${viewport.name} ${viewport.width}×${viewport.height}`;
}

async function measureBundles({ origin, clientDir }: SiteServer): Promise<BundleResults> {
  const browser = await launchBrowser();
  // One retry: a single slow or interrupted load on a busy machine should not void the whole table.
  const loadPage = (path: string, viewport: Viewport) =>
    recordPageLoad(browser, origin, path, viewport).catch(async (error: unknown) => {
      console.error(`  retrying ${path}: ${errorMessage(error)}`);
      return recordPageLoad(browser, origin, path, viewport);
    });
  try {
    const home: HomeFirstLoad[] = [];
    for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
      const load = await loadPage(paths.home, viewport);
      if (load.js.length === 0)
        throw new Error(`loading / at ${label(viewport)} requested no JavaScript`);
      home.push({
        viewport: label(viewport),
        load,
        js: await sizeUrlPaths(origin, clientDir, load.js),
        css: await sizeUrlPaths(origin, clientDir, load.css),
      });
    }
    const mobileHome = home[0]!.load;

    const others = (Object.entries(paths) as [RouteName, string][]).filter(
      ([name]) => name !== 'home',
    );
    const loads = [];
    for (const [name, path] of others) {
      progress(`loading ${path}…`);
      loads.push({ name, load: await loadPage(path, MOBILE_VIEWPORT) });
    }
    endProgress();

    const otherLoads = loads.map(({ load }) => load);
    const own = await sizeUrlPaths(origin, clientDir, homeOwnJs(mobileHome, otherLoads));
    const routes: RouteChunks[] = [
      {
        name: 'home',
        path: paths.home,
        finalPath: paths.home,
        js: own,
        css: { files: [], bytes: 0, gzip: 0 },
        problems: [],
      },
    ];
    for (const { name, load } of loads)
      routes.push(await routeChunks(origin, clientDir, name, load, mobileHome));

    const heavyLibraries = checkHeavyLibraries(readManifest(clientDir), [
      ...home.map((entry) => ({ name: 'home', load: entry.load })),
      ...loads,
    ]);
    // The target holds at every viewport: judge the heavier first load.
    const homeFirstLoadJsGzip = Math.max(...home.map((entry) => entry.js.gzip));
    const baseline = await reactBaseline();
    return {
      kbBytes: KB,
      home,
      homeFirstLoadJsGzip,
      homeOwnJs: own,
      routes,
      baseline,
      ratioToBaseline: homeFirstLoadJsGzip / baseline.gzip,
      target: checkHomeTarget(homeFirstLoadJsGzip),
      heavyLibraries,
    };
  } finally {
    await browser.close();
  }
}

function printBundles(bundle: BundleResults, origin: string): void {
  console.log(
    `\nBundle sizes: gzip -9 of what Chromium fetched from ${origin} (KB = 1000 bytes)\n`,
  );
  for (const line of homeLines(bundle.home, bundle.homeOwnJs, bundle.baseline)) console.log(line);

  console.log(
    `\nRoute chunks: JS and CSS each route adds beyond Home's first load (${label(MOBILE_VIEWPORT)});`,
  );
  console.log('home lists its own chunk, which is part of the first load.\n');
  for (const line of routeLines(bundle.routes)) console.log(line);
  const problems = [
    ...bundle.home.flatMap((entry) =>
      entry.load.problems.map((problem) => ({ page: `/ (${entry.viewport})`, problem })),
    ),
    ...bundle.routes.flatMap((route) =>
      route.problems.map((problem) => ({ page: route.path, problem })),
    ),
  ];
  for (const line of warningLines(problems, bundle.home.length + bundle.routes.length - 1)) {
    console.log(line);
  }
  console.log('');
  console.log(targetLine(bundle.target));
  console.log(ratioLine(bundle.homeFirstLoadJsGzip, bundle.baseline));
  for (const check of bundle.heavyLibraries) console.log(heavyLibraryLine(check));
}

const cleanups: (() => Promise<void> | void)[] = [];

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`bench: clean-up failed: ${errorMessage(error)}`);
    }
  }
}

/** Set once a stop signal's clean-up runs: the end of main() must wait for it, not exit under it. */
let stopping: Promise<void> | null = null;

// `on`, not `once`: the signal can come twice (to the process group and relayed by tsx), and a
// second one without a listener would end the process in the middle of the clean-up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    console.error(`\nbench: ${signal}, stopping.`);
    stopping = cleanUp().finally(() => process.exit(130));
  });
}

async function exit(code: number): Promise<never> {
  await cleanUp();
  if (stopping) await stopping;
  process.exit(code);
}

async function measureAndPrintBundles(server: SiteServer, results: Results): Promise<void> {
  console.log(`Measuring page loads of all ${Object.keys(paths).length} routes in Chromium…`);
  try {
    results.bundle = await measureBundles(server);
    printBundles(results.bundle, server.origin);
  } catch (error) {
    endProgress();
    results.errors.push(`bundle sizes: ${errorMessage(error)}`);
    console.error(`bench: could not measure bundle sizes: ${errorMessage(error)}`);
  }
}

async function measureAndPrintLighthouse(
  server: SiteServer,
  runs: number,
  results: Results,
): Promise<void> {
  console.log(
    `\nLighthouse ${LIGHTHOUSE_PATHS.join(', ')}: default config (mobile, simulated throttling), ${runs} run(s) each`,
  );
  cleanups.push(() => killLighthouseChromes());
  try {
    const pages = await runLighthouse(server.origin, LIGHTHOUSE_PATHS, runs, progress);
    endProgress();
    const indexes = pages
      .flatMap((page) => page.runs.map((run) => run.benchmarkIndex ?? NaN))
      .filter(Number.isFinite);
    const benchmarkIndex = indexes.length
      ? Math.round(indexes.reduce((a, b) => a + b) / indexes.length)
      : null;
    results.lighthouse = { runsPerPage: runs, benchmarkIndex, pages };
    console.log(
      `(median per page; this machine's Lighthouse benchmarkIndex ≈ ${benchmarkIndex ?? '—'})\n`,
    );
    for (const line of lighthouseLines(pages)) console.log(line);
    for (const page of pages) {
      if (!page.median)
        results.errors.push(`Lighthouse ${page.path}: no run finished (${page.errors.join('; ')})`);
    }
  } catch (error) {
    endProgress();
    results.errors.push(`Lighthouse: ${errorMessage(error)}`);
    console.error(`bench: Lighthouse failed: ${errorMessage(error)}`);
  }
}

async function measureAndPrintFanout(results: Results, parts: FanoutParts): Promise<void> {
  console.log(
    parts.fanout
      ? '\nLive fan-out: GET /api/live?page=home streams; time from just before POST /api/admin/assistant-messages to each client receiving the new message'
      : '\nVisit counting: POST /api/visits against a bare Fastify route',
  );
  try {
    const fanout = await runFanout((cleanup) => cleanups.push(cleanup), parts);
    results.fanout = fanout;
    const { cores, loadAtStart, loadAtEnd } = fanout.machine;
    const machine = `${cores} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd?.toFixed(1) ?? '—'} at the end`;
    console.log(
      parts.fanout
        ? `(${fanout.postsPerLevel} posts per client count, pooled; clients in ${fanout.clientProcesses} processes, each on its own loopback address; RSS of the server process(es) read from /proc after a full collection; KB = 1000 bytes; ${machine})\n`
        : `(clients in ${fanout.clientProcesses} processes, each on its own loopback address; ${machine})\n`,
    );
    for (const line of fanoutLines(fanout)) console.log(line);
    results.errors.push(...fanout.errors.map((error) => `fan-out: ${error}`));
  } catch (error) {
    endProgress();
    results.errors.push(`fan-out: ${errorMessage(error)}`);
    console.error(`bench: fan-out: ${errorMessage(error)}`);
  }
}

async function measureAndPrintDesk(results: Results): Promise<void> {
  console.log(
    '\nDesk: 100,000 accounts; GET /api/admin/accounts (deep in the cursor, and a prefix search), GET /api/admin/accounts/:id and the CSV export, each timed to its last byte',
  );
  try {
    const desk = await runDesk((cleanup) => cleanups.push(cleanup));
    results.desk = desk;
    const { cores, loadAtStart, loadAtEnd } = desk.machine;
    console.log(
      `(one request at a time over one kept-alive connection, after 10 untimed; ${cores} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd?.toFixed(1) ?? '—'} at the end)\n`,
    );
    for (const line of deskLines(desk)) console.log(line);
    results.errors.push(...desk.errors.map((error) => `desk: ${error}`));
  } catch (error) {
    endProgress();
    results.errors.push(`desk: ${errorMessage(error)}`);
    console.error(`bench: desk: ${errorMessage(error)}`);
  }
}

async function measureAndPrintNowou(server: SiteServer, results: Results): Promise<void> {
  console.log(
    '\nNowou in Chromium: its own JS, time to usable with an empty and a seeded store, and dragging a block on the seeded timeline',
  );
  try {
    const nowou = await runNowou(server);
    results.nowou = nowou;
    const { cores, loadAtStart, loadAtEnd } = nowou.machine;
    console.log(
      `(desktop viewport; ${cores} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd?.toFixed(1) ?? '—'} at the end)\n`,
    );
    for (const line of nowouLines(nowou)) console.log(line);
    results.errors.push(...nowou.errors.map((error) => `Nowou: ${error}`));
  } catch (error) {
    endProgress();
    results.errors.push(`Nowou: ${errorMessage(error)}`);
    console.error(`bench: Nowou: ${errorMessage(error)}`);
  }
}

async function measureAndPrintSync(results: Results): Promise<void> {
  console.log(
    "\nNowou sync through the account: the first sync of 10,000 items to a new device in Chromium, and a push on one device to the change pulled on the account's second with 100 devices syncing",
  );
  try {
    const sync = await runSync((cleanup) => cleanups.push(cleanup));
    results.sync = sync;
    const { cores, loadAtStart, loadAtEnd } = sync.machine;
    console.log(
      `(each server its own process; devices are Node clients in the bench process, each on its own loopback address; ${cores} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd?.toFixed(1) ?? '—'} at the end)\n`,
    );
    for (const line of syncLines(sync)) console.log(line);
    results.errors.push(...sync.errors.map((error) => `sync: ${error}`));
  } catch (error) {
    endProgress();
    results.errors.push(`sync: ${errorMessage(error)}`);
    console.error(`bench: sync: ${errorMessage(error)}`);
  }
}

async function measureAndPrintBackup(results: Results): Promise<void> {
  console.log(
    '\nBackup and restore: 100,000 accounts and a year of visits; createBackup and restoreBackup timed, and the p99 of visits and page loads while npm run backup runs against the same without one',
  );
  try {
    const backup = await runBackup((cleanup) => cleanups.push(cleanup));
    results.backup = backup;
    const { cores, loadAtStart, loadAtEnd } = backup.machine;
    console.log(
      `(MB = 1,000,000 bytes of the backup file over the step's time; ${cores} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd?.toFixed(1) ?? '—'} at the end)\n`,
    );
    for (const line of backupLines(backup)) console.log(line);
    results.errors.push(...backup.errors.map((error) => `backup: ${error}`));
  } catch (error) {
    endProgress();
    results.errors.push(`backup: ${errorMessage(error)}`);
    console.error(`bench: backup: ${errorMessage(error)}`);
  }
}

async function measureAndPrintPublish(results: Results): Promise<void> {
  console.log(
    "\nPublishing the site's words: two instances of npm start on one PostgreSQL database; Publish on one, the new HTML on the other, the render, and page loads during a burst of publishes against without",
  );
  try {
    const publish = await runPublish((cleanup) => cleanups.push(cleanup));
    results.publish = publish;
    const { cores, loadAtStart, loadAtEnd } = publish.machine;
    console.log(
      `(${cores} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd?.toFixed(1) ?? '—'} at the end)\n`,
    );
    for (const line of publishLines(publish)) console.log(line);
    results.errors.push(...publish.errors.map((error) => `publish: ${error}`));
  } catch (error) {
    endProgress();
    results.errors.push(`publish: ${errorMessage(error)}`);
    console.error(`bench: publish: ${errorMessage(error)}`);
  }
}

async function measureAndPrintFaults(results: Results): Promise<void> {
  console.log(
    '\nFaults: PostgreSQL stopped and started again under a stream of visits; the mail server refusing, then cutting connections, then accepting',
  );
  try {
    const faults = await runFaults((cleanup) => cleanups.push(cleanup));
    results.faults = faults;
    for (const line of faultLines(faults)) console.log(line);
  } catch (error) {
    endProgress();
    results.errors.push(`faults: ${errorMessage(error)}`);
    console.error(`bench: faults: ${errorMessage(error)}`);
  }
}

async function main(): Promise<number> {
  const parts = partsFromEnv();
  const runs = runsFromEnv();
  const results: Results = {
    generatedAt: new Date().toISOString(),
    parts,
    origin: null,
    bundle: null,
    lighthouse: null,
    fanout: null,
    desk: null,
    nowou: null,
    sync: null,
    backup: null,
    publish: null,
    faults: null,
    errors: [],
  };
  if (parts.includes('bundle') || parts.includes('lighthouse') || parts.includes('nowou')) {
    await buildClientIfNeeded();
    const server = await startSiteServer();
    cleanups.push(() => server.stop());
    results.origin = server.origin;
    if (parts.includes('bundle')) await measureAndPrintBundles(server, results);
    if (parts.includes('lighthouse')) await measureAndPrintLighthouse(server, runs, results);
    if (parts.includes('nowou')) await measureAndPrintNowou(server, results);
    await server.stop();
  }
  if (parts.includes('fanout') || parts.includes('visits')) {
    await measureAndPrintFanout(results, {
      fanout: parts.includes('fanout'),
      visits: parts.includes('visits'),
    });
  }
  if (parts.includes('desk')) await measureAndPrintDesk(results);
  if (parts.includes('sync')) {
    await buildClientIfNeeded();
    await measureAndPrintSync(results);
  }
  if (parts.includes('backup')) {
    await buildClientIfNeeded();
    await measureAndPrintBackup(results);
  }
  if (parts.includes('publish')) {
    await buildClientIfNeeded();
    await measureAndPrintPublish(results);
  }
  if (parts.includes('faults')) await measureAndPrintFaults(results);

  mkdirSync('bench/results', { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  printSummary(results);
  return results.errors.length ? 1 : 0;
}

function printSummary(results: Results): void {
  console.log('\nSummary');
  const { bundle, lighthouse, fanout, desk, nowou, sync, backup, publish, faults } = results;
  if (bundle) {
    console.log(`  ${targetLine(bundle.target)}`);
    console.log(`  ${ratioLine(bundle.homeFirstLoadJsGzip, bundle.baseline)}`);
    for (const check of bundle.heavyLibraries) console.log(`  ${heavyLibraryLine(check)}`);
  }
  for (const page of lighthouse?.pages ?? [])
    console.log(`  Lighthouse ${page.path}: ${pageVerdicts(page)}`);
  if (fanout) {
    for (const target of fanout.targets) console.log(`  ${verdictLine(target)}`);
    const baseline = baselineLine(fanout);
    if (baseline) console.log(`  ${baseline}`);
    if (fanout.twoInstancesSkipped)
      console.log(`  two-instance fan-out skipped: ${fanout.twoInstancesSkipped}`);
    const visits = visitsLine(fanout);
    if (visits) console.log(`  ${visits}`);
  }
  if (desk) {
    for (const target of desk.targets) console.log(`  ${verdictLine(target)}`);
    for (const run of desk.runs) {
      const line = exportSummary(run);
      if (line) console.log(`  ${line}`);
    }
    if (desk.postgresSkipped) console.log(`  desk on PostgreSQL skipped: ${desk.postgresSkipped}`);
  }
  if (nowou) {
    for (const target of nowou.targets) console.log(`  ${verdictLine(target)}`);
    const isolation = isolationLine(nowou);
    if (isolation) console.log(`  ${isolation}`);
    for (const line of usableSummary(nowou)) console.log(`  ${line}`);
  }
  if (sync) {
    for (const target of sync.targets) console.log(`  ${verdictLine(target)}`);
    for (const run of sync.runs) {
      const line = latencySummary(run);
      if (line) console.log(`  ${line}`);
    }
    if (sync.postgresSkipped) console.log(`  sync on PostgreSQL skipped: ${sync.postgresSkipped}`);
  }
  if (backup) {
    for (const target of backup.targets) console.log(`  ${verdictLine(target)}`);
    for (const run of backup.runs) console.log(`  ${backupSummary(run)}`);
    if (backup.postgresSkipped)
      console.log(`  backup on PostgreSQL skipped: ${backup.postgresSkipped}`);
  }
  if (publish) {
    for (const target of publish.targets) console.log(`  ${verdictLine(target)}`);
    if (publish.postgresSkipped) console.log(`  publishing skipped: ${publish.postgresSkipped}`);
  }
  if (faults) {
    for (const target of faults.targets) console.log(`  ${verdictLine(target)}`);
    if (faults.postgresSkipped)
      console.log(`  PostgreSQL outage skipped: ${faults.postgresSkipped}`);
  }
  for (const error of results.errors) console.log(`  ERROR ${error}`);
  console.log(`  Figures written to ${RESULTS_FILE}`);
}

main()
  .then(exit)
  .catch(async (error: unknown) => {
    if (!stopping) console.error(`bench: ${errorMessage(error)}`);
    await exit(1);
  });
