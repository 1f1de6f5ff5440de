/**
 * The live fan-out and visit-counting figures (issue 4, Benchmark): N SSE clients on GET
 * /api/live?page=home, the time from just before the owner's POST /api/admin/assistant-messages
 * to each client's receipt of the `assistant` event carrying the new message, and the server's RSS
 * per open stream; on one instance (SQLite), on a bare Fastify broadcast (the baseline from the same
 * run), and across two instances sharing one PostgreSQL database (clients split between them, the
 * POST sent to the first). Then POST /api/visits throughput against a bare Fastify route.
 *
 * The servers are real processes (bench/server.ts, bench/bare-server.ts); the clients run in a few
 * child processes (client-pool.ts), each client socket bound to its own loopback source address.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { freePort } from '#test-support/free-port';
import { deal, loopbackAddresses, startClientPool, type ClientPool } from './client-pool.ts';
import { now } from './clock.ts';
import { createBenchDatabase } from './postgres.ts';
import { endProgress, progress } from './progress.ts';
import { HOST, startBenchChild, startSiteServer, type SiteServer } from './server.ts';
import { delay, errorMessage } from './timeout.ts';

export const FANOUT_TARGETS = {
  /** p99 from the POST to receipt with 2,000 clients on one instance. */
  p99Ms: 100,
  /** Server RSS per open stream (KB = 1000 bytes, as in the rest of the bench). */
  rssPerConnectionBytes: 12_000,
  /** What two instances on PostgreSQL may add to the one-instance p99. */
  crossInstanceExtraMs: 50,
};

const DEFAULT_LEVELS = [100, 1_000, 2_000];
const POSTS_PER_LEVEL = 5;
const CLIENT_PROCESSES = 2;
/** Streams opened and one message posted before the figures, so the first post is not the JIT's. */
const WARM_UP_CLIENTS = 20;
/** RSS counts as settled when this many readings half a second apart vary by at most this much. */
const RSS_STEADY_READINGS = 4;
const RSS_STEADY_BYTES = 256 * 1024;
const RSS_SETTLE_MIN_MS = 10_000;
const RSS_SETTLE_MAX_MS = 40_000;
/** No RSS baseline from a server younger than this (see settledRss). */
const MIN_SERVER_AGE_MS = 15_000;
const PAUSE_BETWEEN_POSTS_MS = 300;
const OPEN_TIMEOUT_MS = 30_000;
const COLLECT_TIMEOUT_MS = 15_000;
const PAGE = 'home';

const VISIT_CONNECTIONS = 256;
const VISIT_WARM_UP_MS = 1_000;
const VISIT_DURATION_MS = 5_000;
const VISIT_BODY = JSON.stringify({ page: PAGE });

/** Loopback blocks (127.B.x.y), one per kind of client, so no two runs share an address. */
const BLOCK = { one: 1, bare: 2, two: 3, visits: 4, warmUp: 5 } as const;

