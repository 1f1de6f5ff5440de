/**
 * Serves the built client: files from CLIENT_DIR with their pre-compressed .br/.gz siblings chosen by
 * Accept-Encoding, hashed /assets/* cached for a year, everything else revalidated (no-cache), and
 * index.html for every other page path so the client router can answer it (docs/product.md#static-files-and-the-page-fallback).
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
import { isUnder, pathnameOf } from '#server/request-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

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

/** The not-found fallback: page paths get index.html and their page's preloads; false leaves the 404. */
export function spaFallback(preloads: PagePreloads) {
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!isPagePath(request)) return false;
    const pathname = pathnameOf(request.url);
    if (NO_REFERRER_PAGES.has(pathname.replace(/\/+$/, '').toLowerCase())) {
      reply.header('referrer-policy', 'no-referrer');
    }
    const links = preloads.get(pageModuleRouteFor(pathname));
    if (links) reply.header('link', links);
    reply.sendFile('index.html');
    return true;
  };
}

export interface StaticClientOptions {
  clientDir: string;
}

export const staticClientPlugin = fp(
  async (app: FastifyInstance, { clientDir }: StaticClientOptions) => {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      dotfiles: 'ignore',
      // No index.html for "/" here: it goes to the fallback like every other page path (below).
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = relative(clientDir, path).startsWith(`assets${sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
    // fastify-static would refuse the bare directory; Home gets index.html and its preloads instead.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      handler: (_request, reply) => reply.callNotFound(),
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
