/**
 * An admin's authenticator (docs/product/desk.md#admin-multi-factor): set it up (a secret offered, then
 * confirmed by one code, then ten recovery codes shown once), enter a code to open the desk in this
 * session or to step up before a sensitive action, and replace the recovery codes. A code is
 * accepted once (its 30-second step is claimed in one statement); wrong codes are slowed down
 * (countTry) and answered 429 with Retry-After while they must wait. Every attempt is in the audit
 * log (audit.plugin).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MFA_MESSAGES,
  mfaConfirmSchema,
  mfaEnrolmentSchema,
  mfaEnrolmentStartSchema,
  mfaStatusSchema,
  mfaVerifySchema,
  passkeyRequirementSchema,
  recoveryCodesSchema,
  type MfaStatus,
} from '#shared/admin-security-schemas';
import { ceremonyOptionsSchema, PASSKEY_MESSAGES } from '#shared/passkey-schemas';
import { MESSAGES } from '#shared/account-schemas';
import type { ActiveSession, App } from '#server/app-types';
import {
  clearUserMfaVerification,
  knownDevice,
  markSessionMfaVerified,
  rememberDevice,
} from '#server/features/accounts/accounts.service';
import {
  deskPasskeyOptions,
  deskPasskeys,
  passkeyRequired,
  setPasskeyRequirement,
  verifyDeskPasskey,
  type Passkey,
} from '#server/features/passkeys/passkeys.service';
import { describeAuditedAction } from '#server/features/audit/audit.service';
import { ApiError } from '#server/plugins/errors';
import {
  requireAdminRank,
  requireStepUp,
  signedInSession,
  stepUpDue,
  STEP_UP_WINDOW_MS,
  STEP_UP_REQUIRED,
} from '#server/plugins/guards';
import { hitRateLimit, RATE_LIMITS, refundRateLimit } from '#server/plugins/rate-limit';
import { ATTEMPT_GATES, claimAttempt, refundAttempt } from '#server/plugins/attempt-gate';
import { siteName } from '#server/features/content/content.service';
import { loadMfaKey, seal, unseal, UnreadableSecretError } from './mfa-key';
import {
  claimStep,
  countRecoveryCodesLeft,
  enrolmentCodeValid,
  findMfa,
  replaceRecoveryCodes,
  savePendingMfa,
  savePendingReplacement,
  swapInReplacement,
  useEnrolmentCode,
  useRecoveryCode,
} from './mfa.repository';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp';

export async function mfaRoutes(app: App): Promise<void> {
  const key = loadMfaKey(app.config);

  async function status(active: ActiveSession): Promise<MfaStatus> {
    const mfa = await findMfa(app.db, active.user.id);
    const verifiedAt = active.session.mfa_verified_at;
    return {
      enrolled: Boolean(mfa?.confirmed_at),
      verifiedAt,
      stepUpUntil: verifiedAt
        ? new Date(Date.parse(verifiedAt) + STEP_UP_WINDOW_MS).toISOString()
        : null,
      recoveryCodesLeft: mfa?.confirmed_at
        ? await countRecoveryCodesLeft(app.db, active.user.id)
        : 0,
      passkeys: (await deskPasskeys(app.db, active.user.id)).length,
      passkeyRequired: await passkeyRequired(app.db, active.user.id),
    };
  }

  /**
   * Checks the admin's desk passkey (docs/product/accounts.md#passkeys); the audit row names it, and a
   * refusal says why under no field (the desk shows it beside the passkey button).
   */
  async function checkPasskey(
    request: FastifyRequest,
    userId: string,
    response: Parameters<typeof verifyDeskPasskey>[3],
  ): Promise<Passkey> {
    return verifyDeskPasskey(app.db, app.config, userId, response, (passkey) =>
      describeAuditedAction(request, {
        targetId: userId,
        details: { method: 'passkey', name: passkey.name },
      }),
    );
  }

  /**
   * Counts this try before any code is looked at (docs/product/desk.md#admin-multi-factor): from a
   * browser that entered a right code for this admin before, in that browser's own bucket (five
   * wrong in 15 minutes, sliding), so wrong codes sent by someone else holding the password never
   * lock the admin out; from any other browser (or past its bucket), at the admin's gate, which
   * slows failures down exponentially instead of locking. Tries sent at once all count, so none
   * slips past; the returned function takes a right one back off.
   */
  async function countTry(
    request: FastifyRequest,
    userId: string,
    reply: FastifyReply,
  ): Promise<() => Promise<void>> {
    const device = await knownDevice(app.db, request, userId, 'mfa');
    if (device) {
      const subject = `${device}:${userId}`;
      const hit = await hitRateLimit(app.db, RATE_LIMITS.mfaCodesPerKnownDevice, subject);
      if (hit.allowed)
        return () => refundRateLimit(app.db, RATE_LIMITS.mfaCodesPerKnownDevice, subject);
    }
    const claim = await claimAttempt(app.db, ATTEMPT_GATES.mfaFromUnknownBrowsers, userId);
    if (claim.allowed) return () => refundAttempt(app.db, claim.claimed);
    reply.header('retry-after', String(claim.retryAfterSeconds));
    throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
  }

  /**
   * Counts a code confirming the first set-up against its offered secret, before it is checked
   * (five wrong in 15 minutes, sliding); a new start with the enrolment code offers a new secret.
   */
  async function countSetUpTry(offer: string, reply: FastifyReply): Promise<() => Promise<void>> {
    const rule = RATE_LIMITS.mfaSetUpCodesPerSecret;
    const hit = await hitRateLimit(app.db, rule, offer);
    if (hit.allowed) return () => refundRateLimit(app.db, rule, offer);
    reply.header('retry-after', String(hit.retryAfterSeconds));
    throw new ApiError('resource-exhausted', MESSAGES.tooManyAttempts);
  }

  /**
   * The admin's authenticator secret, opened with this server's key. Sealed under another key (MFA_KEY
   * or DATA_DIR's mfa.key changed), it cannot be opened: the log says why and what to do, and the
   * admin is told to use a recovery code (which needs no key) and replace the authenticator, instead
   * of an unexplained 500.
   */
  function openSecret(request: FastifyRequest, userId: string, sealed: string): string {
    try {
      return unseal(key, sealed);
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
      request.log.error(
        { userId },
        'mfa: this admin’s authenticator key cannot be opened with this server’s MFA key (MFA_KEY or mfa.key in DATA_DIR is not the key it was set up with). Restore that key; or the admin opens the desk with a recovery code and replaces the authenticator, or run npm run admin -- reset-mfa <email>.',
      );
      throw new ApiError('internal', MFA_MESSAGES.keyUnreadable);
    }
  }

  function wrongCode(message: string, field: string): never {
    throw new ApiError('invalid-argument', message, field);
  }

  /** A right code: the try comes off the count, and this browser is known to the admin from now on. */
  async function verified(
    request: FastifyRequest,
    reply: FastifyReply,
    active: ActiveSession,
    right: () => Promise<void>,
  ): Promise<MfaStatus> {
    await right();
    await rememberDevice(app.db, request, reply, active.user.id, 'mfa');
    const now = new Date();
    await markSessionMfaVerified(app.db, active.session.token_hash, now);
    return status({
      ...active,
      session: { ...active.session, mfa_verified_at: now.toISOString() },
    });
  }

  app.get(
    '/api/admin/mfa',
    { onRequest: [requireAdminRank], schema: { response: { 200: mfaStatusSchema } } },
    async (request) => status(await signedInSession(request)),
  );

  app.post(
    '/api/admin/mfa/enrolment',
    {
      onRequest: [requireAdminRank],
      config: { audit: 'mfa.enrolment-start' },
      schema: { body: mfaEnrolmentStartSchema, response: { 201: mfaEnrolmentSchema } },
    },
    async (request, reply) => {
      const active = await signedInSession(request);
      if (await passkeyRequired(app.db, active.user.id))
        throw new ApiError('aborted', PASSKEY_MESSAGES.appOff);
      const existing = await findMfa(app.db, active.user.id);
      const secret = newTotpSecret();
      if (existing?.confirmed_at) {
        // Replacing a working authenticator is changing MFA: a code from the last 15 minutes, and
        // the one in use keeps working until the new one is confirmed.
        if (stepUpDue(active.session.mfa_verified_at))
          throw new ApiError('step-up-required', STEP_UP_REQUIRED);
        await savePendingReplacement(app.db, active.user.id, seal(key, secret));
      } else {
        // The first set-up: only with the code the command line printed, so the password alone
        // cannot set up an authenticator (docs/product/desk.md#admin-multi-factor).
        const typed = request.body?.enrolmentCode;
        if (typed === undefined)
          throw new ApiError('invalid-argument', MFA_MESSAGES.enrolmentCodeFormat, 'enrolmentCode');
        if (!(await enrolmentCodeValid(app.db, active.user.id, hashRecoveryCode(typed))))
          throw new ApiError('invalid-argument', MFA_MESSAGES.enrolmentCodeWrong, 'enrolmentCode');
        await savePendingMfa(app.db, active.user.id, seal(key, secret), active.session.token_hash);
      }
      return reply
        .code(201)
        .send({ secret, uri: otpauthUri(secret, active.user.email, await siteName(app.db)) });
    },
  );

  app.post(
    '/api/admin/mfa/enrolment/confirm',
    {
      onRequest: [requireAdminRank],
      config: { audit: 'mfa.enrolment-confirm' },
      schema: { body: mfaConfirmSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      const active = await signedInSession(request);
      const userId = active.user.id;
      const mfa = await findMfa(app.db, userId);
      const replacing = Boolean(mfa?.confirmed_at && mfa.pending_secret_sealed);
      // A first set-up waits only for the session that entered the enrolment code: another one
      // holding the password can neither confirm it nor spend its tries.
      const ownSetUp =
        !mfa?.confirmed_at && mfa?.enrolment_session_hash === active.session.token_hash;
      if (!mfa || !(replacing || ownSetUp))
        throw new ApiError('aborted', MFA_MESSAGES.noEnrolment, 'code');
      if (replacing && stepUpDue(active.session.mfa_verified_at))
        throw new ApiError('step-up-required', STEP_UP_REQUIRED);
      // A first set-up is confirmed only while its enrolment code still works (one offered before
      // codes existed, or with an expired code, starts again).
      if (!replacing && !(await enrolmentCodeValid(app.db, userId, null)))
        throw new ApiError('aborted', MFA_MESSAGES.enrolmentCodeWrong, 'code');
      const sealed = replacing ? mfa.pending_secret_sealed! : mfa.secret_sealed;
      // Opened before the try is counted: a key that cannot be read is no wrong code.
      const secret = openSecret(request, userId, sealed);
      const right = replacing
        ? await countTry(request, userId, reply)
        : await countSetUpTry(`${userId}:${sealed}`, reply);
      const step = matchTotpStep(secret, request.body.code);
      if (step === null) return wrongCode(MFA_MESSAGES.wrongCode, 'code');
      const claimed = replacing
        ? await swapInReplacement(app.db, userId, sealed, step)
        : await claimStep(app.db, userId, step, new Date());
      if (!claimed) return wrongCode(MFA_MESSAGES.wrongCode, 'code');
      // The enrolment code is used up: it set up one authenticator.
      if (!replacing) await useEnrolmentCode(app.db, userId);
      const codes = newRecoveryCodes();
      await replaceRecoveryCodes(app.db, userId, codes.map(hashRecoveryCode));
      await verified(request, reply, active, right);
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/api/admin/mfa/verify',
    {
      onRequest: [requireAdminRank],
      config: { audit: 'mfa.verify' },
      schema: { body: mfaVerifySchema, response: { 200: mfaStatusSchema } },
    },
    async (request, reply) => {
      const active = await signedInSession(request);
      const userId = active.user.id;
      const body = request.body;
      const method =
        'code' in body ? 'authenticator app' : 'passkey' in body ? 'passkey' : 'recovery code';
      describeAuditedAction(request, { targetId: userId, details: { method } });
      if ('passkey' in body) {
        // A passkey cannot be guessed, so its tries are not counted; a refusal says why.
        await checkPasskey(request, userId, body.passkey);
        return verified(request, reply, active, async () => {});
      }
      const mfa = await findMfa(app.db, userId);
      if (!mfa?.confirmed_at)
        throw new ApiError(
          'aborted',
          MFA_MESSAGES.noEnrolment,
          'code' in body ? 'code' : 'recoveryCode',
        );
      // With a passkey required, a code (phishable) opens nothing; a recovery code still works in a
      // browser that opened this desk before, whose device cookie a look-alike site never gets
      // (docs/decisions/2026-11-29-passkeys.md).
      if (await passkeyRequired(app.db, userId)) {
        if ('code' in body) throw new ApiError('aborted', PASSKEY_MESSAGES.passkeyOnly, 'code');
        if (!(await knownDevice(app.db, request, userId, 'mfa')))
          throw new ApiError('aborted', PASSKEY_MESSAGES.recoveryNeedsKnownBrowser, 'recoveryCode');
      }
      let right: () => Promise<void>;
      if ('code' in body) {
        // Opened before the try is counted: a key that cannot be read is no wrong code.
        const secret = openSecret(request, userId, mfa.secret_sealed);
        right = await countTry(request, userId, reply);
        const step = matchTotpStep(secret, body.code);
        if (step === null || !(await claimStep(app.db, userId, step)))
          return wrongCode(MFA_MESSAGES.wrongCode, 'code');
      } else {
        // A recovery code needs no key: it still opens the desk after the key changed.
        right = await countTry(request, userId, reply);
        if (!(await useRecoveryCode(app.db, userId, hashRecoveryCode(body.recoveryCode))))
          return wrongCode(MFA_MESSAGES.wrongRecoveryCode, 'recoveryCode');
      }
      return verified(request, reply, active, right);
    },
  );

  app.post(
    '/api/admin/mfa/passkey-options',
    {
      onRequest: [requireAdminRank],
      // A challenge handed out, not an action: the check that uses it is logged.
      config: { audit: false },
      schema: { response: { 200: ceremonyOptionsSchema } },
    },
    async (request) => {
      const { user } = await signedInSession(request);
      const options = await deskPasskeyOptions(app.db, app.config, user.id);
      if (!options) throw new ApiError('aborted', PASSKEY_MESSAGES.noDeskPasskey);
      return { options };
    },
  );

  app.put(
    '/api/admin/mfa/passkey-required',
    {
      onRequest: [requireStepUp],
      config: { audit: 'mfa.passkey-required' },
      schema: { body: passkeyRequirementSchema, response: { 200: mfaStatusSchema } },
    },
    async (request, reply) => {
      const active = await signedInSession(request);
      const userId = active.user.id;
      const body = request.body;
      describeAuditedAction(request, { targetId: userId, details: { required: body.required } });
      if (!body.required) {
        await setPasskeyRequirement(app.db, userId, false);
        return status(active);
      }
      const passkey = await checkPasskey(request, userId, body.passkey);
      describeAuditedAction(request, { details: { required: true, name: passkey.name } });
      await app.db.transaction().execute(async (trx) => {
        await setPasskeyRequirement(trx, userId, true);
        // Sessions that opened the desk with a code must open it again, now with a passkey.
        await clearUserMfaVerification(trx, userId, active.session.token_hash);
      });
      return verified(request, reply, active, async () => {});
    },
  );

  app.post(
    '/api/admin/mfa/recovery-codes',
    {
      onRequest: [requireStepUp],
      config: { audit: 'mfa.recovery-codes-replace' },
      schema: { response: { 200: recoveryCodesSchema } },
    },
    async (request) => {
      const { user } = await signedInSession(request);
      const codes = newRecoveryCodes();
      await replaceRecoveryCodes(app.db, user.id, codes.map(hashRecoveryCode));
      return { recoveryCodes: codes };
    },
  );
}
