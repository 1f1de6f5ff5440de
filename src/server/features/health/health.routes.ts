/** GET /api/health: 200 when storage answers a query, 503 otherwise (docs/product.md#public-routes). */
import { sql } from 'kysely';
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/api-errors';
import type { App } from '#server/app-types';
import { ApiError } from '#server/plugins/errors';

const healthSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: App): Promise<void> {
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
