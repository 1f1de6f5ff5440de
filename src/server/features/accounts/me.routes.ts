/**
 * GET /api/me: the signed-in visitor's user info, or `{ "user": null }` when signed out.
 * Signed out is an ordinary answer (200), not an error: a 401 on every page load would be a console
 * error in every visitor's browser.
 */
import { meResponseSchema } from '#shared/account-schemas';
import { loadUserInfo } from '#server/accounts/user-info';
import type { App } from '#server/app-types';
import { getSessionUser } from '#server/plugins/session';

export async function meRoutes(app: App): Promise<void> {
  app.get(
    '/api/me',
    { schema: { response: { 200: meResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await getSessionUser(request);
      return { user: user ? await loadUserInfo(app.db, user.id) : null };
    },
  );
}
