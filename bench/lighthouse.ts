/**
 * Lighthouse with its default config (mobile, simulated throttling) on Debian's Chromium, several
 * runs per page, reporting medians because single runs on a shared machine wobble.
 */
import { killAll, launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from '#test-support/chromium';
import { errorMessage, withTimeout } from './timeout.ts';

const RUN_TIMEOUT_MS = 180_000;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** Minimum score (0–100) per category on every public page; Home's performance: HOME_TARGETS. */
export const CATEGORY_TARGETS: Record<CategoryId, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/** Home is the page links lead to most: a perfect performance score, and its paint and blocking. */
export const HOME_TARGETS = { performance: 100, lcpMs: 1200, tbtMs: 50 } as const;

/** Every page: nothing moves (CLS 0, to Lighthouse's three decimals). */
export const CLS_TARGET = 0;

export function categoryTarget(path: string, id: CategoryId): number {
  return path === '/' && id === 'performance' ? HOME_TARGETS.performance : CATEGORY_TARGETS[id];
}

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
export type MetricId = keyof typeof METRICS;

export interface LighthouseRun {
  /** 0–100, null when Lighthouse could not score the category. */
  scores: Record<CategoryId, number | null>;
  /** FCP, LCP and TBT in ms; CLS unitless. */
  metrics: Record<MetricId, number | null>;
  /** Audits that cost points in a category below its target, worst first. */
  losses: Record<CategoryId, string[]>;
  benchmarkIndex: number | null;
  warnings: string[];
}

export interface PageLighthouse {
  path: string;
  runs: LighthouseRun[];
  errors: string[];
  median: {
    scores: Record<CategoryId, number | null>;
    metrics: Record<MetricId, number | null>;
  } | null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function mapRecord<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
}

/** The first rows of an audit's table (a console error's text, an element, a URL), to say where. */
function firstItems(audit: Result['audits'][string]): string {
  const details = audit.details;
  if (!details || !('items' in details) || !Array.isArray(details.items)) return '';
  return details.items
    .slice(0, 2)
    .map((item: unknown) => {
      if (typeof item !== 'object' || item === null) return '';
      const row = item as Record<string, unknown>;
      const node = row.node as { snippet?: unknown } | undefined;
      const location = row.sourceLocation as { url?: unknown } | undefined;
      const text = row.description ?? node?.snippet ?? row.url ?? row.source;
      if (typeof text !== 'string') return '';
      // A console error's text rarely names the URL; its source location does.
      const where = typeof location?.url === 'string' ? ` [${location.url}]` : '';
      return `${text.slice(0, 160)}${where}`;
    })
    .filter(Boolean)
    .join(' | ');
}

function summarise(lhr: Result): LighthouseRun {
  const scores = mapRecord(CATEGORIES, (id) => {
    const score = lhr.categories[id]?.score;
    return typeof score === 'number' ? Math.round(score * 100) : null;
  });
  const metrics = mapRecord(Object.keys(METRICS) as MetricId[], (id) => {
    const value = lhr.audits[METRICS[id]]?.numericValue;
    return typeof value === 'number' ? value : null;
  });
  const losses = mapRecord(CATEGORIES, (id) => {
    const score = scores[id];
    if (score === null || score >= CATEGORY_TARGETS[id]) return [];
    return (lhr.categories[id]?.auditRefs ?? [])
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ ref, audit }) => audit && ref.weight > 0 && audit.score !== null && audit.score < 1,
      )
      .sort(
        (a, b) =>
          b.ref.weight * (1 - (b.audit!.score ?? 1)) - a.ref.weight * (1 - (a.audit!.score ?? 1)),
      )
      .map(({ audit }) => {
        const value = audit!.displayValue ? ` (${audit!.displayValue})` : '';
        const examples = firstItems(audit!);
        return `${audit!.id}: ${audit!.title}${value}${examples ? ` — ${examples}` : ''}`;
      });
  });
  const warnings = [...lhr.runWarnings];
  if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    scores,
    metrics,
    losses,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    warnings,
  };
}

function medianOf(runs: LighthouseRun[]): PageLighthouse['median'] {
  if (runs.length === 0) return null;
  const of = (pick: (run: LighthouseRun) => number | null) =>
    median(runs.map(pick).filter((value): value is number => value !== null));
  return {
    scores: mapRecord(CATEGORIES, (id) => of((run) => run.scores[id])),
    metrics: mapRecord(Object.keys(METRICS) as MetricId[], (id) => of((run) => run.metrics[id])),
  };
}

function launchChrome(): Promise<LaunchedChrome> {
  return withTimeout(
    launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...QUIET_CHROMIUM_FLAGS],
      // run.ts owns Ctrl-C so it can stop the server too.
      handleSIGINT: false,
      logLevel: 'silent',
    }),
    30_000,
    'launching Chromium for Lighthouse',
  );
}

export async function runLighthouse(
  origin: string,
  paths: string[],
  runs: number,
  onProgress: (line: string) => void,
): Promise<PageLighthouse[]> {
  process.env.CHROME_PATH = CHROMIUM_PATH;
  let chrome: LaunchedChrome | undefined;
  try {
    const pages: PageLighthouse[] = [];
    for (const path of paths) {
      const page: PageLighthouse = { path, runs: [], errors: [], median: null };
      for (let i = 1; i <= runs; i++) {
        onProgress(`Lighthouse ${path} run ${i}/${runs}…`);
        try {
          chrome ??= await launchChrome();
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          };
          // No config: Lighthouse's default, which is mobile with simulated throttling.
          const result = await withTimeout(
            lighthouse(origin + path, flags),
            RUN_TIMEOUT_MS,
            `Lighthouse on ${path}`,
          );
          if (!result) throw new Error('Lighthouse returned no result');
          const run = summarise(result.lhr);
          if (result.lhr.runtimeError) page.errors.push(`run ${i}: ${run.warnings[0]}`);
          else page.runs.push(run);
        } catch (error) {
          page.errors.push(`run ${i}: ${errorMessage(error)}`);
          // A run that threw or timed out may still hold the browser: start the next one on a fresh one.
          chrome?.kill();
          chrome = undefined;
        }
      }
      page.median = medianOf(page.runs);
      pages.push(page);
    }
    return pages;
  } finally {
    chrome?.kill();
  }
}

/** For Ctrl-C: ends every Chromium this module launched. */
export function killLighthouseChromes(): void {
  killAll();
}