export interface Latency {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface FanoutLevel {
  clients: number;
  /** Every receipt of every post of the level, pooled; null when none arrived. */
  latency: Latency | null;
  /** Two instances only: the clients of the instance the POST went to, and of the other one. */
  byInstance?: { posting: Latency | null; other: Latency | null };
  /** Receipts that never came within the collect timeout, over all posts of the level. */
  missing: number;
  /** Streams that closed while the level ran. */
  dropped: number;
  rssBeforeBytes: number;
  rssWithStreamsBytes: number;
  rssPerConnectionBytes: number;
  /** Median time until the POST itself was answered. */
  postAnsweredMs: number;
}

export interface FanoutRun {
  name: string;
  instances: number;
  levels: FanoutLevel[];
}

export interface LoadFigure {
  /** 204 answers per second in the measured window. */
  perSecond: number;
  statuses: Record<string, number>;
  errors: string[];
}

export interface VisitsThroughput {
  connections: number;
  warmUpMs: number;
  durationMs: number;
  site: LoadFigure;
  bare: LoadFigure;
  /** site / bare. */
  ratio: number;
}

export interface FanoutVerdict {
  name: string;
  limit: number;
  actual: number | null;
  unit: 'ms' | 'KB';
  pass: boolean | null;
}

export interface FanoutResults {
  /** Cores, and the 1-minute load average when the run began and ended (other work skews figures). */
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  clientProcesses: number;
  postsPerLevel: number;
  levels: number[];
  oneInstance: FanoutRun | null;
  baseline: FanoutRun | null;
  twoInstances: FanoutRun | null;
  twoInstancesSkipped: string | null;
  visits: VisitsThroughput | null;
  targets: FanoutVerdict[];
  errors: string[];
}

/** Registers a clean-up for a stop signal (the caller runs them); each is also run here when done. */
export type Defer = (cleanup: () => Promise<void> | void) => void;

/** The servers of this run collect garbage fully on SIGUSR2 (gc-on-signal.ts) before RSS is read. */
const GC_PRELOAD = ['--expose-gc', '--import', './bench/gc-on-signal.ts'];

function levelsFromEnv(): number[] {
  const raw = process.env.BENCH_FANOUT_CLIENTS;
  if (!raw) return DEFAULT_LEVELS;
  const levels = raw.split(',').map((part) => Number(part.trim()));
  if (!levels.every((n) => Number.isInteger(n) && n >= 1 && n <= 10_000)) {
    throw new Error(
      `BENCH_FANOUT_CLIENTS must be client counts from 1 to 10000, comma-separated (got "${raw}")`,
    );
  }
  return [...new Set(levels)].sort((a, b) => a - b);
}

/** The soft open-file limit of this process (its children inherit it). */
function openFileLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const match = /^Max open files\s+(\S+)/m.exec(limits);
  if (!match?.[1] || match[1] === 'unlimited') return Infinity;
  return Number(match[1]);
}

function checkOpenFileLimit(maxClients: number): void {
  // The server holds one socket per stream, plus its files, database and listener.
  const need = maxClients + 512;
  const limit = openFileLimit();
  if (limit < need) {
    throw new Error(
      `the open-file limit (ulimit -n) is ${limit}, and ${maxClients} streams need at least ${need}: run "ulimit -n ${need}" in this shell first`,
    );
  }
}

export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

export function latencyOf(values: number[]): Latency | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted[sorted.length - 1]!,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

const agent = new http.Agent({ keepAlive: true });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One JSON request over a kept-alive connection from 127.0.0.1 (a browser of the same origin). */
function requestJson(
  origin: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, origin),
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
      },
      (response) => {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * An admin session on `server`: signs up through POST /api/auth/register, then gives the account
 * rank 10 with the owner's command (`npm run admin -- set-rank`) on the server's own storage.
 * Returns the Cookie header.
 */
async function adminSession(server: SiteServer): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await requestJson(server.origin, 'POST', '/api/auth/register', {
    email,
    username: `bench ${randomBytes(3).toString('hex')}`,
    password: randomBytes(18).toString('base64url'),
    avatar: 0,
    subscribedToNewsletter: false,
    currentUTCTime: new Date().toISOString(),
  });
  if (answer.status !== 201) {
    throw new Error(`signing up the bench's admin answered ${answer.status}: ${answer.text}`);
  }
  const setCookie = answer.headers['set-cookie']?.[0];
  if (!setCookie) throw new Error('signing up set no session cookie');
  const cookie = setCookie.split(';')[0]!;

  await new Promise<void>((resolve, reject) => {
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/admin-cli.ts', 'set-rank', email, '10'],
      { env: { ...process.env, ...server.env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    cli.stderr.setEncoding('utf8');
    cli.stderr.on('data', (chunk: string) => (stderr += chunk));
    cli.on('error', reject);
    cli.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`npm run admin -- set-rank exited with ${code}: ${stderr.trim()}`)),
    );
  });
  return cookie;
}

