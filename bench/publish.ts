/**
 * Publishing the site's words (docs/product/desk.md#publishing-the-sites-words) on two instances of
 * `npm start` sharing one throwaway PostgreSQL database: the time from sending Publish on one
 * instance to the new HTML on the other (p95 of PUBLISH_COUNT publishes, target ≤ 1 s), the
 * publishing instance's own render time (its site_content_render_seconds gauge), and visitors'
 * page-load p99 on the publishing instance during a burst of publishes against the same load
 * without (target ≤ 1.5 ×, in PUBLISH_ROUNDS rounds of each, pooled). The burst comes from a process
 * of its own, as an owner's browser would: in the bench's own event loop its requests delayed the
 * reading of the visitors' answers, which the bench then counted as the server's time.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { parseConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';
import { LOAD, pooled, steadyLoad, type LoadSamples } from './backup-load.ts';
import type { LoadWindow } from './backup-results.ts';
import { deskAdmin } from './desk-seed.ts';
import type { Defer } from './fanout.ts';
import { atMostVerdict, type FanoutVerdict, type Latency } from './fanout-results.ts';
import { latencyOf } from './fanout-run.ts';
import { createBenchDatabase } from './fanout-two-instances.ts';
import { endProgress, progress } from './progress.ts';
import { publishAbout, publishBurst } from './publish-owner.ts';
import { startSiteServer, type SiteServer } from './server.ts';

export const PUBLISH_TARGETS = {
  /** Publish sent on one instance to the new HTML on the other, p95. */
  otherInstanceP95Ms: 1_000,
  /** Page loads' p99 during a burst of publishes, as a multiple of the same load's without. */
  p99Ratio: 1.5,
};
const PUBLISH_COUNT = 20;
const PUBLISH_ROUNDS = 3;
/** How long each window of the steady load lasts. */
const WINDOW_MS = 8_000;
const METRICS_TOKEN = randomBytes(24).toString('hex');

export interface PublishResults {
  machine: { cores: number; loadAtStart: number; loadAtEnd: number | null };
  /** From sending Publish on instance A until instance B's HTML of the page carries the new words. */
  toOtherInstance: Latency | null;
  /** From sending Publish until A answered (A serves the new page itself by then). */
  publishAnswered: Latency | null;
  /** A's render after each publish (its gauge, read after the answer), and the pages it made. */
  renderMs: Latency | null;
  renderedPages: number | null;
  quiet: LoadWindow | null;
  duringPublishes: LoadWindow | null;
  publishesInBursts: number;
  postgresSkipped: string | null;
  targets: FanoutVerdict[];
  errors: string[];
}

