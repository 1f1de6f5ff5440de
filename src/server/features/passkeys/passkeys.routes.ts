/**
 * Passkeys (docs/product/accounts.md#passkeys): an account adds, lists, renames and removes its own
 * (`/api/me/passkeys…`), and anyone signs in with one (`/api/auth/passkey…`). Adding one needs a
 * fresh sign-in or the password (a stolen session must not plant a lasting way in), and for an
 * admin a fresh second factor, which makes it one of the desk's; every one added is mailed to the
 * account holder. An admin's passkey changes and passkey sign-ins are in the audit log.
 */
import type { FastifyRequest } from 'fastify';
import { ADMIN_RANK_ABOVE, MESSAGES } from '#shared/account-schemas';
import {
  addPasskeySchema,
  ceremonyOptionsSchema,
  MAX_PASSKEYS,
  PASSKEY_FRESH_SIGN_IN_MINUTES,
  PASSKEY_MESSAGES,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsRequestSchema,
  passkeyResponseSchema,
  passkeySignInSchema,
  renamePasskeySchema,
  type PasskeyView,
} from '#shared/passkey-schemas';
import { userResponseSchema } from '#shared/account-schemas';
import type { ActiveSession, App } from '#server/app-types';
import type { User } from '#server/db/schema';
import {
  findAccountById,
  loadUserInfo,
  markSessionMfaVerified,
  passwordMatches,
  pruneExpiredSessions,
  rememberDevice,
  startSession,
} from '#server/features/accounts/accounts.service';
import { recordAudit, type AuditOutcome } from '#server/features/audit/audit.service';
import { siteName } from '#server/features/content/content.service';
import { ApiError } from '#server/plugins/errors';
import { requireUser, signedInSession, stepUpDue, STEP_UP_REQUIRED } from '#server/plugins/guards';
import { enforceRateLimits, RATE_LIMITS } from '#server/plugins/rate-limit';
import { clientNetwork } from '#server/plugins/client-network';
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  verifyAssertion,
  verifyRegistration,
} from './ceremonies';
import { queuePasskeyAddedMail } from './passkey.mails';
import { passkeyName } from './passkey-name';
import {
  countPasskeys,
  deletePasskey,
  deskPasskeyCount,
  findByCredentialId,
  findPasskey,
  insertPasskey,
  listPasskeys,
  passkeyRequired,
  renamePasskey,
  type Passkey,
} from './passkeys.repository';

const FRESH_MS = PASSKEY_FRESH_SIGN_IN_MINUTES * 60_000;

function isAdmin(user: Pick<User, 'admin_rank'>): boolean {
  return user.admin_rank > ADMIN_RANK_ABOVE;
}

function view(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.created_at,
    lastUsedAt: passkey.last_used_at,
    synced: passkey.backed_up === 1,
    desk: passkey.desk === 1,
  };
}

/** Signed in within the last 15 minutes (a sign-up, a log-in, a passkey). */
function freshSignIn(active: ActiveSession, now = Date.now()): boolean {
  return now - Date.parse(active.session.created_at) < FRESH_MS;
}

