/**
 * Signing up, in and out, and the mailed links (docs/product/api.md#account-routes): register, login, logout,
 * password-reset (+ confirm) and verify-email. Bodies are parsed by the shared schemas, so the API and
 * the forms give the same messages; every answer has a response schema, so no secret can leave.
 */
import {
  ADMIN_RANK_ABOVE,
  emailVerifiedResponseSchema,
  loginPayloadSchema,
  mailSentResponseSchema,
  MESSAGES,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerPayloadSchema,
  userResponseSchema,
  verifyEmailPayloadSchema,
} from '#shared/account-schemas';
import { queueEmailVerificationMail, queuePasswordResetMail } from './account.mails';
import { isCommonPassword } from './common-passwords';
import {
  consumeEmailVerification,
  consumePasswordReset,
  findOpenPasswordReset,
} from './links.repository';
import { applyPasswordChange } from './password-change';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { pruneExpiredSessions } from './sessions.repository';
import { loadUserInfo, toUserInfo } from './user-info';
import {
  emailExists,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  uniqueViolation,
  usernameTaken,
} from './users.repository';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '#server/app-types';
import type { User } from '#server/db/schema';
import {
  applyNewsletterWish,
  listContext,
} from '#server/features/mail-lists/subscriptions.service';
import { ApiError } from '#server/plugins/errors';
import {
  enforceRateLimits,
  hitRateLimit,
  RATE_LIMITS,
  refundRateLimit,
} from '#server/plugins/rate-limit';
import { ATTEMPT_GATES, claimAttempt, refundAttempt } from '#server/plugins/attempt-gate';
import { knownDevice, knownDeviceForEmail, rememberDevice } from './known-devices';
import { endSession, getSessionUser, startSession } from './session.plugin';
import { backgroundTasks } from '#server/background-tasks';
import { recordAudit } from '#server/features/audit/audit.service';
import { clientNetwork } from '#server/plugins/client-network';

function taken(what: 'email' | 'username' | 'look-alike'): ApiError {
  if (what === 'email') return new ApiError('aborted', MESSAGES.emailTaken, 'email');
  const message = what === 'username' ? MESSAGES.usernameTaken : MESSAGES.usernameLookAlike;
  return new ApiError('aborted', message, 'username');
}

function tooCommon(field: string): ApiError {
  return new ApiError('invalid-argument', MESSAGES.passwordTooCommon, field);
}

