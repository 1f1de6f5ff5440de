/**
 * Serves the built client: files from CLIENT_DIR with their pre-compressed .br/.gz siblings chosen by
 * Accept-Encoding, hashed /assets/* cached for a year, everything else revalidated (no-cache), and
 * for every other page path its prerendered HTML (plugins/prerendered-pages.ts), which the client
 * then hydrates (docs/product/api.md#static-files-and-the-page-fallback), with robots.txt and the sitemap.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageModuleRouteFor } from '#shared/page-modules';
import { paths } from '#shared/paths';
import type { Config } from '#server/config';
import type { PagePreloads } from '#server/plugins/page-preloads';
import type { HtmlDocument, SitePages } from '#server/plugins/prerendered-pages';
import { isUnder, pathnameOf } from '#server/request-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const PREVIEW_IMAGE = /^assets[\\/]preview-[\w-]+\.png$/;

/** The client build to serve, or null (with one log line saying why) when only /api is served. */
export function locateClient(
  config: Pick<Config, 'serveClient' | 'clientDir'>,
  log: FastifyBaseLogger,
): string | null {
  if (!config.serveClient) {
    log.info('SERVE_CLIENT is false: serving /api only');
    return null;
  }
  if (!existsSync(join(config.clientDir, 'index.html'))) {
    log.warn(`No client build at ${config.clientDir} (run npm run build): serving /api only`);
    return null;
  }
  return config.clientDir;
}

/** A GET for a page path: not /api, not /assets (nothing renders there), no file extension. */
function isPagePath(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = pathnameOf(request.url);
  if (isUnder(pathname, '/api') || isUnder(pathname, '/assets')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** Pages whose URL carries a secret (the reset link's token): no Referer may ever repeat it. */
const NO_REFERRER_PAGES = new Set([paths.accountResetPassword.toLowerCase()]);

/** br, then gzip, as the browser accepts them (an encoding with q=0 is refused). */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, document: HtmlDocument) {
  reply
    .code(document.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .header('vary', 'accept-encoding')
    .header('etag', document.etag)
    .allowInlineStyles(document.styleHashes);
  if (document.status === 200 && request.headers['if-none-match'] === document.etag) {
    reply.code(304).send();
    return;
  }
  const encoding = encodingFor(request);
  if (encoding) reply.header('content-encoding', encoding);
  reply.send(
    encoding === 'br' ? document.brotli : encoding === 'gzip' ? document.gzip : document.html,
  );
}

/**
 * The not-found fallback: page paths get their HTML (prerendered, or index.html from a build without
 * it) and their page's preloads; false leaves the 404.
 */
export function spaFallback(preloads: PagePreloads, pages: SitePages) {
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!isPagePath(request)) return false;
    const pathname = pathnameOf(request.url);
    if (NO_REFERRER_PAGES.has(pathname.replace(/\/+$/, '').toLowerCase())) {
      reply.header('referrer-policy', 'no-referrer');
    }
    const document = pages.documentFor(pathname);
    // A prerendered page links its chunks in its head, after what it needs to paint; as a Link
    // header they would be fetched first and hold the paint back on a slow connection.
    const links = document?.linksItsChunks ? null : preloads.get(pageModuleRouteFor(pathname));
    if (links) reply.header('link', links);
    if (document) sendDocument(request, reply, document);
    else reply.sendFile('index.html');
    return true;
  };
}

export interface StaticClientOptions {
  clientDir: string;
  pages: SitePages;
}

export const staticClientPlugin = fp(
  async (app: FastifyInstance, { clientDir, pages }: StaticClientOptions) => {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      dotfiles: 'ignore',
      // No index.html for "/" here: it goes to the fallback like every other page path (below).
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const file = relative(clientDir, path);
        const hashed = file.startsWith(`assets${sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        // Link previews are shown by other sites (a chat's card of a shared link).
        if (PREVIEW_IMAGE.test(file)) reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
    // fastify-static would refuse the bare directory; Home gets index.html and its preloads instead.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      handler: (_request, reply) => reply.callNotFound(),
    });
    app.get('/robots.txt', (_request, reply) =>
      reply
        .header('cache-control', REVALIDATE)
        .type('text/plain; charset=utf-8')
        .send(pages.robots()),
    );
    app.get('/sitemap.xml', (_request, reply) => {
      const sitemap = pages.sitemap();
      if (!sitemap) return reply.callNotFound();
      return reply
        .header('cache-control', REVALIDATE)
        .type('application/xml; charset=utf-8')
        .send(sitemap);
    });
    // Preview images made since the build, for link previews of the published words; every other
    // file comes from the build's folder.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const file = pathnameOf(request.url).slice(1);
      const png = PREVIEW_IMAGE.test(file) ? pages.asset(file) : undefined;
      if (!png) return;
      return reply
        .header('cache-control', IMMUTABLE)
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/png')
        .send(png);
    });
    // The API's namespace is never looked up on disk: unknown /api paths go straight to the 404.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/*',
      handler: (_request, reply) => reply.callNotFound(),
    });
  },
  { name: 'static-client' },
);
