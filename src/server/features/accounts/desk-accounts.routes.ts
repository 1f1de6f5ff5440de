/**
 * Accounts on the owner's desk (docs/product/desk.md#accounts-on-the-desk): the search, one account with
 * its sessions and activity, and the owner's actions on it. Every route needs an admin whose
 * session entered an authenticator code; ranks, disabling, deleting and the CSV export need one
 * entered in the last 15 minutes. Each action names the account and what changed for the audit log,
 * and publishes the account's `user` notice, so its open tabs follow at once (a disabled account's
 * tabs lose access).
 */
import { Readable } from 'node:stream';
import { mailSentResponseSchema, MESSAGES } from '#shared/account-schemas';
import {
  ACCOUNT_TIMELINE_MAX,
  ACCOUNTS_PAGE_DEFAULT,
  accountFiltersSchema,
  accountSearchPageSchema,
  accountSearchQuerySchema,
  DESK_ACCOUNT_MESSAGES,
  deskAccountDetailSchema,
  deskAccountResponseSchema,
  disableAccountSchema,
  endedSessionsResponseSchema,
  setAccountRankSchema,
  setEarlyUserSchema,
  type AccountFilters,
  type DeskAccount,
  type TimelineEntry,
} from '#shared/desk-accounts-schemas';
import { isMailList, type MailList } from '#shared/mail-list-schemas';
import { recordIdParamsSchema } from '#shared/record-id';
import type { FastifyRequest } from 'fastify';
import type { App } from '#server/app-types';
import type { User } from '#server/db/schema';
import { auditEntriesAbout, describeAuditedAction } from '#server/features/audit/audit.service';
import { errorReportsForTimeline } from '#server/features/error-reports/error-reports.service';
import { productAccessForTimeline } from '#server/features/indicators/product-access.service';
import {
  mailListsForExport,
  mailListsForTimeline,
} from '#server/features/mail-lists/subscriptions.service';
import { submissionsForTimeline } from '#server/features/submissions/submissions.service';
import { ApiError } from '#server/plugins/errors';
import { requireAdmin, requireStepUp, signedInUser } from '#server/plugins/guards';
import { enforceRateLimits, RATE_LIMITS } from '#server/plugins/rate-limit';
import { queueEmailVerificationMail } from './account.mails';
import { accountsCsv } from './accounts-csv';
import {
  actOnAccount,
  deleteAccountFor,
  disableAccount,
  eachAccountBatch,
  enableAccount,
  endAccountSessions,
  findAccountById,
  searchAccounts,
  setAccountEarlyUser,
  setAccountRank,
  toAccountRow,
  type AccountActor,
  type ActionOutcome,
  type ActionRefusal,
} from './accounts.service';
import { adminSessionOver, listUserSessions } from './sessions.repository';

function notFound(): ApiError {
  return new ApiError('not-found', DESK_ACCOUNT_MESSAGES.notFound);
}

/** The answer to an action that was not done. */
function refusal(why: ActionRefusal): ApiError {
  switch (why) {
    case 'missing':
      return notFound();
    case 'above':
      return new ApiError('permission-denied', DESK_ACCOUNT_MESSAGES.accountAboveYours);
    case 'rank-above-yours':
      return new ApiError('permission-denied', DESK_ACCOUNT_MESSAGES.rankAboveYours);
    case 'already-disabled':
      return new ApiError('aborted', DESK_ACCOUNT_MESSAGES.alreadyDisabled);
    case 'not-disabled':
      return new ApiError('aborted', DESK_ACCOUNT_MESSAGES.notDisabled);
    case 'already-verified':
      return new ApiError('aborted', MESSAGES.emailAlreadyVerified);
  }
}

/** What a done action gives back; a refusal is thrown as its answer. */
function done<T extends object>(outcome: ActionOutcome<T>): T {
  if (!outcome.done) throw refusal(outcome.why);
  return outcome;
}

/** The filters as the audit log keeps them: only those given. */
function filterDetails(filters: AccountFilters): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

