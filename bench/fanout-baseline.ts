/**
 * The baseline fan-out from the same run, with the same clients: a bare Fastify app
 * (bare-server.ts) that writes one SSE event to every open stream on POST /send. The same app's
 * POST /visits is the visit-counting run's baseline (visit-counting.ts).
 */
import { randomUUID } from 'node:crypto';
import { freePort } from '#test-support/free-port';
import type { ClientPool } from './client-pool.ts';
import type { FanoutRun } from './fanout-results.ts';
import { requestJson, type Posted } from './fanout-posting.ts';
import { BLOCK, measureFanout } from './fanout-run.ts';
import { HOST, startBenchChild } from './server.ts';
import { GC_PRELOAD } from './server-rss.ts';

export interface BareServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const child = await startBenchChild(
    ['--import', 'tsx', ...GC_PRELOAD, 'bench/bare-server.ts'],
    { PORT: String(port), HOST },
    origin,
  );
  return { origin, ...child };
}

function barePoster(origin: string): (n: number) => Promise<Posted> {
  return async () => {
    const id = randomUUID();
    const answer = await requestJson(origin, 'POST', '/send', { id });
    if (answer.status !== 204) throw new Error(`POST /send answered ${answer.status}`);
    return { id };
  };
}

/** `bare` from startBareServer, started at `startedAt` (Date.now()). */
export function measureBaseline(
  pool: ClientPool,
  bare: BareServer,
  startedAt: number,
  levels: number[],
): Promise<FanoutRun> {
  return measureFanout(
    pool,
    {
      name: 'bare Fastify broadcast (baseline)',
      streamUrls: [`${bare.origin}/live`],
      pids: [bare.pid],
      startedAt,
      post: barePoster(bare.origin),
      block: BLOCK.bare,
    },
    levels,
  );
}
