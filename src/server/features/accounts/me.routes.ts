/**
 * The signed-in user's own account: GET/PATCH/DELETE /api/me, the data export, password change,
 * signing out other sessions and resending the verification mail.
 * GET /api/me answers a signed-out visitor with 200 `{ "user": null }`: signed out is an ordinary
 * answer, not an error (a 401 on every page load would be a console error in every visitor's browser).
 */
import {
  accountExportSchema,
  changePasswordSchema,
  deleteAccountSchema,
  mailSentResponseSchema,
  MESSAGES,
  meResponseSchema,
  revokedSessionsResponseSchema,
  updateMePayloadSchema,
  userResponseSchema,
  type AccountExport,
} from '#shared/account-schemas';
import { deleteAccountWithData } from './account-deletion';
import { queueEmailVerificationMail } from './account.mails';
import { isCommonPassword } from './common-passwords';
import { applyPasswordChange } from './password-change';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions, listUserSessions } from './sessions.repository';
import { loadUserInfo } from './user-info';
import { uniqueViolation, updateProfile, usernameTaken } from './users.repository';
import type { Kysely } from 'kysely';
import type { App } from '#server/app-types';
import type { Database } from '#server/db/schema';
import { errorReportsForExport } from '#server/features/error-reports/error-reports.service';
import { productAccessForExport } from '#server/features/indicators/product-access.service';
import {
  applyNewsletterWish,
  listContext,
  mailListsForExport,
} from '#server/features/mail-lists/subscriptions.service';
import { submissionsForExport } from '#server/features/submissions/submissions.service';
import { nowouItemsForExport } from '#server/features/nowou/nowou.service';
import { ApiError } from '#server/plugins/errors';
import {
  requireUser,
  SIGN_IN_REQUIRED,
  signedInSession,
  signedInUser,
} from '#server/plugins/guards';
import { enforceRateLimits, RATE_LIMITS } from '#server/plugins/rate-limit';
import { dropSession, getSessionUser } from './session.plugin';

function usernameTakenError(lookAlike = false): ApiError {
  const message = lookAlike ? MESSAGES.usernameLookAlike : MESSAGES.usernameTaken;
  return new ApiError('aborted', message, 'username');
}

export interface MeRoutesOptions {
  /**
   * The account's passkeys for its data export: the passkeys domain sits above accounts, so
   * app.ts hands its reader over.
   */
  passkeysForExport: (db: Kysely<Database>, userId: string) => Promise<AccountExport['passkeys']>;
}

