/**
 * The browser's side of passkeys (docs/product/accounts.md#passkeys): @simplewebauthn/browser is
 * loaded only when a passkey is about to be used (a click, the log-in pop-up opening, the account
 * page's Passkeys section), never with the first page, and the browser's own failures are told in
 * the site's words (PASSKEY_MESSAGES).
 */
import { PASSKEY_MESSAGES } from '#shared/passkey-schemas';

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

let loading: Promise<WebAuthnBrowser> | null = null;

/** The library, fetched once on first use. */
export function webAuthn(): Promise<WebAuthnBrowser> {
  loading ??= import('@simplewebauthn/browser').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Whether this browser can create and use passkeys at all (checked without the library first). */
export async function passkeysSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function')
    return false;
  return (await webAuthn()).browserSupportsWebAuthn();
}

/** A site reached by an IP address: no passkey can be made or used for it (no relying party). */
function reachedByAddress(): boolean {
  const host = window.location.hostname;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');
}

/**
 * Whether the browser offers passkeys among the email field's suggestions (conditional UI); never
 * on a site reached by an IP address, so the quiet request asks the server for nothing there.
 */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function')
    return false;
  if (reachedByAddress()) return false;
  return (await webAuthn()).browserSupportsWebAuthnAutofill();
}

/** Stops the passkey prompt or the autofill request under way, if any. */
export async function cancelPasskeyRequest(): Promise<void> {
  if (!loading) return;
  (await loading).WebAuthnAbortService.cancelCeremony();
}

/** The ceremony was stopped by the page itself (a newer request, the form closing): say nothing. */
export function passkeyAborted(error: unknown): boolean {
  return (
    error instanceof Error &&
    ((error as { code?: unknown }).code === 'ERROR_CEREMONY_ABORTED' || error.name === 'AbortError')
  );
}

/**
 * The words for a failure of the browser's ceremony; the server's refusals (ApiError) keep their
 * own and are not passed here.
 */
export function passkeyFailureMessage(error: unknown): string {
  if (!(error instanceof Error)) return PASSKEY_MESSAGES.verificationFailed;
  const cause = (error as { cause?: unknown }).cause;
  const name = cause instanceof Error ? cause.name : error.name;
  const code = (error as { code?: unknown }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return PASSKEY_MESSAGES.alreadyAdded;
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_MESSAGES.cancelled;
  if (name === 'NotSupportedError' || /not supported/i.test(error.message))
    return PASSKEY_MESSAGES.unsupported;
  return PASSKEY_MESSAGES.verificationFailed;
}
