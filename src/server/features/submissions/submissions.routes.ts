/**
 * POST /api/submissions: the product's generic form submission (docs/product/forms.md#stored-submission), for every form of the site. The
 * payload is checked against its type's definition (src/shared/submission-forms.ts) with the same
 * rules the browser uses; forms for signed-in visitors answer 401 otherwise. Stored as the server read
 * it: every field of the definition in its order, with the definition's required flags, trimmed
 * values and the server's time (never the browser's own flags or clock). GET /api/admin/submissions?type=…: the latest, for the owner (adminRank above 9);
 * DELETE /api/admin/submissions/:id deletes one once it is dealt with (privacy policy).
 */
import { z } from 'zod';
import {
  SUBMISSION_BODY_LIMIT_BYTES,
  SUBMISSION_NOT_FOUND,
  SUBMISSIONS_LIST_LIMIT,
  readSubmission,
  submissionListQuerySchema,
  submissionListSchema,
  submissionPayloadSchema,
  submissionReceivedSchema,
  toSubmissionPayload,
} from '#shared/submission-schemas';
import { recordIdParamsSchema } from '#shared/record-id';
import { FORM_DEFINITIONS, type SubmissionType } from '#shared/submission-forms';
import { isMailList, type MailList } from '#shared/mail-list-schemas';
import type { Kysely } from 'kysely';
import type { App, FindAccounts } from '#server/app-types';
import type { Database } from '#server/db/schema';
import {
  listContext,
  requestSubscription,
} from '#server/features/mail-lists/subscriptions.service';
import { ApiError } from '#server/plugins/errors';
import { currentUser, requireAdmin, signedInUser } from '#server/plugins/guards';
import { enforceRateLimits, type RateLimitRule } from '#server/plugins/rate-limit';
import {
  deleteSubmission,
  insertSubmission,
  listedSubmission,
  listSubmissions,
} from './submissions.repository';
import type { SubmissionEffects } from './submissions.service';
import { clientNetwork } from '#server/plugins/client-network';

/** Real people send a form or two; a script sending hundreds is refused. */
export const SUBMISSIONS_PER_ADDRESS: RateLimitRule = {
  name: 'submission:address',
  limit: 20,
  windowMs: 60 * 60_000,
};

export interface SubmissionsRoutesOptions {
  /** What a submission of a given type does besides being stored (app.ts: the indicator forms'). */
  effects: SubmissionEffects;
  /** The senders' accounts for the owner's list (app.ts: the accounts domain's lookup). */
  findAccounts: FindAccounts;
  /**
   * Called in the submission's transaction (app.ts: the owner's notification mails); true when it
   * queued mail.
   */
  onSubmitted?: (
    trx: Kysely<Database>,
    submission: { type: SubmissionType; values: Record<string, unknown> },
  ) => Promise<boolean>;
}

export async function submissionsRoutes(
  app: App,
  { effects, findAccounts, onSubmitted }: SubmissionsRoutesOptions,
): Promise<void> {
  app.post(
    '/api/submissions',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT_BYTES,
      schema: { body: submissionPayloadSchema, response: { 201: submissionReceivedSchema } },
    },
    async (request, reply) => {
      // Who may send it comes first: a signed-out visitor learns to log in before fixing fields.
      const access = FORM_DEFINITIONS[request.body.submissionType as SubmissionType].access;
      const user = access === 'user' ? await signedInUser(request) : await currentUser(request);
      const read = readSubmission(request.body);
      if ('error' in read) {
        throw new ApiError('invalid-argument', read.error.message, read.error.field);
      }
      const { form, values } = read;
      await enforceRateLimits(app.db, reply, [
        [SUBMISSIONS_PER_ADDRESS, clientNetwork(request.ip)],
      ]);
      const now = new Date();
      const type = form.type as SubmissionType;
      // A ticked preference named after a mail list asks the form's address to confirm it.
      const email = typeof values.email === 'string' ? values.email : '';
      const lists = email
        ? form.preferences
            .map((preference) => preference.name)
            .filter((name): name is MailList => isMailList(name) && values[name] === true)
        : [];
      const listLinks = lists.length > 0 ? await listContext(app.db, app.config) : null;
      let mailQueued = false;
      const id = await app.db.transaction().execute(async (trx) => {
        const submissionId = await insertSubmission(
          trx,
          { type, userId: user?.id ?? null, payload: toSubmissionPayload(form, values, now) },
          now,
        );
        await effects[type]?.({ trx, submissionId, user, values, now });
        if (await onSubmitted?.(trx, { type, values })) mailQueued = true;
        for (const list of lists) {
          if (!listLinks) break;
          const outcome = await requestSubscription(trx, listLinks, { list, email }, now);
          mailQueued ||= outcome === 'confirmation-queued';
        }
        return submissionId;
      });
      if (mailQueued) app.mail.kick();
      return reply.code(201).send({ id, status: 'received' as const });
    },
  );

  app.get(
    '/api/admin/submissions',
    {
      onRequest: [requireAdmin],
      schema: { querystring: submissionListQuerySchema, response: { 200: submissionListSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { type } = request.query;
      const rows = await listSubmissions(app.db, {
        type: type as SubmissionType | undefined,
        limit: SUBMISSIONS_LIST_LIMIT,
      });
      const senders = [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
      const accounts = await findAccounts(app.db, senders);
      return {
        submissions: rows.map((row) =>
          listedSubmission(row, row.user_id ? accounts.get(row.user_id) : undefined),
        ),
      };
    },
  );

  app.delete(
    '/api/admin/submissions/:id',
    {
      onRequest: [requireAdmin],
      schema: { params: recordIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      if (!(await deleteSubmission(app.db, request.params.id)))
        throw new ApiError('not-found', SUBMISSION_NOT_FOUND);
      return reply.code(204).send(undefined);
    },
  );
}