export async function meRoutes(app: App, options: MeRoutesOptions): Promise<void> {
  async function currentInfo(userId: string) {
    const info = await loadUserInfo(app.db, userId);
    // The account was deleted while this request ran.
    if (!info) throw new ApiError('unauthenticated', SIGN_IN_REQUIRED);
    return info;
  }

  app.get(
    '/api/me',
    { schema: { response: { 200: meResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await getSessionUser(request);
      return { user: user ? await loadUserInfo(app.db, user.id) : null };
    },
  );

  app.patch(
    '/api/me',
    {
      onRequest: [requireUser],
      schema: { body: updateMePayloadSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const user = await signedInUser(request);
      const changes = request.body;
      if (changes.username !== undefined) {
        const taken = await usernameTaken(app.db, changes.username, user.id);
        if (taken) throw usernameTakenError(taken === 'look-alike');
      }
      // The newsletter switch: on asks for confirmation by mail (double opt-in), off leaves the list.
      const newsletter = changes.subscribedToNewsletter;
      const lists = newsletter !== undefined ? await listContext(app.db, app.config) : null;
      try {
        await app.db.transaction().execute(async (trx) => {
          await updateProfile(trx, user.id, changes);
          if (lists && newsletter !== undefined)
            await applyNewsletterWish(trx, lists, user, newsletter);
        });
      } catch (error) {
        const violation = uniqueViolation(error);
        if (violation === 'username' || violation === 'look-alike')
          throw usernameTakenError(violation === 'look-alike');
        throw error;
      }
      if (newsletter) app.mail.kick();
      const info = await currentInfo(user.id);
      await app.live.publish({ kind: 'user', userId: user.id });
      return { user: info };
    },
  );

  app.delete(
    '/api/me',
    { onRequest: [requireUser], schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      const user = await signedInUser(request);
      await enforceRateLimits(app.db, reply, [[RATE_LIMITS.passwordCheckPerUser, user.id]]);
      if (!(await verifyPassword(request.body.password, user.password_hash)))
        throw new ApiError('invalid-argument', MESSAGES.passwordWrong, 'password');
      await deleteAccountWithData(app.db, user.id);
      dropSession(request, reply);
      await app.live.publish({ kind: 'user', userId: user.id });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/me/export',
    { onRequest: [requireUser], schema: { response: { 200: accountExportSchema } } },
    async (request, reply) => {
      const { session, user } = await signedInSession(request);
      const now = new Date();
      // Each domain lists what it holds of the user's; mail lists include rows of a verified address
      // made before the account existed.
      const [sessions, productAccess, submissions, errorReports, mailLists, nowou, passkeys] =
        await Promise.all([
          listUserSessions(app.db, user.id, now),
          productAccessForExport(app.db, user.id),
          submissionsForExport(app.db, user.id),
          errorReportsForExport(app.db, user.id),
          mailListsForExport(app.db, user),
          nowouItemsForExport(app.db, user.id),
          options.passkeysForExport(app.db, user.id),
        ]);
      const data: AccountExport = {
        exportedAt: now.toISOString(),
        user: await currentInfo(user.id),
        sessions: sessions.map((row) => ({
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          expiresAt: row.expires_at,
          current: row.token_hash === session.token_hash,
        })),
        productAccess,
        submissions,
        errorReports,
        mailLists,
        nowou,
        passkeys,
      };
      const day = now.toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="account-data-${day}.json"`);
      return data;
    },
  );

  app.post(
    '/api/me/password',
    { onRequest: [requireUser], schema: { body: changePasswordSchema } },
    async (request, reply) => {
      const { session, user } = await signedInSession(request);
      const { currentPassword, newPassword } = request.body;
      await enforceRateLimits(app.db, reply, [[RATE_LIMITS.passwordCheckPerUser, user.id]]);
      if (!(await verifyPassword(currentPassword, user.password_hash)))
        throw new ApiError('invalid-argument', MESSAGES.currentPasswordWrong, 'currentPassword');
      if (isCommonPassword(newPassword))
        throw new ApiError('invalid-argument', MESSAGES.passwordTooCommon, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await app.db
        .transaction()
        .execute((trx) =>
          applyPasswordChange(trx, app.config, user, passwordHash, session.token_hash),
        );
      app.mail.kick();
      await app.live.publish({ kind: 'user', userId: user.id });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    { onRequest: [requireUser], schema: { response: { 200: revokedSessionsResponseSchema } } },
    async (request) => {
      const { session, user } = await signedInSession(request);
      const revoked = await deleteUserSessions(app.db, user.id, session.token_hash);
      await app.live.publish({ kind: 'user', userId: user.id });
      return { revoked };
    },
  );

  app.post(
    '/api/me/email-verification',
    { onRequest: [requireUser], schema: { response: { 202: mailSentResponseSchema } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      if (user.email_verified === 1) throw new ApiError('aborted', MESSAGES.emailAlreadyVerified);
      await enforceRateLimits(app.db, reply, [[RATE_LIMITS.verificationPerAccount, user.id]]);
      await app.db
        .transaction()
        .execute((trx) => queueEmailVerificationMail(trx, app.config, user));
      app.mail.kick();
      return reply.code(202).send({ status: 'sent' });
    },
  );
}