export async function deskAccountsRoutes(app: App): Promise<void> {
  const params = recordIdParamsSchema;

  async function accountOrNotFound(id: string): Promise<User> {
    const user = await findAccountById(app.db, id);
    if (!user) throw notFound();
    return user;
  }

  /** The lists the account is a confirmed member of, each once. */
  async function subscribedLists(user: User): Promise<MailList[]> {
    const rows = await mailListsForExport(app.db, user);
    const lists = rows.filter((row) => row.state === 'subscribed').map((row) => row.list);
    return [...new Set(lists)].filter(isMailList);
  }

  async function deskAccount(user: User): Promise<DeskAccount> {
    return {
      ...toAccountRow(user),
      avatar: user.avatar,
      disabledAt: user.disabled_at,
      disabledReason: user.disabled_reason,
      mailLists: await subscribedLists(user),
    };
  }

  /** The account as it is now, after an action; its open tabs hear of the change. */
  async function changed(userId: string) {
    await app.live.publish({ kind: 'user', userId });
    const user = await findAccountById(app.db, userId);
    if (!user) throw notFound(); // deleted while this request ran
    return { account: await deskAccount(user) };
  }

  /** Refuses an action the admin may not do to their own account. */
  async function refuseOnSelf(request: FastifyRequest, id: string, message: string) {
    if ((await signedInUser(request)).id === id) throw new ApiError('aborted', message);
  }

  /**
   * The admin behind the request: every action holds the account to their rank, checked in the
   * action's own transaction (accounts.service's actOnAccount).
   */
  async function actor(request: FastifyRequest): Promise<AccountActor> {
    return { adminId: (await signedInUser(request)).id };
  }

  app.get(
    '/api/admin/accounts',
    {
      onRequest: [requireAdmin],
      schema: { querystring: accountSearchQuerySchema, response: { 200: accountSearchPageSchema } },
    },
    async (request) => {
      const { cursor, limit = ACCOUNTS_PAGE_DEFAULT, ...filters } = request.query;
      return searchAccounts(app.db, filters, { cursor, limit });
    },
  );

  app.get(
    '/api/admin/accounts/export.csv',
    {
      // A HEAD would stream nothing and still be logged as an export.
      exposeHeadRoute: false,
      onRequest: [requireStepUp],
      config: { audit: 'accounts.export' },
      schema: { querystring: accountFiltersSchema },
    },
    async (request, reply) => {
      const filters = request.query;
      describeAuditedAction(request, { targetId: null, details: filterDetails(filters) });
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="accounts-${day}.csv"`);
      return reply.send(Readable.from(accountsCsv(eachAccountBatch(app.db, filters))));
    },
  );

  app.get(
    '/api/admin/accounts/:id',
    {
      onRequest: [requireAdmin],
      schema: { params, response: { 200: deskAccountDetailSchema } },
    },
    async (request) => {
      const user = await accountOrNotFound(request.params.id);
      const asking = (await request.session())?.session.token_hash;
      const now = new Date();
      const limit = ACCOUNT_TIMELINE_MAX;
      const [account, sessions, lists, submissions, access, reports, actions] = await Promise.all([
        deskAccount(user),
        listUserSessions(app.db, user.id, now),
        mailListsForTimeline(app.db, user),
        submissionsForTimeline(app.db, user.id, limit),
        productAccessForTimeline(app.db, user.id, limit),
        errorReportsForTimeline(app.db, user.id, limit),
        auditEntriesAbout(app.db, user.id, limit),
      ]);
      const timeline: TimelineEntry[] = [
        { kind: 'signed-up', at: user.created_at },
        ...lists,
        ...submissions,
        ...access,
        ...reports,
        ...actions.map((entry) => ({
          kind: 'admin-action' as const,
          at: entry.at,
          id: entry.id,
          action: entry.action,
          actorLabel: entry.actorLabel,
          outcome: entry.outcome,
          source: entry.source,
          details: entry.details,
        })),
      ];
      // ISO times in UTC sort as text; the sort is stable, so ties keep the order above.
      timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
      return {
        account,
        sessions: sessions
          .filter((session) => !adminSessionOver(session, user, now))
          .map((session) => ({
            createdAt: session.created_at,
            lastSeenAt: session.last_seen_at,
            expiresAt: session.expires_at,
            mfaVerifiedAt: session.mfa_verified_at,
            device: session.device,
            current: session.token_hash === asking,
          })),
        timeline: timeline.slice(0, limit),
      };
    },
  );

  app.post(
    '/api/admin/accounts/:id/rank',
    {
      onRequest: [requireStepUp],
      config: { audit: 'accounts.rank' },
      schema: { params, body: setAccountRankSchema, response: { 200: deskAccountResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { adminRank } = request.body;
      describeAuditedAction(request, { targetId: id, details: { adminRank } });
      await refuseOnSelf(request, id, DESK_ACCOUNT_MESSAGES.notYourselfRank);
      const change = done(await setAccountRank(app.db, id, adminRank, await actor(request)));
      describeAuditedAction(request, {
        details: { adminRank: change.to, previousAdminRank: change.from },
      });
      return changed(id);
    },
  );

  app.post(
    '/api/admin/accounts/:id/early-user',
    {
      onRequest: [requireAdmin],
      config: { audit: 'accounts.early-user' },
      schema: { params, body: setEarlyUserSchema, response: { 200: deskAccountResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { earlyUser } = request.body;
      describeAuditedAction(request, { targetId: id, details: { earlyUser } });
      const change = done(await setAccountEarlyUser(app.db, id, earlyUser, await actor(request)));
      describeAuditedAction(request, {
        details: { earlyUser: change.to, previousEarlyUser: change.from },
      });
      return changed(id);
    },
  );

  app.post(
    '/api/admin/accounts/:id/disable',
    {
      onRequest: [requireStepUp],
      config: { audit: 'accounts.disable' },
      schema: { params, body: disableAccountSchema, response: { 200: deskAccountResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      describeAuditedAction(request, { targetId: id, details: { reason } });
      await refuseOnSelf(request, id, DESK_ACCOUNT_MESSAGES.notYourselfDisable);
      const outcome = done(await disableAccount(app.db, id, reason, await actor(request)));
      describeAuditedAction(request, {
        details: { reason, endedSessions: outcome.endedSessions },
      });
      return changed(id);
    },
  );

  app.post(
    '/api/admin/accounts/:id/enable',
    {
      onRequest: [requireAdmin],
      config: { audit: 'accounts.enable' },
      schema: { params, response: { 200: deskAccountResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      describeAuditedAction(request, { targetId: id, details: {} });
      done(await enableAccount(app.db, id, await actor(request)));
      return changed(id);
    },
  );

  app.post(
    '/api/admin/accounts/:id/end-sessions',
    {
      onRequest: [requireAdmin],
      config: { audit: 'accounts.end-sessions' },
      schema: { params, response: { 200: endedSessionsResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      describeAuditedAction(request, { targetId: id, details: {} });
      const { ended } = done(await endAccountSessions(app.db, id, await actor(request)));
      describeAuditedAction(request, { details: { endedSessions: ended } });
      await app.live.publish({ kind: 'user', userId: id });
      return { ended };
    },
  );

  app.post(
    '/api/admin/accounts/:id/resend-verification',
    {
      onRequest: [requireAdmin],
      config: { audit: 'accounts.resend-verification' },
      schema: { params, response: { 202: mailSentResponseSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      describeAuditedAction(request, { targetId: id, details: {} });
      done(
        await actOnAccount(app.db, id, await actor(request), async (trx, user, refuse) => {
          if (user.email_verified === 1) refuse('already-verified');
          // The account's own limit: the owner cannot flood its inbox either. Counted in the
          // same transaction, so a refused resend leaves the count as it was.
          await enforceRateLimits(trx, reply, [[RATE_LIMITS.verificationPerAccount, user.id]]);
          await queueEmailVerificationMail(trx, app.config, user);
          return {};
        }),
      );
      app.mail.kick();
      return reply.code(202).send({ status: 'sent' });
    },
  );

  app.delete(
    '/api/admin/accounts/:id',
    { onRequest: [requireStepUp], config: { audit: 'accounts.delete' }, schema: { params } },
    async (request, reply) => {
      const { id } = request.params;
      // Nothing personal: the log outlives the account, and a deleted account's data goes with it.
      describeAuditedAction(request, { targetId: id, details: {} });
      await refuseOnSelf(request, id, DESK_ACCOUNT_MESSAGES.notYourselfDelete);
      done(await deleteAccountFor(app.db, id, await actor(request)));
      describeAuditedAction(request, { details: { deleted: true } });
      await app.live.publish({ kind: 'user', userId: id });
      return reply.code(204).send();
    },
  );
}
