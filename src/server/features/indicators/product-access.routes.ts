/**
 * Indicator access (issue 5, item 4). GET /api/me/products: the signed-in visitor's trials and
 * purchases with their state and end date (for /account). For the owner (adminRank above 9):
 * GET /api/admin/product-access, and POST /api/admin/product-access/:id/grant {days|null},
 * /extend {days}, /revoke and /removed ("Removed on TradingView"). Every change is published as the
 * user's live `user` event, so their open pages see their products change.
 */
import {
  adminAccessRecordResponseSchema,
  adminProductAccessResponseSchema,
  extendAccessSchema,
  grantAccessSchema,
  ownProductsResponseSchema,
} from '#shared/product-access-schemas';
import { recordIdParamsSchema } from '#shared/record-id';
import type { App } from '#server/app-types';
import { requireAdmin, requireUser, signedInUser } from '#server/plugins/guards';
import {
  extendAccess,
  grantAccess,
  listAllAccess,
  listOwnAccess,
  markRemoved,
  revokeAccess,
  type OwnerActionResult,
} from './product-access.repository';

export async function productAccessRoutes(app: App): Promise<void> {
  app.get(
    '/api/me/products',
    { onRequest: [requireUser], schema: { response: { 200: ownProductsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await signedInUser(request);
      return { records: await listOwnAccess(app.db, user.id, new Date()) };
    },
  );

  app.get(
    '/api/admin/product-access',
    { onRequest: [requireAdmin], schema: { response: { 200: adminProductAccessResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { records: await listAllAccess(app.db, new Date()) };
    },
  );

  async function answer(result: OwnerActionResult) {
    await app.live.publish({ kind: 'user', userId: result.userId });
    return { record: result.record };
  }

  const params = recordIdParamsSchema;
  const response = { 200: adminAccessRecordResponseSchema };

  app.post(
    '/api/admin/product-access/:id/grant',
    { onRequest: [requireAdmin], schema: { params, body: grantAccessSchema, response } },
    async (request) =>
      answer(await grantAccess(app.db, request.params.id, request.body.days, new Date())),
  );

  app.post(
    '/api/admin/product-access/:id/extend',
    { onRequest: [requireAdmin], schema: { params, body: extendAccessSchema, response } },
    async (request) =>
      answer(await extendAccess(app.db, request.params.id, request.body.days, new Date())),
  );

  app.post(
    '/api/admin/product-access/:id/revoke',
    { onRequest: [requireAdmin], schema: { params, response } },
    async (request) => answer(await revokeAccess(app.db, request.params.id, new Date())),
  );

  app.post(
    '/api/admin/product-access/:id/removed',
    { onRequest: [requireAdmin], schema: { params, response } },
    async (request) => answer(await markRemoved(app.db, request.params.id, new Date())),
  );
}
