/**
 * The HTML of every page path (docs/architecture.md#prerendered-pages): each public page its own
 * prerendered document, an unknown path Home's with status 404 and `noindex`, every other route
 * (the account, the desk, Nowou, the token pages) the app shell with `noindex`; with the sitemap,
 * robots.txt and the preview images made since the build. One set is served at a time and a new one
 * replaces it whole when the owner publishes (features/content). Absolute URLs were written with a
 * placeholder origin; here they get this server's PUBLIC_URL. A page's inline stylesheets are
 * allowed by their hashes. Each answer is kept compressed, as the static files are.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { paths } from '#shared/paths';
import {
  PRERENDER_MANIFEST,
  PRERENDERED_DIR,
  prerenderManifestSchema,
  type PrerenderManifest,
} from '#shared/prerender-manifest';

export interface HtmlDocument {
  status: 200 | 404;
  /** Its head links the page's own chunks already (no Link header is needed for them). */
  linksItsChunks: boolean;
  /** The 'sha256-…' CSP sources of its inline `<style>` blocks, which its answer must allow. */
  styleHashes: string[];
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

/** One complete set of pages: what a GET of each page path answers. */
export interface PageSet {
  /** By normalised path (lower case, no trailing slash). */
  pages: Map<string, HtmlDocument>;
  notFound: HtmlDocument;
  appShell: HtmlDocument;
  /** The public pages' paths with when their words last changed (ISO 8601), for the sitemap. */
  sitemapEntries: { path: string; lastmod: string }[];
  /** Files made since the build (preview images), by their path under the client folder. */
  assets: Map<string, Buffer>;
}

export interface SitePages {
  /** The document a GET of this page path answers with; null before any set (a bare build). */
  documentFor(pathname: string): HtmlDocument | null;
  /** null when there are no prerendered pages. */
  sitemap(): string | null;
  robots(): string;
  asset(file: string): Buffer | undefined;
  /** Serves `set` from now on (a publish, or the first set at start). */
  replace(set: PageSet): void;
  /** Whether a set is being served. */
  ready(): boolean;
}

/** The style elements' text as the HTML parser reads it: everything up to the first `</style`. */
const STYLE_BLOCK = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style/gi;

export function inlineStyleHashes(html: string): string[] {
  const hashes = [...html.matchAll(STYLE_BLOCK)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!).digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

/**
 * Brotli's quality for pages compressed at run time: a page of about 75 KB takes about 15 ms at 6
 * and about 480 ms at 11, for 8 % fewer bytes; at start and at every publish that is seconds.
 */
export const BROTLI_QUALITY = 6;

export function documentOf(
  html: string,
  status: HtmlDocument['status'],
  linksItsChunks: boolean,
): HtmlDocument {
  const bytes = Buffer.from(html);
  return {
    status,
    linksItsChunks,
    styleHashes: inlineStyleHashes(html),
    html: bytes,
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    }),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}

/** Case and trailing slashes do not matter, as in the client router. */
export const normalPath = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

const KNOWN_ROUTES = new Set(Object.values(paths).map(normalPath));

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function robotsTxt(publicUrl: string, withSitemap: boolean): string {
  const lines = ['User-agent: *', 'Disallow: /api/'];
  if (withSitemap) lines.push('', `Sitemap: ${publicUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

function sitemapXml(publicUrl: string, entries: PageSet['sitemapEntries']): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `  <url>\n    <loc>${escapeXml(`${publicUrl}${path}`)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function createSitePages(publicUrl: string): SitePages {
  let set: PageSet | null = null;
  let sitemap: string | null = null;
  return {
    documentFor(pathname) {
      if (!set) return null;
      const wanted = normalPath(pathname);
      return set.pages.get(wanted) ?? (KNOWN_ROUTES.has(wanted) ? set.appShell : set.notFound);
    },
    sitemap: () => sitemap,
    robots: () => robotsTxt(publicUrl, set !== null),
    asset: (file) => set?.assets.get(file),
    replace(next) {
      set = next;
      sitemap = sitemapXml(publicUrl, next.sitemapEntries);
    },
    ready: () => set !== null,
  };
}

/** The build's own pages: rendered from the shipped `content/` (scripts/prerender/). */
export interface BuildPages {
  manifest: PrerenderManifest;
  /** The documents, with this server's origin in their URLs. */
  read(publicUrl: string): Omit<PageSet, 'sitemapEntries' | 'assets'>;
}

/** The build's prerendered pages, or null when it has none (the server then sends the bare app). */
export function buildPages(clientDir: string): BuildPages | null {
  const dir = join(clientDir, PRERENDERED_DIR);
  let manifest: PrerenderManifest;
  try {
    manifest = prerenderManifestSchema.parse(
      JSON.parse(readFileSync(join(dir, PRERENDER_MANIFEST), 'utf8')),
    );
  } catch {
    return null;
  }
  return {
    manifest,
    read(publicUrl) {
      const read = (file: string, status: HtmlDocument['status'], linksItsChunks = true) =>
        documentOf(
          readFileSync(join(dir, file), 'utf8').replaceAll(manifest.origin, publicUrl),
          status,
          linksItsChunks,
        );
      return {
        pages: new Map(manifest.pages.map((page) => [normalPath(page.path), read(page.file, 200)])),
        notFound: read(manifest.notFound, 404),
        appShell: read(manifest.appShell, 200, false),
      };
    },
  };
}
