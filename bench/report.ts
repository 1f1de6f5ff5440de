/** Turns the figures into the lines `npm run bench` prints. */
import {
  KB,
  type HomeFirstLoad,
  type RouteChunks,
  type SizedSet,
  type Target,
} from './bundle-size.ts';
import {
  CATEGORIES,
  CLS_TARGET,
  HOME_TARGETS,
  categoryTarget,
  type CategoryId,
  type PageLighthouse,
} from './lighthouse.ts';

export function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Left-aligns text columns and right-aligns the ones flagged as numbers. */
export function table(header: string[], rows: string[][], numeric: boolean[]): string[] {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (row: string[]) =>
    '  ' +
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

export function homeLines(homes: HomeFirstLoad[], homeOwn: SizedSet, baseline: SizedSet): string[] {
  const rows: string[][] = [];
  for (const home of homes) {
    rows.push([
      `JS  (${home.viewport})`,
      String(home.js.files.length),
      kb(home.js.bytes),
      kb(home.js.gzip),
    ]);
    rows.push([
      `CSS (${home.viewport})`,
      String(home.css.files.length),
      kb(home.css.bytes),
      kb(home.css.gzip),
    ]);
  }
  rows.push([
    "Home's own route JS (in the first load)",
    String(homeOwn.files.length),
    kb(homeOwn.bytes),
    kb(homeOwn.gzip),
  ]);
  rows.push([
    'baseline: a bare React 19 app (same Vite build)',
    String(baseline.files.length),
    kb(baseline.bytes),
    kb(baseline.gzip),
  ]);
  const lines = table(['Home first load', 'files', 'raw KB', 'gzip KB'], rows, [
    false,
    true,
    true,
    true,
  ]);
  const first = homes[0];
  if (first) {
    lines.push(`  files (${first.viewport}):`);
    for (const file of [...first.js.files, ...first.css.files]) {
      lines.push(`    ${kb(file.gzip).padStart(6)} KB  ${file.path}`);
    }
  }
  return lines;
}

export function routeLines(routes: RouteChunks[]): string[] {
  const rows = routes.map((route) => [
    route.name,
    route.path === route.finalPath ? route.path : `${route.path} → ${route.finalPath}`,
    String(route.js.files.length),
    kb(route.js.gzip),
    kb(route.css.gzip),
    [...route.js.files, ...route.css.files].map((file) => basename(file.path)).join(' ') || '—',
  ]);
  const lines = table(['route', 'path', 'JS files', 'JS gzip KB', 'CSS gzip KB', 'chunks'], rows, [
    false,
    false,
    true,
    true,
    true,
    false,
  ]);
  return lines;
}

/** One line per distinct warning, naming the pages it came from (or "every page"). */
export function warningLines(
  problems: { page: string; problem: string }[],
  pageCount: number,
): string[] {
  const pagesByProblem = new Map<string, Set<string>>();
  for (const { page, problem } of problems) {
    pagesByProblem.set(problem, (pagesByProblem.get(problem) ?? new Set()).add(page));
  }
  return [...pagesByProblem].map(([problem, pages]) => {
    const where = pages.size >= pageCount ? 'every page' : [...pages].join(', ');
    return `  warning: ${problem} (${where})`;
  });
}

export function targetLine(target: Target): string {
  const verdict = target.pass
    ? `PASS (${kb(target.actual)} KB, ${kb(target.margin)} KB to spare)`
    : `MISS (${kb(target.actual)} KB, ${kb(-target.margin)} KB over)`;
  return `Target: Home first-load JS ≤ ${kb(target.limit)} KB gzip → ${verdict}`;
}

export function ratioLine(homeJs: number, baseline: SizedSet): string {
  return `Home first-load JS = ${(homeJs / baseline.gzip).toFixed(2)} × baseline (a bare React 19 app built in this run, ${kb(baseline.gzip)} KB gzip)`;
}

const SHORT: Record<CategoryId, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'best',
  seo: 'seo',
};

function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function categoryPasses(path: string, id: CategoryId, score: number | null): boolean {
  return score !== null && score >= categoryTarget(path, id);
}

export function categoryVerdict(
  path: string,
  id: CategoryId,
  score: number | null,
): 'PASS' | 'MISS' | 'ERROR' {
  if (score === null) return 'ERROR';
  return categoryPasses(path, id, score) ? 'PASS' : 'MISS';
}

/** CLS on every page, LCP and TBT on Home: the metric targets a page's median is held to. */
function metricVerdicts(page: PageLighthouse): string[] {
  const m = page.median?.metrics;
  const verdict = (value: number | null | undefined, limit: number) =>
    value === null || value === undefined ? 'ERROR' : value <= limit ? 'PASS' : 'MISS';
  const cls = m?.cls === null || m?.cls === undefined ? null : Number(m.cls.toFixed(3));
  const lines = [`CLS ${cls ?? '—'} ${verdict(cls, CLS_TARGET)}`];
  if (page.path === '/') {
    lines.push(`LCP ${ms(m?.lcp)} ${verdict(m?.lcp, HOME_TARGETS.lcpMs)}`);
    lines.push(`TBT ${ms(m?.tbt)} ${verdict(m?.tbt, HOME_TARGETS.tbtMs)}`);
  }
  return lines;
}

/** Each category's and metric's median with PASS, MISS or ERROR against the page's target. */
export function pageVerdicts(page: PageLighthouse): string {
  const verdicts = CATEGORIES.map((id) => {
    const score = page.median?.scores[id] ?? null;
    return `${id} ${score ?? '—'} (≥ ${categoryTarget(page.path, id)}) ${categoryVerdict(page.path, id, score)}`;
  });
  return [...verdicts, ...metricVerdicts(page)].join(' · ');
}

export function lighthouseLines(pages: PageLighthouse[]): string[] {
  const rows = pages.map((page) => {
    const m = page.median;
    return [
      page.path,
      `${page.runs.length}`,
      ...CATEGORIES.map((id) => String(m?.scores[id] ?? '—')),
      ms(m?.metrics.fcp),
      ms(m?.metrics.lcp),
      ms(m?.metrics.tbt),
      m?.metrics.cls === null || m?.metrics.cls === undefined ? '—' : m.metrics.cls.toFixed(3),
    ];
  });
  const lines = table(
    ['page', 'runs', ...CATEGORIES.map((id) => SHORT[id]), 'FCP', 'LCP', 'TBT', 'CLS'],
    rows,
    [false, true, true, true, true, true, true, true, true, true],
  );
  lines.push(
    `Targets: performance ${HOME_TARGETS.performance} on Home and ≥ 98 elsewhere, accessibility, best-practices and seo 100, CLS 0 everywhere, on Home LCP ≤ ${HOME_TARGETS.lcpMs} ms and TBT ≤ ${HOME_TARGETS.tbtMs} ms`,
  );
  for (const page of pages) {
    lines.push(`  ${page.path} ${pageVerdicts(page)}`);
    for (const error of page.errors) lines.push(`    error: ${error}`);
    // Why a category missed, from the run whose performance score is the median one.
    const run = [...page.runs].sort(
      (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
    )[Math.floor((page.runs.length - 1) / 2)];
    for (const id of CATEGORIES) {
      if (categoryPasses(page.path, id, page.median?.scores[id] ?? null)) continue;
      for (const loss of run?.losses[id].slice(0, 5) ?? [])
        lines.push(`    ${SHORT[id]} loses on ${loss}`);
    }
  }
  return lines;
}
