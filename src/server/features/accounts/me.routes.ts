/**
 * GET /api/me: the signed-in visitor's user info, or `{ "user": null }` when signed out.
 * Signed out is an ordinary answer (200), not an error: a 401 on every page load would be a console
 * error in every visitor's browser. Accounts and sessions arrive with the accounts issue; until
 * then nobody can be signed in.
 */
import { z } from 'zod';
import type { App } from '#server/app-types';

const meSchema = z.object({ user: z.null() });

export async function meRoutes(app: App): Promise<void> {
  app.get('/api/me', { schema: { response: { 200: meSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: null };
  });
}
