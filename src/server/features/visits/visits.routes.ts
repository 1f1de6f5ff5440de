/**
 * POST /api/visits `{page, referrer?, utmSource?, optOut?}`: one more visit to a known page key
 * and its source (docs/product/visits.md#counting-rules), or one more visit left out, with the reason;
 * cookieless and open to anyone, so it is rate limited per client address (in memory,
 * visit-limits.ts), and an address counts once per page and UTC day (visit-repeats.ts).
 * GET /api/admin/traffic and GET /api/admin/traffic/sources: the owner's figures over a range of
 * UTC days beside the period before it (docs/product/visits.md#traffic-counters).
 */
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { z } from 'zod';
import { ADMIN_RANK_ABOVE, MESSAGES } from '#shared/account-schemas';
import { errorEnvelopeSchema } from '#shared/api-errors';
import {
  countVisitSchema,
  trafficQuerySchema,
  trafficResponseSchema,
  trafficSourcesQuerySchema,
  trafficSourcesResponseSchema,
  type ExclusionReason,
} from '#shared/visit-schemas';
import { visitSource } from '#shared/visit-sources';
import type { App } from '#server/app-types';
import { ApiError } from '#server/plugins/errors';
import { currentUser, requireAdmin } from '#server/plugins/guards';
import type { RateLimitRule } from '#server/plugins/rate-limit';
import { clientNetwork } from '#server/plugins/client-network';
import { readSources, readTraffic } from './traffic-figures';
import { createVisitBatches } from './visit-batches';
import { createVisitLimits } from './visit-limits';
import { createVisitRepeats } from './visit-repeats';

/**
 * A browser counts each page at most once per session (19 page keys), so 300 a minute leaves room
 * for many visitors behind one address (an office, a mobile carrier) while keeping a script from
 * inflating the counters cheaply.
 */
export const VISITS_PER_ADDRESS: RateLimitRule = {
  name: 'visits:address',
  limit: 300,
  windowMs: 60_000,
};

/** isbot's answers by User-Agent: a site sees few distinct ones, and isbot's pattern is long. */
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_KEPT = 1_000;
const LONGEST_AGENT_KEPT = 512;

function isBotAgent(agent: string): boolean {
  const known = botAnswers.get(agent);
  if (known !== undefined) return known;
  const answer = isbot(agent);
  if (agent.length <= LONGEST_AGENT_KEPT) {
    if (botAnswers.size >= BOT_ANSWERS_KEPT) botAnswers.clear();
    botAnswers.set(agent, answer);
  }
  return answer;
}

/**
 * Why a visit is left out, before its body is read: a bot by its User-Agent (isbot's maintained
 * list; a browser always sends one), or a request no page made. A page's fetch carries
 * `Sec-Fetch-Site: same-origin` (browsers older than that header send an Origin); a script or a
 * crawler that only posts carries neither.
 */
function requestExclusion(request: FastifyRequest): ExclusionReason | null {
  const agent = request.headers['user-agent'];
  if (!agent || isBotAgent(agent)) return 'bot';
  const site = request.headers['sec-fetch-site'];
  const fromPage = site === 'same-origin' || (site === undefined && !!request.headers.origin);
  return fromPage ? null : 'noPageLoad';
}

export async function visitsRoutes(app: App): Promise<void> {
  const limits = createVisitLimits(VISITS_PER_ADDRESS);
  const repeats = createVisitRepeats();
  const batches = createVisitBatches(app.db);
  app.addHook('onClose', () => batches.close());
  const ownHost = new URL(app.config.publicUrl).hostname;

  app.post(
    '/api/visits',
    {
      schema: {
        body: countVisitSchema,
        response: { 204: z.undefined(), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const network = clientNetwork(request.ip);
      const limit = limits.hit(network);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
      }
      const { page, optOut } = request.body;
      let excluded = requestExclusion(request);
      // Only a request with a cookie can be an admin's; the others never read a session.
      if (!excluded && request.headers.cookie) {
        const user = await currentUser(request);
        if (user && user.admin_rank > ADMIN_RANK_ABOVE) excluded = 'admin';
      }
      if (!excluded && optOut) excluded = 'optedOut';
      const source = excluded ? '' : visitSource(request.body, ownHost);
      // Once per address, page and day, with a few sources (docs/decisions/2026-11-29-second-probe.md).
      if (!excluded) excluded = repeats.check(network, page, source);
      // Answered once the batch holding it has committed.
      await batches.count({ pageKey: page, source, excluded });
      return reply.code(204).send(undefined);
    },
  );

  const adminErrors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
  };

  app.get(
    '/api/admin/traffic',
    {
      onRequest: [requireAdmin],
      schema: {
        querystring: trafficQuerySchema,
        response: { 200: trafficResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { from, to, page } = request.query;
      return readTraffic(app.db, { from, to }, page ?? null);
    },
  );

  app.get(
    '/api/admin/traffic/sources',
    {
      onRequest: [requireAdmin],
      schema: {
        querystring: trafficSourcesQuerySchema,
        response: { 200: trafficSourcesResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { from, to, source } = request.query;
      return readSources(app.db, { from, to }, source ?? null);
    },
  );
}