export async function passkeysRoutes(app: App): Promise<void> {
  const rp = relyingParty(app.config);

  /** An admin's passkey changes and sign-ins are desk security: each is in the audit log. */
  async function audit(
    request: FastifyRequest,
    user: User,
    action: string,
    outcome: AuditOutcome,
    details: Record<string, unknown>,
  ): Promise<void> {
    if (!isAdmin(user)) return;
    await recordAudit(app.db, {
      actorId: user.id,
      actorLabel: user.email,
      action,
      targetId: user.id,
      outcome,
      details,
      requestId: request.id,
      source: 'desk',
    });
  }

  /** Runs an admin's passkey change, writing its audit row whatever the outcome. */
  async function audited<T>(
    request: FastifyRequest,
    user: User,
    action: string,
    details: Record<string, unknown>,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      const result = await run();
      await audit(request, user, action, 'success', details);
      return result;
    } catch (error) {
      const denied = error instanceof ApiError && error.status === 'step-up-required';
      const reason = error instanceof ApiError ? error.message : 'internal error';
      await audit(request, user, action, denied ? 'denied' : 'failure', { ...details, reason });
      throw error;
    }
  }

  /** An admin changes the desk's passkeys only with a second factor from the last 15 minutes. */
  function requireFreshSecondFactor(active: ActiveSession): void {
    if (isAdmin(active.user) && stepUpDue(active.session.mfa_verified_at))
      throw new ApiError('step-up-required', STEP_UP_REQUIRED);
  }

  app.get(
    '/api/me/passkeys',
    { onRequest: [requireUser], schema: { response: { 200: passkeyListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const active = await signedInSession(request);
      const passkeys = await listPasskeys(app.db, active.user.id);
      return {
        passkeys: passkeys.map(view),
        passwordNeeded: !isAdmin(active.user) && !freshSignIn(active),
      };
    },
  );

  app.post(
    '/api/me/passkeys/options',
    {
      onRequest: [requireUser],
      schema: { body: passkeyOptionsRequestSchema, response: { 200: ceremonyOptionsSchema } },
    },
    async (request, reply) => {
      const active = await signedInSession(request);
      const { user } = active;
      if ((await countPasskeys(app.db, user.id)) >= MAX_PASSKEYS)
        throw new ApiError('aborted', PASSKEY_MESSAGES.tooMany);
      if (isAdmin(user)) requireFreshSecondFactor(active);
      else if (!freshSignIn(active)) {
        const password = request.body?.password;
        if (password === undefined)
          throw new ApiError('invalid-argument', PASSKEY_MESSAGES.passwordNeeded, 'password');
        await enforceRateLimits(app.db, reply, [[RATE_LIMITS.passwordCheckPerUser, user.id]]);
        if (!(await passwordMatches(user, password)))
          throw new ApiError('invalid-argument', MESSAGES.currentPasswordWrong, 'password');
      }
      const existing = await listPasskeys(app.db, user.id);
      const options = await registrationOptions(app.db, rp, await siteName(app.db), user, existing);
      return { options };
    },
  );

  app.post(
    '/api/me/passkeys',
    {
      onRequest: [requireUser],
      schema: { body: addPasskeySchema, response: { 201: passkeyResponseSchema } },
    },
    async (request, reply) => {
      const active = await signedInSession(request);
      const { user } = active;
      const name = request.body.name ?? passkeyName(request.headers['user-agent']);
      const passkey = await audited(request, user, 'passkey.add', { name }, async () => {
        // The registration challenge was handed out after the password or a fresh sign-in; an
        // admin's second factor is checked again, since it makes the passkey one of the desk's.
        requireFreshSecondFactor(active);
        const credential = await verifyRegistration(app.db, rp, user.id, request.body.response);
        const known = await findByCredentialId(app.db, credential.credentialId);
        if (known)
          throw new ApiError(
            'aborted',
            known.user_id === user.id
              ? PASSKEY_MESSAGES.alreadyAdded
              : PASSKEY_MESSAGES.otherAccount,
          );
        const added = await app.db.transaction().execute(async (trx) => {
          if ((await countPasskeys(trx, user.id)) >= MAX_PASSKEYS) return null;
          const row = await insertPasskey(trx, {
            userId: user.id,
            ...credential,
            name,
            desk: isAdmin(user),
          });
          await queuePasskeyAddedMail(trx, app.config, user, name);
          return row;
        });
        if (!added) throw new ApiError('aborted', PASSKEY_MESSAGES.tooMany);
        return added;
      });
      app.mail.kick();
      return reply.code(201).send({ passkey: view(passkey) });
    },
  );

  app.patch(
    '/api/me/passkeys/:id',
    {
      onRequest: [requireUser],
      schema: {
        params: passkeyIdParamsSchema,
        body: renamePasskeySchema,
        response: { 200: passkeyResponseSchema },
      },
    },
    async (request) => {
      const { user } = await signedInSession(request);
      const renamed = await renamePasskey(app.db, user.id, request.params.id, request.body.name);
      if (!renamed) throw new ApiError('not-found', PASSKEY_MESSAGES.gone);
      return { passkey: view(renamed) };
    },
  );

  app.delete(
    '/api/me/passkeys/:id',
    { onRequest: [requireUser], schema: { params: passkeyIdParamsSchema } },
    async (request, reply) => {
      const active = await signedInSession(request);
      const { user } = active;
      const passkey = await findPasskey(app.db, user.id, request.params.id);
      if (!passkey) throw new ApiError('not-found', PASSKEY_MESSAGES.gone);
      await audited(request, user, 'passkey.remove', { name: passkey.name }, async () => {
        if (passkey.desk === 1) {
          requireFreshSecondFactor(active);
          const last = (await deskPasskeyCount(app.db, user.id)) <= 1;
          if (last && (await passkeyRequired(app.db, user.id)))
            throw new ApiError('aborted', PASSKEY_MESSAGES.lastDeskPasskey);
        }
        if (!(await deletePasskey(app.db, user.id, passkey.id)))
          throw new ApiError('not-found', PASSKEY_MESSAGES.gone);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/passkey/options',
    { schema: { response: { 200: ceremonyOptionsSchema } } },
    async (request, reply) => {
      await enforceRateLimits(app.db, reply, [
        [RATE_LIMITS.passkeyOptionsPerAddress, clientNetwork(request.ip)],
      ]);
      return { options: await authenticationOptions(app.db, rp, 'sign-in', null) };
    },
  );

  app.post(
    '/api/auth/passkey',
    { schema: { body: passkeySignInSchema, response: { 200: userResponseSchema } } },
    async (request, reply) => {
      await enforceRateLimits(app.db, reply, [
        [RATE_LIMITS.passkeySignInPerAddress, clientNetwork(request.ip)],
      ]);
      let named: Passkey | undefined;
      let passkey: Passkey;
      try {
        passkey = await verifyAssertion(app.db, rp, request.body.response, {
          purpose: 'sign-in',
          userId: null,
          accept: (found) => {
            named = found;
          },
        });
      } catch (error) {
        // A refused passkey of an admin's is a refused admin log-in.
        const owner = named && (await findAccountById(app.db, named.user_id));
        if (owner && error instanceof ApiError)
          await audit(request, owner, 'admin.login', 'failure', {
            method: 'passkey',
            name: named?.name,
            reason: error.message,
          });
        throw error;
      }
      const user = await findAccountById(app.db, passkey.user_id);
      if (!user) throw new ApiError('unauthenticated', PASSKEY_MESSAGES.unknownPasskey);
      const details = { method: 'passkey', name: passkey.name };
      if (user.disabled_at !== null) {
        await audit(request, user, 'admin.login', 'failure', {
          ...details,
          reason: 'account disabled',
        });
        throw new ApiError('permission-denied', MESSAGES.accountDisabled);
      }
      await pruneExpiredSessions(app.db);
      await startSession(request, reply, user);
      // A passkey with user verification is two factors in one: a desk passkey opens the desk.
      const opensDesk = isAdmin(user) && passkey.desk === 1;
      if (opensDesk) {
        const active = await signedInSession(request);
        await markSessionMfaVerified(app.db, active.session.token_hash);
      }
      await rememberDevice(app.db, request, reply, user.id, opensDesk ? ['login', 'mfa'] : 'login');
      await audit(request, user, 'admin.login', 'success', details);
      const info = await loadUserInfo(app.db, user.id);
      if (!info) throw new ApiError('unauthenticated', PASSKEY_MESSAGES.unknownPasskey);
      await app.live.publish({ kind: 'user', userId: user.id });
      return { user: info };
    },
  );
}
