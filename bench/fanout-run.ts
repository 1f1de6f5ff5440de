/**
 * One fan-out run, the same for each kind of server (fanout-one-instance.ts, fanout-baseline.ts,
 * fanout-two-instances.ts): a warm-up, then for each client count N the streams are opened, the
 * servers' settled RSS is read (server-rss.ts), and POSTS_PER_LEVEL messages are posted, each timed
 * from just before its POST to every client's receipt of its event (the clients record arrival
 * times in their own processes, client-worker.ts, on the same clock, clock.ts).
 */
import { deal, loopbackAddresses, type ClientPool } from './client-pool.ts';
import { now } from './clock.ts';
import type { FanoutLevel, FanoutRun, Latency } from './fanout-results.ts';
import type { Posted } from './fanout-posting.ts';
import { endProgress, progress } from './progress.ts';
import { MIN_SERVER_AGE_MS, settledRss } from './server-rss.ts';
import { delay } from './timeout.ts';

export const POSTS_PER_LEVEL = 5;
/** Streams opened and one message posted before the figures, so the first post is not the JIT's. */
const WARM_UP_CLIENTS = 20;
const PAUSE_BETWEEN_POSTS_MS = 300;
const OPEN_TIMEOUT_MS = 30_000;
const COLLECT_TIMEOUT_MS = 15_000;

/** Loopback blocks (127.B.x.y), one per kind of client, so no two runs share an address. */
export const BLOCK = { one: 1, bare: 2, two: 3, visits: 4, warmUp: 5 } as const;

export interface FanoutTarget {
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

/** The lower middle value (no averaging), NaN for none. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
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

/** Posts message `n` and waits for every open client's receipt: ms from just before the POST. */
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

export async function measureFanout(
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
