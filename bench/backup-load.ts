/**
 * The steady, modest load the backup part measures under: POST /api/visits and GET / sent on a fixed
 * schedule (open loop: a slow answer does not delay the next request), each timed from just before
 * it is sent to the last byte of its answer. Requests go round LOAD_ADDRESSES keep-alive visitors,
 * each on its own loopback source address, so the per-address limits see distinct visitors.
 */
import http from 'node:http';
import { loopbackAddresses } from './client-pool.ts';
import { now } from './clock.ts';
import type { LoadWindow } from './backup-results.ts';
import { PAGE } from './fanout-posting.ts';
import { latencyOf } from './fanout-run.ts';
import { BROWSER_USER_AGENT } from './visit-counting.ts';

export const LOAD = { visitsPerSecond: 40, pageLoadsPerSecond: 30, addresses: 100 };
/** 127.7.x.y: a block no other part of the bench uses. */
const ADDRESS_BLOCK = 7;
const REQUEST_TIMEOUT_MS = 30_000;
const VISIT_BODY = JSON.stringify({ page: PAGE });

interface Visitor {
  agent: http.Agent;
  address: string;
}

function request(
  origin: string,
  visitor: Visitor,
  kind: 'visit' | 'page',
): Promise<{ ms: number; outcome: string }> {
  const started = now();
  return new Promise((resolve) => {
    const done = (outcome: string) => resolve({ ms: (now() - started) / 1e6, outcome });
    const req = http.request(
      kind === 'visit' ? `${origin}/api/visits` : `${origin}/`,
      {
        method: kind === 'visit' ? 'POST' : 'GET',
        agent: visitor.agent,
        localAddress: visitor.address,
        timeout: REQUEST_TIMEOUT_MS,
        headers:
          kind === 'visit'
            ? {
                'content-type': 'application/json',
                // What a page's own fetch sends: the visit counts.
                'sec-fetch-site': 'same-origin',
                'user-agent': BROWSER_USER_AGENT,
              }
            : { accept: 'text/html', 'user-agent': BROWSER_USER_AGENT },
      },
      (response) => {
        response.resume();
        response.once('end', () => done(String(response.statusCode)));
        response.once('error', (error) => done(error.message));
      },
    );
    req.once('timeout', () => req.destroy(new Error('timed out')));
    req.once('error', (error) => done(error.message));
    req.end(kind === 'visit' ? VISIT_BODY : undefined);
  });
}

/** What one window of the load got back: times in ms of the expected answers, and the others. */
export interface LoadSamples {
  ms: number;
  visits: number[];
  pages: number[];
  unexpected: Record<string, number>;
}

export interface SteadyLoad {
  /** Starts a window; `stop` ends it once every request sent in it has been answered. */
  window(): { stop(): Promise<LoadSamples> };
  close(): void;
}

/** Several windows pooled into one figure. */
export function pooled(windows: LoadSamples[]): LoadWindow {
  const unexpected: Record<string, number> = {};
  for (const window of windows)
    for (const [what, n] of Object.entries(window.unexpected))
      unexpected[what] = (unexpected[what] ?? 0) + n;
  return {
    windows: windows.length,
    ms: windows.reduce((sum, window) => sum + window.ms, 0),
    visits: latencyOf(windows.flatMap((window) => window.visits)),
    pageLoads: latencyOf(windows.flatMap((window) => window.pages)),
    unexpected,
  };
}

export function steadyLoad(origin: string): SteadyLoad {
  const visitors: Visitor[] = loopbackAddresses(ADDRESS_BLOCK, LOAD.addresses).map((address) => ({
    address,
    agent: new http.Agent({ keepAlive: true, maxSockets: 4 }),
  }));
  let next = 0;
  const visitor = () => visitors[next++ % visitors.length]!;

  return {
    window() {
      const started = Date.now();
      const visits: number[] = [];
      const pages: number[] = [];
      const unexpected: Record<string, number> = {};
      const pending: Promise<void>[] = [];
      const send = (kind: 'visit' | 'page') => {
        pending.push(
          request(origin, visitor(), kind).then(({ ms, outcome }) => {
            const expected = kind === 'visit' ? '204' : '200';
            if (outcome === expected) (kind === 'visit' ? visits : pages).push(ms);
            else unexpected[`${kind} ${outcome}`] = (unexpected[`${kind} ${outcome}`] ?? 0) + 1;
          }),
        );
      };
      const timers = [
        setInterval(() => send('visit'), 1000 / LOAD.visitsPerSecond),
        setInterval(() => send('page'), 1000 / LOAD.pageLoadsPerSecond),
      ];
      return {
        async stop() {
          for (const timer of timers) clearInterval(timer);
          const ms = Date.now() - started;
          await Promise.all(pending);
          return { ms, visits, pages, unexpected };
        },
      };
    },
    close() {
      for (const { agent } of visitors) agent.destroy();
    },
  };
}
