/** The admin's authenticator calls (docs/product/desk.md#admin-multi-factor). */
import {
  mfaEnrolmentSchema,
  mfaStatusSchema,
  recoveryCodesSchema,
  type MfaEnrolment,
  type MfaStatus,
} from '#shared/admin-security-schemas';
import type { AuthenticationResponse } from '#shared/passkey-schemas';
import { api } from '../../../lib/api';
import { passkeyAnswer } from '../../../lib/passkeys-api';

export type CodeEntry = { code: string } | { recoveryCode: string };

export async function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return mfaStatusSchema.parse(await api<unknown>('/api/admin/mfa', { signal }));
}

/**
 * Offers a new key: the first set-up with the command line's enrolment code, a replacement of a
 * working authenticator without one (it needs a recent code instead).
 */
export async function startEnrolment(enrolmentCode?: string): Promise<MfaEnrolment> {
  return mfaEnrolmentSchema.parse(
    await api<unknown>('/api/admin/mfa/enrolment', {
      method: 'POST',
      body: enrolmentCode === undefined ? {} : { enrolmentCode },
    }),
  );
}

export async function confirmEnrolment(code: string): Promise<string[]> {
  const body = await api<unknown>('/api/admin/mfa/enrolment/confirm', {
    method: 'POST',
    body: { code },
  });
  return recoveryCodesSchema.parse(body).recoveryCodes;
}

export async function verifyCode(
  entry: CodeEntry | { passkey: AuthenticationResponse },
): Promise<MfaStatus> {
  return mfaStatusSchema.parse(
    await api<unknown>('/api/admin/mfa/verify', { method: 'POST', body: entry }),
  );
}

/** A new set of ten recovery codes; the old ones stop working (a sensitive action: step-up). */
export async function renewRecoveryCodes(): Promise<string[]> {
  const body = await api<unknown>('/api/admin/mfa/recovery-codes', { method: 'POST' });
  return recoveryCodesSchema.parse(body).recoveryCodes;
}

/**
 * Opens the desk, or steps up, with a desk passkey (docs/product/desk.md#admin-multi-factor): the
 * desk's challenge, the browser's answer, then the check.
 */
export async function verifyPasskey(): Promise<MfaStatus> {
  const passkey = await passkeyAnswer('/api/admin/mfa/passkey-options');
  return verifyCode({ passkey });
}

/** "Require a passkey": turning it on needs a passkey answering now; off needs a step-up. */
export async function setPasskeyRequired(required: boolean): Promise<MfaStatus> {
  const body = required
    ? { required, passkey: await passkeyAnswer('/api/admin/mfa/passkey-options') }
    : { required };
  return mfaStatusSchema.parse(
    await api<unknown>('/api/admin/mfa/passkey-required', { method: 'PUT', body }),
  );
}
