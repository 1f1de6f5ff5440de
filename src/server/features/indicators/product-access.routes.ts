/**
 * Indicator access (docs/product/offerings.md#free-trials-and-purchases). GET /api/me/products: the signed-in visitor's trials and
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
  PRODUCT_ACCESS_MESSAGES,
  type AdminAccessRecord,
} from '#shared/product-access-schemas';
import { recordIdParamsSchema } from '#shared/record-id';
import type { App, FindAccounts } from '#server/app-types';
import type { ProductAccess } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';
import { requireAdmin, requireUser, signedInUser } from '#server/plugins/guards';
import {
  adminRecord,
  extendAccess,
  grantAccess,
  listAllAccess,
  listOwnAccess,
  markRemoved,
  revokeAccess,
} from './product-access.repository';

export interface ProductAccessRoutesOptions {
  /** The records' accounts for the owner's list (app.ts: the accounts domain's lookup). */
  findAccounts: FindAccounts;
}

export async function productAccessRoutes(
  app: App,
  { findAccounts }: ProductAccessRoutesOptions,
): Promise<void> {
  /** The owner's view of the rows, each with its account (rows whose account is gone are left out). */
  async function ownerRecords(rows: ProductAccess[], now: Date): Promise<AdminAccessRecord[]> {
    const accounts = await findAccounts(app.db, [...new Set(rows.map((row) => row.user_id))]);
    return rows.flatMap((row) => adminRecord(row, accounts.get(row.user_id), now) ?? []);
  }

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
      const now = new Date();
      return { records: await ownerRecords(await listAllAccess(app.db), now) };
    },
  );

  /** The changed record for the owner; its user's open pages hear of the change. */
  async function answer(row: ProductAccess, now: Date) {
    const [record] = await ownerRecords([row], now);
    if (!record) throw new ApiError('not-found', PRODUCT_ACCESS_MESSAGES.notFound);
    await app.live.publish({ kind: 'user', userId: row.user_id });
    return { record };
  }

  const params = recordIdParamsSchema;
  const response = { 200: adminAccessRecordResponseSchema };

  app.post(
    '/api/admin/product-access/:id/grant',
    { onRequest: [requireAdmin], schema: { params, body: grantAccessSchema, response } },
    async (request) => {
      const now = new Date();
      return answer(await grantAccess(app.db, request.params.id, request.body.days, now), now);
    },
  );

  app.post(
    '/api/admin/product-access/:id/extend',
    { onRequest: [requireAdmin], schema: { params, body: extendAccessSchema, response } },
    async (request) => {
      const now = new Date();
      return answer(await extendAccess(app.db, request.params.id, request.body.days, now), now);
    },
  );

  app.post(
    '/api/admin/product-access/:id/revoke',
    { onRequest: [requireAdmin], schema: { params, response } },
    async (request) => {
      const now = new Date();
      return answer(await revokeAccess(app.db, request.params.id, now), now);
    },
  );

  app.post(
    '/api/admin/product-access/:id/removed',
    { onRequest: [requireAdmin], schema: { params, response } },
    async (request) => {
      const now = new Date();
      return answer(await markRemoved(app.db, request.params.id, now), now);
    },
  );
}
