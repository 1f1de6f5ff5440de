/**
 * POST /api/visits `{page}`: one more visit to a known page key (docs/product.md#counting-rules); cookieless
 * and open to anyone, so it is rate limited per client address. GET /api/admin/traffic: the counts
 * for the admin (adminRank above 9).
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/api-errors';
import { countVisitSchema, TRAFFIC_DAYS, trafficResponseSchema } from '#shared/visit-schemas';
import type { App } from '#server/app-types';
import { createVisitBatches } from './visit-batches';
import { readTraffic } from './visits.repository';
import { requireAdmin } from '#server/plugins/guards';
import { MESSAGES } from '#shared/account-schemas';
import { ApiError } from '#server/plugins/errors';
import type { RateLimitRule } from '#server/plugins/rate-limit';
import { clientNetwork } from '#server/plugins/client-network';

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

export async function visitsRoutes(app: App): Promise<void> {
  const batches = createVisitBatches(app.db, VISITS_PER_ADDRESS);
  app.addHook('onClose', () => batches.close());

  app.post(
    '/api/visits',
    {
      schema: {
        body: countVisitSchema,
        response: { 204: z.undefined(), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      // Answered once the batch holding it (its limit and its count) has committed.
      const outcome = await batches.count(request.body.page, clientNetwork(request.ip));
      if (!outcome.counted) {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
      }
      return reply.code(204).send(undefined);
    },
  );

  app.get(
    '/api/admin/traffic',
    {
      onRequest: [requireAdmin],
      schema: {
        response: {
          200: trafficResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readTraffic(app.db, TRAFFIC_DAYS);
    },
  );
}
