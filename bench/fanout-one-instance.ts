/**
 * The fan-out on one instance of the site on SQLite (its default storage): the real server with its
 * own throwaway DATA_DIR, without the client build, started with the GC preload (server-rss.ts).
 * The same server then answers the visit-counting run (visit-counting.ts).
 */
import type { ClientPool } from './client-pool.ts';
import type { FanoutRun } from './fanout-results.ts';
import { adminSession, liveStreamUrl, sitePoster } from './fanout-posting.ts';
import { BLOCK, measureFanout } from './fanout-run.ts';
import { startSiteServer, type SiteServer } from './server.ts';
import { GC_PRELOAD } from './server-rss.ts';

/** A site server whose process the bench can read (not BENCH_URL's). */
export type OwnSiteServer = SiteServer & { pid: number };

export async function startOneInstanceSite(): Promise<OwnSiteServer> {
  // DATABASE_URL from the shell would turn this into a PostgreSQL run: empty counts as unset.
  const site = await startSiteServer({
    serveClient: false,
    own: true,
    env: { DATABASE_URL: '' },
    nodeArgs: GC_PRELOAD,
  });
  if (site.pid === null) throw new Error('the fan-out run needs its own server process');
  return { ...site, pid: site.pid };
}

/** `site` from startOneInstanceSite, started at `startedAt` (Date.now()). */
export async function measureOneInstance(
  pool: ClientPool,
  site: OwnSiteServer,
  startedAt: number,
  levels: number[],
): Promise<FanoutRun> {
  const cookie = await adminSession(site);
  return measureFanout(
    pool,
    {
      name: 'one instance (SQLite)',
      streamUrls: [liveStreamUrl(site.origin)],
      pids: [site.pid],
      startedAt,
      post: sitePoster(site.origin, cookie),
      block: BLOCK.one,
    },
    levels,
  );
}