interface Posted {
  id: string;
}

function sitePoster(origin: string, cookie: string): (n: number) => Promise<Posted> {
  return async (n) => {
    const answer = await requestJson(
      origin,
      'POST',
      '/api/admin/assistant-messages',
      { text: `Bench message ${n}`, pages: [PAGE] },
      { cookie },
    );
    if (answer.status !== 201) {
      throw new Error(
        `POST /api/admin/assistant-messages answered ${answer.status}: ${answer.text}`,
      );
    }
    return { id: (JSON.parse(answer.text) as { message: { id: string } }).message.id };
  };
}

function barePoster(origin: string): (n: number) => Promise<Posted> {
  return async () => {
    const id = randomUUID();
    const answer = await requestJson(origin, 'POST', '/send', { id });
    if (answer.status !== 204) throw new Error(`POST /send answered ${answer.status}`);
    return { id };
  };
}

interface FanoutTarget {
  name: string;
  /** Stream URLs; clients are dealt over them in turn. The first is the instance posted to. */
  streamUrls: string[];
  /** The server processes whose RSS counts. */
  pids: number[];
  /** When the last of them started (Date.now()). */
  startedAt: number;
  post: (n: number) => Promise<Posted>;
  block: number;
}

/**
 * The servers' RSS once it has settled: each is asked for a full collection every half second
 * (gc-on-signal.ts) for at least RSS_SETTLE_MIN_MS, and then until the total has stayed within
 * RSS_STEADY_BYTES for RSS_STEADY_READINGS readings in a row, and not before `notBefore`
 * (Date.now() time). Why so long: after a burst of allocation (start-up, or opening a thousand
 * streams) V8 keeps its young generation grown to tens of MB through forced collections, and gives
 * it back only some seconds later; a reading before that counts tens of MB of empty young space.
 */
async function settledRss(pids: number[], notBefore = 0): Promise<number> {
  const readings: number[] = [];
  const earliest = Math.max(notBefore, Date.now() + RSS_SETTLE_MIN_MS);
  const deadline = Date.now() + RSS_SETTLE_MAX_MS;
  for (;;) {
    for (const pid of pids) process.kill(pid, 'SIGUSR2');
    await delay(500);
    readings.push(pids.reduce((sum, pid) => sum + rssBytes(pid), 0));
    const recent = readings.slice(-RSS_STEADY_READINGS);
    const steady =
      recent.length === RSS_STEADY_READINGS &&
      Math.max(...recent) - Math.min(...recent) <= RSS_STEADY_BYTES;
    if (steady && Date.now() >= earliest) return recent.at(-1)!;
    if (Date.now() > deadline) {
      endProgress();
      console.error(
        `bench: server RSS did not settle within ${RSS_SETTLE_MAX_MS / 1000} s (last readings ${recent.map((bytes) => (bytes / 1e6).toFixed(1)).join(', ')} MB); using the last one`,
      );
      return recent.at(-1)!;
    }
  }
}

/** Opens more clients: address i goes to stream URL i mod the URL count, dealt over the workers. */
async function openClients(
  pool: ClientPool,
  urls: string[],
  addresses: string[],
  expectedTotal: number,
): Promise<void> {
  const perUrl = deal(addresses, urls.length).map((list) => deal(list, pool.workers.length));
  const counts = await Promise.all(
    pool.workers.map(async (worker, w) => {
      let open = 0;
      for (const [u, url] of urls.entries()) {
        const reply = await worker.ask({
          op: 'open',
          url,
          addresses: perUrl[u]![w]!,
          timeoutMs: OPEN_TIMEOUT_MS,
        });
        if (reply.errors.length) {
          throw new Error(`streams did not open: ${reply.errors.join('; ')}`);
        }
        open = reply.open;
      }
      return open;
    }),
  );
  const open = counts.reduce((sum, count) => sum + count, 0);
  if (open !== expectedTotal)
    throw new Error(`${open} streams are open, expected ${expectedTotal}`);
}

