/**
 * GET /api/health: 200 when storage answers a query, 503 otherwise. GET /api/health/live: 200 while
 * the process answers at all (no I/O). GET /api/health/ready: 200 only once the server listens and
 * storage answers; 503 while starting, while shutting down, and when storage does not answer
 * (docs/product/api.md#public-routes). GET /api/admin/health: the admin's view of the site
 * (docs/product/command-line.md#site-health).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/api-errors';
import { siteHealthSchema } from '#shared/site-health-schemas';
import type { App } from '#server/app-types';
import { requireAdmin } from '#server/plugins/guards';
import { readSiteHealth } from './site-health';
import { ApiError } from '#server/plugins/errors';

const healthSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: App): Promise<void> {
  let state: 'starting' | 'ready' | 'stopping' = 'starting';
  app.addHook('onListen', async () => {
    state = 'ready';
  });
  app.addHook('preClose', async () => {
    state = 'stopping';
  });

  app.get(
    '/api/admin/health',
    {
      onRequest: [requireAdmin],
      schema: {
        response: {
          200: siteHealthSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async () => readSiteHealth(app.db, app.config),
  );

  app.get('/api/health/live', { schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/api/health/ready',
    { schema: { response: { 200: healthSchema, 503: errorEnvelopeSchema } } },
    async (request) => {
      if (state === 'starting') throw new ApiError('unavailable', 'Starting.');
      if (state === 'stopping') throw new ApiError('unavailable', 'Shutting down.');
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'storage did not answer the readiness check');
        throw new ApiError('unavailable', 'Storage is unavailable.');
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: errorEnvelopeSchema } } },
    async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'storage did not answer the health check');
        throw new ApiError('unavailable', 'Storage is unavailable.');
      }
      return { status: 'ok' as const };
    },
  );
}
