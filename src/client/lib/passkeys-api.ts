/**
 * The passkey calls (docs/product/accounts.md#passkeys), shared by the account page, the log-in
 * pop-up and the desk: the account's own list, add (the server's
 * options, the browser's ceremony, then the new credential), rename and remove, and a sign-in's
 * options. Each throws the ApiError of lib/api on a refusal, or the browser's error from the
 * ceremony (lib/passkeys tells it in words).
 */
import {
  ceremonyOptionsSchema,
  passkeyListSchema,
  passkeyResponseSchema,
  type AuthenticationResponse,
  type PasskeyList,
  type PasskeyView,
} from '#shared/passkey-schemas';
import { api } from './api';
import { webAuthn } from './passkeys';

export async function fetchPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return passkeyListSchema.parse(await api<unknown>('/api/me/passkeys', { signal, list: true }));
}

/**
 * Adds a passkey: the password goes along when the session is older than 15 minutes (the server
 * says so with `passwordNeeded`, or refuses the options with the field `password`).
 */
export async function addPasskey(password?: string): Promise<PasskeyView> {
  const { startRegistration } = await webAuthn();
  const body = await api<unknown>('/api/me/passkeys/options', {
    method: 'POST',
    body: password === undefined ? {} : { password },
  });
  const { options } = ceremonyOptionsSchema.parse(body);
  const response = await startRegistration({
    optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const added = await api<unknown>('/api/me/passkeys', { method: 'POST', body: { response } });
  return passkeyResponseSchema.parse(added).passkey;
}

export async function renamePasskey(id: string, name: string): Promise<PasskeyView> {
  const body = await api<unknown>(`/api/me/passkeys/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { name },
  });
  return passkeyResponseSchema.parse(body).passkey;
}

export async function removePasskey(id: string): Promise<void> {
  await api(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * A sign-in's answer from the browser to the challenge `optionsPath` hands out: with `autofill`,
 * the request waits quietly for the visitor to pick a passkey among the email field's suggestions
 * (conditional mediation). `signal` stops it before the browser is asked (the form closed).
 */
export async function passkeyAnswer(
  optionsPath: string,
  { autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal } = {},
): Promise<AuthenticationResponse> {
  const { startAuthentication } = await webAuthn();
  const body = await api<unknown>(optionsPath, { method: 'POST', signal });
  signal?.throwIfAborted();
  const { options } = ceremonyOptionsSchema.parse(body);
  const answer = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
  return answer as AuthenticationResponse;
}
