/**
 * POST /api/errors: a visitor's error report, sent only after they agreed in the consent pop-up
 * (docs/product/forms.md#error-reports). The text is masked again before storing (the client masked it for the preview), the
 * body is capped well below the app's limit, and each client address may send a few per hour.
 * Each report joins its group (the same name, masked text and page key). GET /api/admin/errors:
 * the latest reports for the site owner (adminRank > 9); GET /api/admin/error-groups: the groups,
 * newest activity first, with their latest reports; POST /api/admin/error-groups/:id/state marks
 * one open, resolved or ignored; DELETE /api/admin/errors/:id deletes a report once it is dealt
 * with, or when its sender asks (privacy policy).
 */
import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  ERROR_GROUP_NOT_FOUND,
  ERROR_GROUP_REPORTS_SHOWN,
  ERROR_GROUPS_LIST_LIMIT,
  errorGroupListSchema,
  errorGroupResponseSchema,
  errorGroupStateSchema,
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
import type { Database } from '#server/db/schema';
import { describeAuditedAction } from '#server/features/audit/audit.service';
import { ApiError } from '#server/plugins/errors';
import { currentUser, requireAdmin } from '#server/plugins/guards';
import { enforceRateLimits, type RateLimitRule } from '#server/plugins/rate-limit';
import {
  deleteErrorReport,
  insertErrorReport,
  listLatestErrorReports,
} from './error-reports.repository';
import { clientNetwork } from '#server/plugins/client-network';
import { joinErrorGroup, listErrorGroups, setErrorGroupState } from './error-groups.repository';

/** Within the pruning window of plugins/rate-limit.ts (its longest rule is an hour too). */
export const ERROR_REPORTS_PER_ADDRESS: RateLimitRule = {
  name: 'error-report:address',
  limit: 10,
  windowMs: 60 * 60_000,
};

export interface ErrorReportsOptions {
  /**
   * Called in the report's transaction when it starts a new group (the owner's notifications); true
   * when it queued mail.
   */
  onNewGroup?: (
    db: Kysely<Database>,
    group: { errorName: string; error: string; page: string | null },
  ) => Promise<boolean>;
}

export async function errorReportsRoutes(
  app: App,
  options: ErrorReportsOptions = {},
): Promise<void> {
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
      const { errorName, page } = request.body;
      const error = maskErrorText(request.body.error);
      const now = new Date();
      const mailQueued = await app.db.transaction().execute(async (trx) => {
        const grouped = await joinErrorGroup(trx, { errorName, error, page: page ?? null }, now);
        await insertErrorReport(
          trx,
          {
            error,
            errorName,
            page: page ?? null,
            userId: user?.id ?? null,
            groupId: grouped.groupId,
          },
          now,
        );
        if (!grouped.isNew) return false;
        return (await options.onNewGroup?.(trx, { errorName, error, page: page ?? null })) ?? false;
      });
      if (mailQueued) app.mail.kick();
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

  app.get(
    '/api/admin/error-groups',
    { onRequest: [requireAdmin], schema: { response: { 200: errorGroupListSchema } } },
    async () => ({
      groups: await listErrorGroups(app.db, ERROR_GROUPS_LIST_LIMIT, ERROR_GROUP_REPORTS_SHOWN),
    }),
  );

  app.post(
    '/api/admin/error-groups/:id/state',
    {
      onRequest: [requireAdmin],
      config: { audit: 'errors.group-state' },
      schema: {
        params: recordIdParamsSchema,
        body: errorGroupStateSchema,
        response: { 200: errorGroupResponseSchema },
      },
    },
    async (request) => {
      const group = await setErrorGroupState(
        app.db,
        request.params.id,
        request.body.state,
        ERROR_GROUP_REPORTS_SHOWN,
      );
      if (!group) throw new ApiError('not-found', ERROR_GROUP_NOT_FOUND);
      describeAuditedAction(request, {
        targetId: null,
        details: { state: group.state, errorName: group.errorName, page: group.page },
      });
      return { group };
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
