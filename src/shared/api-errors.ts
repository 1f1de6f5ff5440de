import { z } from 'zod';

/** The status names and their HTTP codes (docs/product.md#status-names-and-http-codes). */
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
} as const;

export type ErrorStatus = keyof typeof ERROR_STATUS_HTTP;

export const ERROR_STATUSES = Object.keys(ERROR_STATUS_HTTP) as ErrorStatus[];

/**
 * Why a 403 was refused, where the client can do something about it (docs/product.md#admin-multi-factor):
 * the session has not entered an authenticator code yet, or the action needs one from the last 15 minutes.
 */
export const ERROR_REASONS = ['mfa-required', 'step-up-required'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

// Marked pure so a bundle that only needs the guard below leaves zod out (the client's first load).
export const errorEnvelopeSchema = /*#__PURE__*/ (() =>
  z.object({
    error: z.object({
      status: z.enum(ERROR_STATUSES as [ErrorStatus, ...ErrorStatus[]]),
      message: z.string(),
      field: z.string().optional(),
      reason: z.enum(ERROR_REASONS).optional(),
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
  const { status, message, field, reason } = error;
  if (typeof status !== 'string' || !(status in ERROR_STATUS_HTTP) || typeof message !== 'string')
    return null;
  if (field !== undefined && typeof field !== 'string') return null;
  const read: ErrorEnvelope['error'] = { status: status as ErrorStatus, message };
  if (field !== undefined) read.field = field;
  if (typeof reason === 'string' && (ERROR_REASONS as readonly string[]).includes(reason))
    read.reason = reason as ErrorReason;
  return read;
}
