/**
 * Cross-site request refusal (OWASP CSRF Prevention Cheat Sheet, "Fetch Metadata" and "Verifying
 * Origin"): an unsafe request (POST, PUT, PATCH, DELETE) is refused with 403
 * when the browser says it came from another site (Sec-Fetch-Site other than same-origin or none),
 * or, from browsers that do not send that header, when its Origin is not PUBLIC_URL's. Requests with
 * neither header come from non-browser clients, which carry no ambient cookies of a victim.
 * Only /api takes unsafe methods; the check runs for every path so a route added elsewhere is covered.
 * The desk's API (/api/admin/*) refuses cross-site requests of every method: a link from another
 * site carries the owner's Lax cookie on a top-level GET, and no desk read is meant to be opened
 * from elsewhere (docs/decisions/2026-11-29-second-probe.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config';
import { ApiError } from '#server/plugins/errors';
import { isUnder, pathnameOf } from '#server/request-path';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);
const DESK_API = '/api/admin';

export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed.';

export function isCrossSite(
  headers: { 'sec-fetch-site'?: string | string[]; origin?: string | string[] },
  config: Pick<Config, 'publicUrl'>,
): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return !ALLOWED_FETCH_SITES.has(String(fetchSite).toLowerCase());
  const origin = headers.origin;
  if (origin !== undefined) return origin !== config.publicUrl;
  return false;
}

export const sameOriginPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      // The matched route, not the raw URL: the router decodes %61dmin to admin.
      const route = request.routeOptions.url ?? pathnameOf(request.url);
      if (!UNSAFE_METHODS.has(request.method) && !isUnder(route, DESK_API)) return;
      if (isCrossSite(request.headers, app.config))
        throw new ApiError('permission-denied', CROSS_SITE_REFUSED);
    });
  },
  { name: 'same-origin' },
);
