/**
 * The HTML of every page path (docs/architecture.md#prerendered-pages), read once at start from the
 * client build's `.prerendered/` folder: each public page its own prerendered file, an unknown path
 * Home's with status 404 and `noindex`, every other route (the account, the desk, Nowou, the token
 * pages) the app shell with `noindex`. The build wrote absolute URLs with a placeholder origin;
 * here they get this server's PUBLIC_URL. A page's inline stylesheets are allowed by their hashes. Each answer is kept compressed, as the static files are.
 * Also the sitemap of the public pages and robots.txt.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { paths } from '#shared/paths';
import {
  PRERENDER_MANIFEST,
  PRERENDERED_DIR,
  prerenderManifestSchema,
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

export interface PrerenderedPages {
  /** The document a GET of this page path answers with. */
  documentFor(pathname: string): HtmlDocument;
  /** null when the build has no prerendered pages. */
  sitemap: string | null;
  robots: string;
}

/** The style elements' text as the HTML parser reads it: everything up to the first `</style`. */
const STYLE_BLOCK = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style/gi;

export function inlineStyleHashes(html: string): string[] {
  const hashes = [...html.matchAll(STYLE_BLOCK)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!).digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

function documentOf(
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
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}

/** Case and trailing slashes do not matter, as in the client router. */
const normal = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

const KNOWN_ROUTES = new Set(Object.values(paths).map(normal));

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function robotsTxt(publicUrl: string, withSitemap: boolean): string {
  const lines = ['User-agent: *', 'Disallow: /api/'];
  if (withSitemap) lines.push('', `Sitemap: ${publicUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads the prerendered pages, or returns null (with one log line) when the build has none: the
 * server then answers every page path with index.html as before.
 */
export function readPrerenderedPages(
  clientDir: string,
  publicUrl: string,
  log: FastifyBaseLogger,
): PrerenderedPages | null {
  const dir = join(clientDir, PRERENDERED_DIR);
  let manifest;
  try {
    manifest = prerenderManifestSchema.parse(
      JSON.parse(readFileSync(join(dir, PRERENDER_MANIFEST), 'utf8')),
    );
  } catch {
    log.warn(
      `The client build has no readable ${PRERENDERED_DIR}/${PRERENDER_MANIFEST}: pages are sent as the bare app`,
    );
    return null;
  }
  const read = (file: string, status: HtmlDocument['status'], linksItsChunks = true) =>
    documentOf(
      readFileSync(join(dir, file), 'utf8').replaceAll(manifest.origin, publicUrl),
      status,
      linksItsChunks,
    );

  const pages = new Map(manifest.pages.map((page) => [normal(page.path), read(page.file, 200)]));
  const notFound = read(manifest.notFound, 404);
  const appShell = read(manifest.appShell, 200, false);

  const urls = manifest.pages.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(`${publicUrl}${page.path}`)}</loc>\n    <lastmod>${page.lastmod}</lastmod>\n  </url>`,
  );
  return {
    documentFor(pathname) {
      const wanted = normal(pathname);
      return pages.get(wanted) ?? (KNOWN_ROUTES.has(wanted) ? appShell : notFound);
    },
    sitemap: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    robots: robotsTxt(publicUrl, true),
  };
}

export function robotsWithoutSitemap(publicUrl: string): string {
  return robotsTxt(publicUrl, false);
}
