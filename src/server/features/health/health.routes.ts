/**
 * GET /api/health: 200 when storage answers a query, 503 otherwise. GET /api/health/live: 200 while
 * the process answers at all (no I/O). GET /api/health/ready: 200 only once the server listens and
 * storage answers; 503 while starting, while shutting down, and when storage does not answer
 * (docs/product/api.md#public-routes). GET /api/admin/health: the admin's view of the site
 * (docs/product/command-line.md#site-health).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/api-errors';
import { siteHealthSchema } from '#shared/site-health-schemas';
import type { App } from '#server/app-types';
import { requireAdmin } from '#server/plugins/guards';
import { readSiteHealth } from './site-health';
import { ApiError, STORAGE_MESSAGES } from '#server/plugins/errors';
import { storageFault } from '#server/db/storage-faults';

/**
 * A probe asks every few seconds: while the database is down each answer is one warning with the
 * fault, not a stack; anything that is not a storage fault stays an error.
 */
function storageDown(request: FastifyRequest, error: unknown, check: string): never {
  const fault = storageFault(error);
  if (fault) request.log.warn({ fault }, `storage did not answer the ${check} check`);
  else request.log.error({ err: error }, `storage did not answer the ${check} check`);
  throw new ApiError('unavailable', STORAGE_MESSAGES.unreachable);
}

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
        storageDown(request, error, 'readiness');
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
        storageDown(request, error, 'health');
      }
      return { status: 'ok' as const };
    },
  );
}