export async function authRoutes(app: App): Promise<void> {
  const inBackground = backgroundTasks(app, 'password-reset request');

  /**
   * Counts a log-in try before the password is checked (docs/product/accounts.md#log-in-attempts): from a
   * browser that logged in to the account before, in that browser's own bucket, so a stranger's
   * failures never hold the owner back; from any other browser (or past its bucket), at the
   * email's gate, which slows failures down instead of locking. `right()` takes the try back off.
   */
  async function guardLogin(
    request: FastifyRequest,
    user: User | undefined,
    email: string,
  ): Promise<
    { allowed: true; right: () => Promise<void> } | { allowed: false; retryAfterSeconds: number }
  > {
    const device = user ? await knownDevice(app.db, request, user.id, 'login') : null;
    if (device && user) {
      const subject = `${device}:${user.id}`;
      const hit = await hitRateLimit(app.db, RATE_LIMITS.loginPerKnownDevice, subject);
      if (hit.allowed)
        return {
          allowed: true,
          right: () => refundRateLimit(app.db, RATE_LIMITS.loginPerKnownDevice, subject),
        };
    }
    const claim = await claimAttempt(app.db, ATTEMPT_GATES.loginFromUnknownBrowsers, email);
    if (!claim.allowed) return claim;
    return { allowed: true, right: () => refundAttempt(app.db, claim.claimed) };
  }

  /**
   * Looks the sign-up's email up, refusing a taken one with 409. The answer tells whether the
   * address has an account (sign-up logs in at once, so it cannot pretend to succeed), so one
   * network hears "taken" only a few times a day, and once it has, every sign-up from it is refused
   * before the lookup: a 201 for a free address would otherwise answer the same question
   * (docs/decisions/2026-11-29-second-probe.md). The try holds a place in the count while the
   * address is looked up, so tries sent at once cannot all slip past; a free address gives it back.
   */
  async function lookUpEmail(reply: FastifyReply, network: string, email: string): Promise<void> {
    const rule = RATE_LIMITS.signUpTakenEmailPerAddress;
    const hit = await hitRateLimit(app.db, rule, network);
    let exists = false;
    try {
      if (!hit.allowed) {
        reply.header('retry-after', String(hit.retryAfterSeconds));
        throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
      }
      exists = await emailExists(app.db, email);
    } finally {
      // Only an answer of "taken" stays counted.
      if (!exists) await refundRateLimit(app.db, rule, network);
    }
    if (exists) throw taken('email');
  }

  app.post(
    '/api/auth/register',
    { schema: { body: registerPayloadSchema, response: { 201: userResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      const network = clientNetwork(request.ip);
      await enforceRateLimits(app.db, reply, [[RATE_LIMITS.signUpPerAddress, network]]);
      if (isCommonPassword(body.password)) throw tooCommon('password');
      await lookUpEmail(reply, network, body.email);
      const username = await usernameTaken(app.db, body.username);
      if (username) throw taken(username === 'taken' ? 'username' : 'look-alike');
      const passwordHash = await hashPassword(body.password);
      // The ticked newsletter box is double opt-in: a confirmation mail, nothing more until it is used.
      const lists = body.subscribedToNewsletter ? await listContext(app.db, app.config) : null;
      let user;
      try {
        user = await app.db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, {
            email: body.email,
            username: body.username,
            passwordHash,
            avatar: body.avatar,
            subscribedToNewsletter: body.subscribedToNewsletter,
          });
          await queueEmailVerificationMail(trx, app.config, created);
          if (lists) await applyNewsletterWish(trx, lists, created, true);
          return created;
        });
      } catch (error) {
        // Two sign-ups raced past the checks above: the unique index decided.
        const field = uniqueViolation(error);
        if (field === 'email')
          await hitRateLimit(app.db, RATE_LIMITS.signUpTakenEmailPerAddress, network);
        if (field) throw taken(field);
        throw error;
      }
      app.mail.kick();
      await startSession(request, reply, user);
      await rememberDevice(app.db, request, reply, user.id, 'login');
      await app.live.publish({ kind: 'user', userId: user.id });
      return reply.code(201).send({ user: toUserInfo(user) });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { body: loginPayloadSchema, response: { 200: userResponseSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      /** Every admin log-in is in the audit log, whatever its outcome (docs/product/desk.md#audit-log). */
      const auditAdmin = (
        user: User | undefined,
        outcome: 'success' | 'failure' | 'denied',
        reason?: string,
      ) =>
        user && user.admin_rank > ADMIN_RANK_ABOVE
          ? recordAudit(app.db, {
              actorId: user.id,
              actorLabel: user.email,
              action: 'admin.login',
              targetId: user.id,
              outcome,
              details: reason ? { reason } : {},
              requestId: request.id,
              source: 'desk',
            })
          : Promise.resolve();
      const refuse = async (retryAfterSeconds: number, user: User | undefined) => {
        // Someone trying an admin's password too often: refused before any check, and recorded.
        await auditAdmin(user, 'denied', 'too many attempts');
        reply.header('retry-after', String(retryAfterSeconds));
        return new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
      };
      try {
        await enforceRateLimits(app.db, reply, [
          [RATE_LIMITS.loginPerAddress, clientNetwork(request.ip)],
        ]);
      } catch (error) {
        if (error instanceof ApiError && error.status === 'resource-exhausted')
          await auditAdmin(await findUserByEmail(app.db, email), 'denied', 'too many attempts');
        throw error;
      }
      const user = await findUserByEmail(app.db, email);
      const guard = await guardLogin(request, user, email);
      if (!guard.allowed) throw await refuse(guard.retryAfterSeconds, user);
      // One hash either way: a missing account costs what a wrong password costs.
      const valid = user
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstDummy(password);
      const audit = (outcome: 'success' | 'failure', reason?: string) =>
        auditAdmin(user, outcome, reason);
      if (!user || !valid) {
        await audit('failure', 'wrong password');
        throw new ApiError('unauthenticated', MESSAGES.loginFailed);
      }
      await guard.right();
      // Said only to whoever knows the password: the account exists and the owner disabled it.
      if (user.disabled_at !== null) {
        await audit('failure', 'account disabled');
        throw new ApiError('permission-denied', MESSAGES.accountDisabled);
      }
      await audit('success');
      if (needsRehash(user.password_hash))
        await setPasswordHash(app.db, user.id, await hashPassword(password));
      await pruneExpiredSessions(app.db);
      await startSession(request, reply, user);
      await rememberDevice(app.db, request, reply, user.id, 'login');
      const info = await loadUserInfo(app.db, user.id);
      if (!info) throw new ApiError('unauthenticated', MESSAGES.loginFailed);
      return { user: info };
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    const user = await getSessionUser(request);
    await endSession(request, reply);
    // The session's other tabs hear it at once: their live streams re-read and find it gone.
    if (user) await app.live.publish({ kind: 'user', userId: user.id });
    return reply.code(204).send();
  });

  app.post(
    '/api/auth/password-reset',
    { schema: { body: passwordResetRequestSchema, response: { 202: mailSentResponseSchema } } },
    async (request, reply) => {
      const { email } = request.body;
      await enforceRateLimits(app.db, reply, [
        [RATE_LIMITS.resetPerAddress, clientNetwork(request.ip)],
      ]);
      // A browser the account knows has its own bucket (docs/product/accounts.md#password-reset); every
      // other request counts per address asked for, whether or not it has an account: the answer
      // never differs.
      const known = await knownDeviceForEmail(app.db, request, email, 'login');
      const own = known
        ? await hitRateLimit(
            app.db,
            RATE_LIMITS.resetPerKnownDevice,
            `${known.device}:${known.userId}`,
          )
        : null;
      if (!own?.allowed)
        await enforceRateLimits(app.db, reply, [[RATE_LIMITS.resetPerAccount, email]]);
      // The lookup and the mail happen after the answer, so its timing says nothing about the account.
      inBackground(async () => {
        const user = await findUserByEmail(app.db, email);
        if (!user) return;
        await app.db.transaction().execute((trx) => queuePasswordResetMail(trx, app.config, user));
        app.mail.kick();
      });
      return reply.code(202).send({ status: 'sent' });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: { body: passwordResetConfirmSchema } },
    async (request, reply) => {
      const { token, password } = request.body;
      const invalidLink = new ApiError('invalid-argument', MESSAGES.resetLinkInvalid, 'token');
      if (!(await findOpenPasswordReset(app.db, token))) throw invalidLink;
      if (isCommonPassword(password)) throw tooCommon('password');
      const passwordHash = await hashPassword(password);
      const user = await app.db.transaction().execute(async (trx) => {
        const reset = await consumePasswordReset(trx, token);
        if (!reset) return null;
        const owner = await findUserById(trx, reset.userId);
        if (!owner) return null;
        await applyPasswordChange(trx, app.config, owner, passwordHash);
        // The link arrived at the account's address, which proves the address.
        await markEmailVerified(trx, owner.id, owner.email);
        return owner;
      });
      if (!user) throw invalidLink;
      // The link came to the account's mailbox: this browser logs in as a known one from now on,
      // past any slow-down strangers caused (docs/product/accounts.md#log-in-attempts).
      await rememberDevice(app.db, request, reply, user.id, 'login');
      app.mail.kick();
      await app.live.publish({ kind: 'user', userId: user.id });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/verify-email',
    { schema: { body: verifyEmailPayloadSchema, response: { 200: emailVerifiedResponseSchema } } },
    async (request) => {
      const userId = await app.db.transaction().execute(async (trx) => {
        const link = await consumeEmailVerification(trx, request.body.token);
        if (!link) return null;
        return (await markEmailVerified(trx, link.userId, link.email)) ? link.userId : null;
      });
      if (!userId)
        throw new ApiError('invalid-argument', MESSAGES.verificationLinkInvalid, 'token');
      await app.live.publish({ kind: 'user', userId });
      return { status: 'verified' as const };
    },
  );
}
