/**
 * POST /api/errors: a visitor's error report, sent only after they agreed in the consent pop-up
 * (docs/product.md#error-reports). The text is masked again before storing (the client masked it for the preview), the
 * body is capped well below the app's limit, and each client address may send a few per hour.
 * GET /api/admin/errors: the latest reports for the site owner (adminRank > 9); DELETE
 * /api/admin/errors/:id deletes one once it is dealt with, or when its sender asks (privacy policy).
 */
import { z } from 'zod';
import {
  ERROR_REPORT_BODY_LIMIT_BYTES,
  ERROR_REPORT_NOT_FOUND,
  ERROR_REPORTS_LIST_LIMIT,
  errorReportListSchema,
  errorReportPayloadSchema,
  errorReportReceivedSchema,
  maskErrorText,
} from '#shared/error-report-schemas';
import { recordIdParamsSchema } from '#shared/record-id';
import type { App } from '#server/app-types';
import { ApiError } from '#server/plugins/errors';
import { currentUser, requireAdmin } from '#server/plugins/guards';
import { enforceRateLimits, type RateLimitRule } from '#server/plugins/rate-limit';
import {
  deleteErrorReport,
  insertErrorReport,
  listLatestErrorReports,
} from './error-reports.repository';
import { clientNetwork } from '#server/plugins/client-network';

/** Within the pruning window of plugins/rate-limit.ts (its longest rule is an hour too). */
export const ERROR_REPORTS_PER_ADDRESS: RateLimitRule = {
  name: 'error-report:address',
  limit: 10,
  windowMs: 60 * 60_000,
};

export async function errorReportsRoutes(app: App): Promise<void> {
  app.post(
    '/api/errors',
    {
      bodyLimit: ERROR_REPORT_BODY_LIMIT_BYTES,
      schema: { body: errorReportPayloadSchema, response: { 201: errorReportReceivedSchema } },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, reply, [
        [ERROR_REPORTS_PER_ADDRESS, clientNetwork(request.ip)],
      ]);
      const user = await currentUser(request);
      const { error, errorName, page } = request.body;
      await insertErrorReport(app.db, {
        error: maskErrorText(error),
        errorName,
        page: page ?? null,
        userId: user?.id ?? null,
      });
      return reply.code(201).send({ status: 'received' as const });
    },
  );

  app.get(
    '/api/admin/errors',
    { onRequest: [requireAdmin], schema: { response: { 200: errorReportListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { reports: await listLatestErrorReports(app.db, ERROR_REPORTS_LIST_LIMIT) };
    },
  );

  app.delete(
    '/api/admin/errors/:id',
    {
      onRequest: [requireAdmin],
      schema: { params: recordIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      if (!(await deleteErrorReport(app.db, request.params.id)))
        throw new ApiError('not-found', ERROR_REPORT_NOT_FOUND);
      return reply.code(204).send(undefined);
    },
  );
}
