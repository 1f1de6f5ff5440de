/**
 * The client build as the renderer uses it (docs/architecture.md#prerendered-pages): the server-side
 * entry of the client that `vite build --ssr src/client/prerender.tsx` made in the build's `.renderer/`, the
 * built index.html (the app shell's template), the template of the prerendered pages that
 * `npm run build` left in `.prerendered/`, and the client manifest that says which chunks and
 * stylesheets each page needs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CLIENT_MANIFEST,
  clientManifestSchema,
  type ClientManifest,
} from '#shared/client-manifest';
import type { ContentParts, ContentPayload } from '#shared/content-parts';
import { PAGE_TEMPLATE, PRERENDERED_DIR, RENDERER_DIR } from '#shared/prerender-manifest';
import type { PublicPage } from '#shared/public-pages';

/** What the build's .renderer/prerender.js offers (src/client/prerender.tsx). */
export interface PageRenderer {
  renderPage(path: string, content: ContentPayload): Promise<string>;
  drawingFor(page: Exclude<PublicPage, 'art'>): string;
  artworksOf(art: ContentParts['art']): {
    title: string;
    description: string;
    alt: string;
    src: string;
    width: number;
    height: number;
    year: number;
    image: string;
  }[];
  tracksOf(music: ContentParts['music']): {
    title: string;
    description: string;
    src: string;
    duration: number;
  }[];
}

export interface SiteBuild {
  clientDir: string;
  renderer: PageRenderer;
  /** The built index.html: the app shell starts from it. */
  shellTemplate: string;
  /** The prerendered pages' template (theme-init.js hashed; no entry stylesheet or script). */
  pageTemplate: string;
  /** The entry module and the modules it preloads, in index.html's order. */
  entry: string[];
  manifest: ClientManifest;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;

/** The entry module and the modules it preloads, in the built index.html's order. */
export function entryModules(template: string): string[] {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('The built index.html has no module script');
  return [entry, ...[...template.matchAll(PRELOAD)].map((match) => match[1] ?? '')];
}

/** index.html without its module script and preloads: each page lists its own modules. */
export function withoutEntryScripts(template: string): string {
  return template.replace(ENTRY_SCRIPT, '').replace(PRELOAD, '');
}

export function readClientManifest(clientDir: string): ClientManifest {
  return clientManifestSchema.parse(
    JSON.parse(readFileSync(join(clientDir, CLIENT_MANIFEST), 'utf8')),
  );
}

/**
 * The media files (relative to `content/`) the client build carries: the only ones the words may
 * name. Undefined for a build without its manifest (a stand-in client): any file of the folder then.
 */
export function servableMedia(clientDir: string): Set<string> | undefined {
  if (!existsSync(join(clientDir, CLIENT_MANIFEST))) return undefined;
  return new Set(
    Object.keys(readClientManifest(clientDir))
      .filter((source) => source.startsWith('content/'))
      .map((source) => source.slice('content/'.length)),
  );
}

/** The SSR entry module; production React (it is loaded only in the renderer's own thread). */
export async function importRenderer(prerenderDir: string): Promise<PageRenderer> {
  return (await import(pathToFileURL(join(prerenderDir, 'prerender.js')).href)) as PageRenderer;
}

/** Reads a finished build (`npm run build`). */
export async function loadSiteBuild(clientDir: string): Promise<SiteBuild> {
  const shellTemplate = readFileSync(join(clientDir, 'index.html'), 'utf8');
  return {
    clientDir,
    renderer: await importRenderer(join(clientDir, RENDERER_DIR)),
    shellTemplate,
    pageTemplate: readFileSync(join(clientDir, PRERENDERED_DIR, PAGE_TEMPLATE), 'utf8'),
    entry: entryModules(shellTemplate),
    manifest: readClientManifest(clientDir),
  };
}
