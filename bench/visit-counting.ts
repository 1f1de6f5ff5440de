/**
 * Visit-counting throughput: POST /api/visits {page: PAGE} against the one-instance site server,
 * then the bare Fastify app's POST /visits (parses the JSON body, answers 204) with the same load,
 * from the fan-out run's client processes: VISIT_CONNECTIONS keep-alive connections, each on its
 * own loopback address, each sending its next POST as soon as the last was answered. An address
 * counts once per page and day, so after each one's first visit the rest are left out as repeats:
 * answered the same way, once their batch (which raises the reason's count) has committed.
 */
import { deal, loopbackAddresses, type ClientPool } from './client-pool.ts';
import type { LoadFigure, VisitsThroughput } from './fanout-results.ts';
import { PAGE } from './fanout-posting.ts';
import { BLOCK } from './fanout-run.ts';
import { endProgress, progress } from './progress.ts';

/** A browser's User-Agent: without one (or with a bot's) a visit is left out, not counted. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Each connection is its own address, like a visitor: at 23,000 visits/s over the 6 s run, 2,048
 * addresses send about 70 each, well below the 300-a-minute limit per address. The margin matters:
 * connections do not share the cores evenly, and an address past the limit gets its 429s at once,
 * so it sends faster still (with 1,024, a quiet machine's run got 12,853 of them).
 */
export const VISIT_CONNECTIONS = 2_048;
const VISIT_WARM_UP_MS = 1_000;
const VISIT_DURATION_MS = 5_000;
const VISIT_BODY = JSON.stringify({ page: PAGE });

async function measureLoad(pool: ClientPool, url: string, block: number): Promise<LoadFigure> {
  const addresses = deal(loopbackAddresses(block, VISIT_CONNECTIONS), pool.workers.length);
  const replies = await Promise.all(
    pool.workers.map((worker, w) =>
      worker.ask({
        op: 'load',
        url,
        body: VISIT_BODY,
        // What a page's own fetch sends: the visit counts (a request without them is left out).
        headers: { 'sec-fetch-site': 'same-origin', 'user-agent': BROWSER_USER_AGENT },
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

/** Both figures and their ratio. */
export async function measureVisits(
  pool: ClientPool,
  siteOrigin: string,
  bareOrigin: string,
): Promise<VisitsThroughput> {
  progress(`POST /api/visits: ${VISIT_CONNECTIONS} connections…`);
  const siteLoad = await measureLoad(pool, `${siteOrigin}/api/visits`, BLOCK.visits);
  progress(`bare Fastify POST: ${VISIT_CONNECTIONS} connections…`);
  const bareLoad = await measureLoad(pool, `${bareOrigin}/visits`, BLOCK.visits);
  endProgress();
  return {
    connections: VISIT_CONNECTIONS,
    warmUpMs: VISIT_WARM_UP_MS,
    durationMs: VISIT_DURATION_MS,
    site: siteLoad,
    bare: bareLoad,
    ratio: siteLoad.perSecond / bareLoad.perSecond,
  };
}

/** Throws when the site answered anything but 204 or a request failed (the figures still stand). */
export function checkSiteVisitAnswers(visits: VisitsThroughput): void {
  const site = visits.site;
  const unexpected = Object.keys(site.statuses).filter((status) => status !== '204');
  if (unexpected.length || site.errors.length) {
    throw new Error(
      `POST /api/visits answered ${JSON.stringify(site.statuses)}${site.errors.length ? `; errors: ${site.errors.join('; ')}` : ''}`,
    );
  }
}
