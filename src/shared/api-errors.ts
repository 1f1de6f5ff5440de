import { z } from 'zod';

/** The status names and their HTTP codes (docs/product/api.md#status-names-and-http-codes). */
export const ERROR_STATUS_HTTP = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
  /**
   * The admin's session has not entered an authenticator code yet, or the action needs one from the
   * last 15 minutes (docs/product/desk.md#admin-multi-factor): the client asks for a code and sends the
   * call again. 403 as RFC 9110 means it (credentials given, not enough for this), but a status name
   * of their own, so no client reads them as "not allowed" or as "signed out"
   * (docs/decisions/2026-11-25-admin-security.md). After permission-denied: a bare 403 is that.
   */
  'mfa-required': 403,
  'step-up-required': 403,
} as const;

export type ErrorStatus = keyof typeof ERROR_STATUS_HTTP;

export const ERROR_STATUSES = Object.keys(ERROR_STATUS_HTTP) as ErrorStatus[];

/** The statuses a new authenticator code answers: the client asks for one, then sends the call again. */
export const CODE_REQUIRED_STATUSES = [
  'mfa-required',
  'step-up-required',
] as const satisfies readonly ErrorStatus[];

export function needsAuthenticatorCode(status: string): boolean {
  return (CODE_REQUIRED_STATUSES as readonly string[]).includes(status);
}

// Marked pure so a bundle that only needs the guard below leaves zod out (the client's first load).
export const errorEnvelopeSchema = /*#__PURE__*/ (() =>
  z.object({
    error: z.object({
      status: z.enum(ERROR_STATUSES as [ErrorStatus, ...ErrorStatus[]]),
      message: z.string(),
      field: z.string().optional(),
    }),
  }))();

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function statusForHttp(code: number): ErrorStatus {
  const found = ERROR_STATUSES.find((s) => ERROR_STATUS_HTTP[s] === code);
  if (found) return found;
  return code >= 500 ? 'internal' : 'invalid-argument';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The same check as errorEnvelopeSchema without zod, for the browser's first load. */
export function readErrorEnvelope(data: unknown): ErrorEnvelope['error'] | null {
  const error = isRecord(data) ? data.error : null;
  if (!isRecord(error)) return null;
  const { status, message, field } = error;
  if (typeof status !== 'string' || !(status in ERROR_STATUS_HTTP) || typeof message !== 'string')
    return null;
  if (field !== undefined && typeof field !== 'string') return null;
  const read: ErrorEnvelope['error'] = { status: status as ErrorStatus, message };
  if (field !== undefined) read.field = field;
  return read;
}
