/**
 * Gzip sizes (zlib level 9, the level the build's .gz files use) of what the pages load, Home's
 * first-load target, and the React + ReactDOM baseline measured in the same run.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { makeTempDir } from '#test-support/temp-dir';
import type { PageLoad } from './page-loads.ts';

/** Sizes are printed and compared in KB of 1000 bytes (the stricter reading of "100 KB"). */
export const KB = 1000;
/** docs/product/constants.md#speed-and-scale-targets; tests/build/home-first-load.test.ts holds the build to it. */
export const HOME_FIRST_LOAD_JS_LIMIT = 100 * KB;

export interface SizedFile {
  path: string;
  bytes: number;
  gzip: number;
}

export interface SizedSet {
  files: SizedFile[];
  bytes: number;
  gzip: number;
}

export function gzipSize(data: Uint8Array): number {
  return gzipSync(data, { level: 9 }).length;
}

function sum(files: SizedFile[]): SizedSet {
  return {
    files,
    bytes: files.reduce((total, file) => total + file.bytes, 0),
    gzip: files.reduce((total, file) => total + file.gzip, 0),
  };
}

/** Reads each URL path from the build; what the build does not hold is fetched from the server. */
export async function sizeUrlPaths(
  origin: string,
  clientDir: string,
  urlPaths: string[],
): Promise<SizedSet> {
  const files: SizedFile[] = [];
  for (const urlPath of urlPaths) {
    const onDisk = join(clientDir, decodeURIComponent(urlPath));
    let data: Uint8Array;
    if (existsSync(onDisk) && !urlPath.endsWith('/')) {
      data = readFileSync(onDisk);
    } else {
      const response = await fetch(origin + urlPath, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok)
        throw new Error(`${urlPath} answered HTTP ${response.status} while measuring its size`);
      data = new Uint8Array(await response.arrayBuffer());
    }
    files.push({ path: urlPath, bytes: data.length, gzip: gzipSize(data) });
  }
  return sum(files);
}

/**
 * The baseline: the smallest React 19 app there is (createRoot + render of one element), built by the
 * same Vite in this run, minified like the site. Whatever Home ships beyond it is the site's own cost.
 */
export async function reactBaseline(): Promise<SizedSet> {
  const root = makeTempDir('react-baseline-');
  try {
    writeFileSync(
      join(root, 'index.html'),
      '<div id="root"></div><script type="module" src="/main.js"></script>',
    );
    writeFileSync(
      join(root, 'main.js'),
      "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n",
    );
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      resolve: {
        alias: {
          react: dirname(require.resolve('react/package.json')),
          'react-dom': dirname(require.resolve('react-dom/package.json')),
        },
      },
      build: { outDir: join(root, 'dist'), target: 'es2022', modulePreload: { polyfill: false } },
    });
    const assets = join(root, 'dist', 'assets');
    return sum(
      readdirSync(assets)
        .filter((name) => name.endsWith('.js'))
        .map((name) => {
          const data = readFileSync(join(assets, name));
          return { path: `react-baseline/${name}`, bytes: data.length, gzip: gzipSize(data) };
        }),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const require = createRequire(import.meta.url);

export interface HomeFirstLoad {
  viewport: string;
  load: PageLoad;
  js: SizedSet;
  css: SizedSet;
}

export interface RouteChunks {
  name: string;
  path: string;
  finalPath: string;
  /** JS and CSS this route loads beyond Home's first load (at the same viewport). */
  js: SizedSet;
  css: SizedSet;
  problems: string[];
}

export async function routeChunks(
  origin: string,
  clientDir: string,
  name: string,
  load: PageLoad,
  home: PageLoad,
): Promise<RouteChunks> {
  const added = (loaded: string[], base: string[]) => loaded.filter((path) => !base.includes(path));
  return {
    name,
    path: load.path,
    finalPath: load.finalPath,
    js: await sizeUrlPaths(origin, clientDir, added(load.js, home.js)),
    css: await sizeUrlPaths(origin, clientDir, added(load.css, home.css)),
    problems: load.problems,
  };
}

/**
 * Home's own route module(s): what Home's first load fetches that no other route fetches. Every
 * other route shares the shell, so what is left is the part of Home's load that is Home's alone.
 */
export function homeOwnJs(home: PageLoad, others: PageLoad[]): string[] {
  return home.js.filter((path) => !others.some((load) => load.js.includes(path)));
}

export interface Target {
  limit: number;
  actual: number;
  pass: boolean;
  /** Positive: room left; negative: over by this much. */
  margin: number;
}

export function checkHomeTarget(actual: number): Target {
  return {
    limit: HOME_FIRST_LOAD_JS_LIMIT,
    actual,
    pass: actual <= HOME_FIRST_LOAD_JS_LIMIT,
    margin: HOME_FIRST_LOAD_JS_LIMIT - actual,
  };
}