interface PostRound {
  byUrl: Map<string, number[]>;
  missing: number;
  dropped: number;
  answeredMs: number;
}

async function postAndCollect(
  pool: ClientPool,
  target: FanoutTarget,
  n: number,
): Promise<PostRound> {
  const start = now();
  const { id } = await target.post(n);
  const answeredMs = (now() - start) / 1e6;
  const replies = await Promise.all(
    pool.workers.map((worker) => worker.ask({ op: 'collect', id, timeoutMs: COLLECT_TIMEOUT_MS })),
  );
  const byUrl = new Map<string, number[]>();
  let missing = 0;
  let dropped = 0;
  for (const reply of replies) {
    dropped += reply.dropped;
    for (const [url, group] of Object.entries(reply.byUrl)) {
      missing += group.missing;
      const list = byUrl.get(url) ?? [];
      for (const at of group.times) list.push((at - start) / 1e6);
      byUrl.set(url, list);
    }
  }
  return { byUrl, missing, dropped, answeredMs };
}

async function closeClients(pool: ClientPool): Promise<void> {
  await Promise.all(pool.workers.map((worker) => worker.ask({ op: 'close' })));
}

async function measureFanout(
  pool: ClientPool,
  target: FanoutTarget,
  levels: number[],
): Promise<FanoutRun> {
  const run: FanoutRun = { name: target.name, instances: target.streamUrls.length, levels: [] };
  try {
    progress(`${target.name}: warming up…`);
    await openClients(
      pool,
      target.streamUrls,
      loopbackAddresses(BLOCK.warmUp, WARM_UP_CLIENTS, target.block * 1_000),
      WARM_UP_CLIENTS,
    );
    await postAndCollect(pool, target, 0);
    await closeClients(pool);
    const rssBeforeBytes = await settledRss(target.pids, target.startedAt + MIN_SERVER_AGE_MS);

    let opened = 0;
    for (const clients of levels) {
      progress(`${target.name}: opening ${clients} streams…`);
      await openClients(
        pool,
        target.streamUrls,
        loopbackAddresses(target.block, clients - opened, opened),
        clients,
      );
      opened = clients;
      const rssWithStreamsBytes = await settledRss(target.pids);

      const all: number[] = [];
      const perUrl = new Map<string, number[]>();
      const answered: number[] = [];
      let missing = 0;
      let dropped = 0;
      for (let post = 1; post <= POSTS_PER_LEVEL; post++) {
        progress(`${target.name}: ${clients} streams, post ${post} of ${POSTS_PER_LEVEL}…`);
        const round = await postAndCollect(pool, target, post);
        for (const [url, values] of round.byUrl) {
          all.push(...values);
          perUrl.set(url, [...(perUrl.get(url) ?? []), ...values]);
        }
        missing += round.missing;
        dropped = Math.max(dropped, round.dropped);
        answered.push(round.answeredMs);
        await delay(PAUSE_BETWEEN_POSTS_MS);
      }
      const level: FanoutLevel = {
        clients,
        latency: latencyOf(all),
        missing,
        dropped,
        rssBeforeBytes,
        rssWithStreamsBytes,
        rssPerConnectionBytes: (rssWithStreamsBytes - rssBeforeBytes) / clients,
        postAnsweredMs: median(answered),
      };
      if (target.streamUrls.length > 1) {
        const [postingUrl = '', ...otherUrls] = target.streamUrls;
        level.byInstance = {
          posting: latencyOf(perUrl.get(postingUrl) ?? []),
          other: latencyOf(otherUrls.flatMap((url) => perUrl.get(url) ?? [])),
        };
      }
      run.levels.push(level);
      if (missing > 0 || dropped > 0) {
        throw new Error(
          `${target.name}, ${clients} streams: ${missing} receipts never came, ${dropped} streams dropped`,
        );
      }
    }
  } finally {
    endProgress();
    await closeClients(pool).catch(() => undefined);
  }
  return run;
}

