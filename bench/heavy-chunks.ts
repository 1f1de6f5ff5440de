/**
 * Where the heavy libraries go (docs/product/constants.md#speed-and-scale-targets): each must be in
 * a chunk of its own, found by its module in the build's manifest, never the entry chunk, and be
 * fetched on a first page load only by the routes that need it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageLoad } from './page-loads.ts';

export interface HeavyLibraryRule {
  name: string;
  /** Routes whose first load may fetch it (the others must not). */
  allowedRoutes: string[];
}

export const HEAVY_LIBRARIES: HeavyLibraryRule[] = [
  // The charts load when they come near the screen, so even their pages may not fetch them at first.
  { name: 'lightweight-charts', allowedRoutes: ['longAndShortPosition', 'portfolio', 'admin'] },
  // QR images are drawn only when a wallet pop-up opens.
  { name: 'qrcode', allowedRoutes: [] },
  // The Markdown editor loads when the desk opens a Markdown page, never with a first page load.
  { name: 'codemirror', allowedRoutes: [] },
];

interface ManifestEntry {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
}

export interface HeavyLibraryCheck {
  name: string;
  /** URL paths of the chunks that hold it. */
  chunks: string[];
  /** Routes whose first load fetched one of them. */
  loadedBy: string[];
  allowedRoutes: string[];
  pass: boolean;
  problem?: string;
}

export function readManifest(clientDir: string): Record<string, ManifestEntry> {
  return JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
}

/** The chunks of `library`: its modules' own chunks, or a shared chunk Vite named after it. */
export function chunksOf(
  manifest: Record<string, ManifestEntry>,
  library: string,
): ManifestEntry[] {
  return Object.entries(manifest)
    .filter(
      ([key, entry]) =>
        entry.file.endsWith('.js') &&
        (key.startsWith(`node_modules/${library}/`) ||
          entry.src?.startsWith(`node_modules/${library}/`) ||
          entry.name?.startsWith(library)),
    )
    .map(([, entry]) => entry);
}

export function checkHeavyLibraries(
  manifest: Record<string, ManifestEntry>,
  loads: { name: string; load: PageLoad }[],
  rules: HeavyLibraryRule[] = HEAVY_LIBRARIES,
): HeavyLibraryCheck[] {
  return rules.map(({ name, allowedRoutes }) => {
    const entries = chunksOf(manifest, name);
    const chunks = entries.map((entry) => `/${entry.file}`);
    const loadedBy = loads
      .filter(({ load }) => load.js.some((path) => chunks.includes(path)))
      .map((load) => load.name);
    const unexpected = loadedBy.filter((route) => !allowedRoutes.includes(route));
    let problem: string | undefined;
    if (entries.length === 0) problem = 'no chunk of its own in the build';
    else if (entries.some((entry) => entry.isEntry)) problem = 'it is in the entry chunk';
    else if (unexpected.length > 0) problem = `fetched on first load by ${unexpected.join(', ')}`;
    return { name, chunks, loadedBy, allowedRoutes, pass: problem === undefined, problem };
  });
}

export function heavyLibraryLine(check: HeavyLibraryCheck): string {
  const where = check.chunks.map((path) => path.replace(/^\/assets\//, '')).join(', ') || '—';
  const loaded = check.loadedBy.length ? check.loadedBy.join(', ') : 'no route';
  const verdict = check.pass ? 'PASS' : `MISS (${check.problem})`;
  return `Heavy library ${check.name}: own chunk ${where}; fetched on first load by ${loaded} → ${verdict}`;
}