async function waitForWords(server: SiteServer, path: string, words: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const html = await (await fetch(`${server.origin}${path}`)).text();
    if (html.includes(words)) return;
    if (Date.now() > deadline)
      throw new Error(`${path} on the other instance never showed the words`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function gauge(server: SiteServer, name: string): Promise<number> {
  const text = await (
    await fetch(`${server.origin}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  if (!line) throw new Error(`no ${name} in /api/metrics`);
  return Number(line.split(' ')[1]);
}

export async function runPublish(defer: Defer): Promise<PublishResults> {
  const results: PublishResults = {
    machine: { cores: availableParallelism(), loadAtStart: loadavg()[0]!, loadAtEnd: null },
    toOtherInstance: null,
    publishAnswered: null,
    renderMs: null,
    renderedPages: null,
    quiet: null,
    duringPublishes: null,
    publishesInBursts: 0,
    postgresSkipped: null,
    targets: [],
    errors: [],
  };
  const database = await createBenchDatabase();
  if (typeof database === 'string') {
    results.postgresSkipped = database;
    return results;
  }
  defer(database.drop);
  const env = {
    DATABASE_URL: database.url,
    MFA_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN,
  };
  const a = await startSiteServer({ own: true, env });
  defer(a.stop);
  const b = await startSiteServer({ own: true, env });
  defer(b.stop);
  const db = connectDatabase(parseConfig(a.env));
  defer(() => db.destroy());
  const admin = await deskAdmin(db, parseConfig(a.env));

  // Both renderer threads start with their servers; two publishes first, not measured.
  for (let i = 0; i < 2; i++) {
    const words = `Warming up ${i} ${Date.now()}.`;
    await publishAbout(a.origin, admin.cookie, words);
    await waitForWords(b, '/about', words);
  }

  const toOther: number[] = [];
  const answered: number[] = [];
  const renders: number[] = [];
  for (let i = 0; i < PUBLISH_COUNT; i++) {
    progress(`publish ${i + 1} of ${PUBLISH_COUNT}…`);
    const words = `Publish ${i} at ${Date.now()}.`;
    const began = performance.now();
    const seen = publishAbout(a.origin, admin.cookie, words).then(() =>
      answered.push(performance.now() - began),
    );
    await waitForWords(b, '/about', words);
    toOther.push(performance.now() - began);
    await seen;
    renders.push((await gauge(a, 'site_content_render_seconds')) * 1000);
  }
  endProgress();
  results.toOtherInstance = latencyOf(toOther);
  results.publishAnswered = latencyOf(answered);
  results.renderMs = latencyOf(renders);
  results.renderedPages = await gauge(a, 'site_content_render_pages');

  const load = steadyLoad(a.origin);
  const quiet: LoadSamples[] = [];
  const busy: LoadSamples[] = [];
  try {
    for (let round = 0; round < PUBLISH_ROUNDS; round++) {
      progress(`load round ${round + 1} of ${PUBLISH_ROUNDS}: without publishes…`);
      const calm = load.window();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      quiet.push(await calm.stop());
      progress(`load round ${round + 1} of ${PUBLISH_ROUNDS}: a burst of publishes…`);
      const window = load.window();
      results.publishesInBursts += await publishBurst({
        origin: a.origin,
        cookie: admin.cookie,
        ms: WINDOW_MS,
        label: `Burst ${round}`,
      });
      busy.push(await window.stop());
    }
  } finally {
    load.close();
    endProgress();
  }
  results.quiet = pooled(quiet);
  results.duringPublishes = pooled(busy);
  results.machine.loadAtEnd = loadavg()[0]!;

  const p95 = results.toOtherInstance ? percentile95(toOther) : null;
  const quietP99 = results.quiet.pageLoads?.p99Ms;
  const busyP99 = results.duringPublishes.pageLoads?.p99Ms;
  results.targets.push(
    atMostVerdict(
      'publish to the new HTML on the other instance, p95',
      PUBLISH_TARGETS.otherInstanceP95Ms,
      p95,
      'ms',
    ),
    atMostVerdict(
      'page loads p99 during publishes ÷ without',
      PUBLISH_TARGETS.p99Ratio,
      quietP99 && busyP99 !== undefined ? busyP99 / quietP99 : null,
      '×',
    ),
  );
  return results;
}

function percentile95(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export const PUBLISH_LOAD = {
  ...LOAD,
  rounds: PUBLISH_ROUNDS,
  windowMs: WINDOW_MS,
  publishes: PUBLISH_COUNT,
};

function ms(value: number | undefined): string {
  return value === undefined ? '—' : value < 10 ? value.toFixed(1) : String(Math.round(value));
}

/** The lines `npm run bench` prints for this part. */
export function publishLines(results: PublishResults): string[] {
  if (results.postgresSkipped) return [`  skipped: ${results.postgresSkipped}`];
  const latency = (name: string, figure: Latency | null) =>
    `  ${name}: p50 ${ms(figure?.p50Ms)} ms, p99 ${ms(figure?.p99Ms)} ms, max ${ms(figure?.maxMs)} ms (${figure?.samples ?? 0} publishes)`;
  const load = (name: string, window: LoadWindow | null) =>
    `  GET / ${name}: ${window?.pageLoads?.samples ?? 0} answers, p50 ${ms(window?.pageLoads?.p50Ms)} ms, p99 ${ms(window?.pageLoads?.p99Ms)} ms${Object.keys(window?.unexpected ?? {}).length ? `; unexpected ${JSON.stringify(window?.unexpected)}` : ''}`;
  return [
    latency('Publish on A to the new /about on B', results.toOtherInstance),
    latency('Publish answered by A (serving it itself)', results.publishAnswered),
    `${latency("A's own render", results.renderMs)}; ${results.renderedPages ?? '—'} page(s) per render`,
    load('without publishes', results.quiet),
    load(`during ${results.publishesInBursts} publishes in bursts`, results.duringPublishes),
  ];
}