async function measureLoad(pool: ClientPool, url: string, block: number): Promise<LoadFigure> {
  const addresses = deal(loopbackAddresses(block, VISIT_CONNECTIONS), pool.workers.length);
  const replies = await Promise.all(
    pool.workers.map((worker, w) =>
      worker.ask({
        op: 'load',
        url,
        body: VISIT_BODY,
        headers: { 'sec-fetch-site': 'same-origin' },
        addresses: addresses[w]!,
        warmupMs: VISIT_WARM_UP_MS,
        durationMs: VISIT_DURATION_MS,
      }),
    ),
  );
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  for (const reply of replies) {
    for (const [status, count] of Object.entries(reply.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
    errors.push(...reply.errors);
  }
  return {
    perSecond: ((statuses['204'] ?? 0) * 1000) / VISIT_DURATION_MS,
    statuses,
    errors: errors.slice(0, 5),
  };
}

async function startBareServer(): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const child = await startBenchChild(
    ['--import', 'tsx', ...GC_PRELOAD, 'bench/bare-server.ts'],
    { PORT: String(port), HOST },
    origin,
  );
  return { origin, ...child };
}

function verdict(
  name: string,
  limit: number,
  actual: number | null | undefined,
  unit: FanoutVerdict['unit'],
): FanoutVerdict {
  const value = actual ?? null;
  return { name, limit, actual: value, unit, pass: value === null ? null : value <= limit };
}

export function fanoutTargets(results: FanoutResults): FanoutVerdict[] {
  const max = results.levels[results.levels.length - 1]!;
  const at = (run: FanoutRun | null) => run?.levels.find((level) => level.clients === max);
  const one = at(results.oneInstance);
  const two = at(results.twoInstances);
  const targets = [
    verdict(
      `${max} clients on one instance: p99 ≤ ${FANOUT_TARGETS.p99Ms} ms`,
      FANOUT_TARGETS.p99Ms,
      one?.latency?.p99Ms,
      'ms',
    ),
    verdict(
      `${max} clients on one instance: RSS ≤ ${FANOUT_TARGETS.rssPerConnectionBytes / 1000} KB per connection`,
      FANOUT_TARGETS.rssPerConnectionBytes / 1000,
      one ? one.rssPerConnectionBytes / 1000 : null,
      'KB',
    ),
  ];
  if (results.twoInstancesSkipped === null && one?.latency) {
    const limit = one.latency.p99Ms + FANOUT_TARGETS.crossInstanceExtraMs;
    targets.push(
      verdict(
        `${max} clients over two instances (PostgreSQL): p99 ≤ one instance's + ${FANOUT_TARGETS.crossInstanceExtraMs} ms`,
        limit,
        two?.latency?.p99Ms,
        'ms',
      ),
    );
  }
  return targets;
}

export async function runFanout(defer: Defer): Promise<FanoutResults> {
  const levels = levelsFromEnv();
  const results: FanoutResults = {
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    clientProcesses: CLIENT_PROCESSES,
    postsPerLevel: POSTS_PER_LEVEL,
    levels,
    oneInstance: null,
    baseline: null,
    twoInstances: null,
    twoInstancesSkipped: null,
    visits: null,
    targets: [],
    errors: [],
  };
  const max = levels[levels.length - 1]!;
  checkOpenFileLimit(max);

  const stops: (() => Promise<void>)[] = [];
  const keep = <T extends { stop(): Promise<void> }>(thing: T): T => {
    stops.push(() => thing.stop());
    defer(() => thing.stop());
    return thing;
  };
  const attempt = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      endProgress();
      results.errors.push(`${what}: ${errorMessage(error)}`);
      console.error(`bench: ${what}: ${errorMessage(error)}`);
    }
  };

  try {
    const pool = keep(startClientPool(CLIENT_PROCESSES));
    // DATABASE_URL from the shell would turn this into a PostgreSQL run: empty counts as unset.
    const site = keep(
      await startSiteServer({
        serveClient: false,
        own: true,
        env: { DATABASE_URL: '' },
        nodeArgs: GC_PRELOAD,
      }),
    );
    if (site.pid === null) throw new Error('the fan-out run needs its own server process');
    const sitePid = site.pid;
    const siteStartedAt = Date.now();
    const bare = keep(await startBareServer());
    const bareStartedAt = Date.now();

    await attempt('fan-out on one instance', async () => {
      const cookie = await adminSession(site);
      results.oneInstance = await measureFanout(
        pool,
        {
          name: 'one instance (SQLite)',
          streamUrls: [`${site.origin}/api/live?page=${PAGE}`],
          pids: [sitePid],
          startedAt: siteStartedAt,
          post: sitePoster(site.origin, cookie),
          block: BLOCK.one,
        },
        levels,
      );
    });

    await attempt('fan-out baseline', async () => {
      results.baseline = await measureFanout(
        pool,
        {
          name: 'bare Fastify broadcast (baseline)',
          streamUrls: [`${bare.origin}/live`],
          pids: [bare.pid],
          startedAt: bareStartedAt,
          post: barePoster(bare.origin),
          block: BLOCK.bare,
        },
        levels,
      );
    });

    await attempt('visit throughput', async () => {
      progress(`POST /api/visits: ${VISIT_CONNECTIONS} connections…`);
      const siteLoad = await measureLoad(pool, `${site.origin}/api/visits`, BLOCK.visits);
      progress(`bare Fastify POST: ${VISIT_CONNECTIONS} connections…`);
      const bareLoad = await measureLoad(pool, `${bare.origin}/visits`, BLOCK.visits);
      endProgress();
      results.visits = {
        connections: VISIT_CONNECTIONS,
        warmUpMs: VISIT_WARM_UP_MS,
        durationMs: VISIT_DURATION_MS,
        site: siteLoad,
        bare: bareLoad,
        ratio: siteLoad.perSecond / bareLoad.perSecond,
      };
      const unexpected = Object.keys(siteLoad.statuses).filter((status) => status !== '204');
      if (unexpected.length || siteLoad.errors.length) {
        throw new Error(
          `POST /api/visits answered ${JSON.stringify(siteLoad.statuses)}${siteLoad.errors.length ? `; errors: ${siteLoad.errors.join('; ')}` : ''}`,
        );
      }
    });
    await bare.stop();
    await site.stop();

    const database = await createBenchDatabase();
    if (typeof database === 'string') {
      results.twoInstancesSkipped = database;
    } else {
      defer(() => database.drop());
      stops.push(() => database.drop());
      await attempt('fan-out over two instances', async () => {
        const env = { DATABASE_URL: database.url };
        // One after the other: the first one migrates the new database.
        const first = keep(
          await startSiteServer({ serveClient: false, own: true, env, nodeArgs: GC_PRELOAD }),
        );
        const second = keep(
          await startSiteServer({ serveClient: false, own: true, env, nodeArgs: GC_PRELOAD }),
        );
        const cookie = await adminSession(first);
        results.twoInstances = await measureFanout(
          pool,
          {
            name: 'two instances (PostgreSQL)',
            streamUrls: [first, second].map((s) => `${s.origin}/api/live?page=${PAGE}`),
            pids: [first.pid!, second.pid!],
            startedAt: Date.now(),
            post: sitePoster(first.origin, cookie),
            block: BLOCK.two,
          },
          levels,
        );
        await second.stop();
        await first.stop();
      });
    }
  } finally {
    endProgress();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    agent.destroy();
  }
  results.machine.loadAtEnd = loadavg()[0]!;
  results.targets = fanoutTargets(results);
  return results;
}
