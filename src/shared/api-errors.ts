import { z } from 'zod';

/** The spec's status names and their HTTP codes (spec §8, DESIGN.md "API conventions"). */
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

export const errorEnvelopeSchema = z.object({
  error: z.object({
    status: z.enum(ERROR_STATUSES as [ErrorStatus, ...ErrorStatus[]]),
    message: z.string(),
    field: z.string().optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function statusForHttp(code: number): ErrorStatus {
  const found = ERROR_STATUSES.find((s) => ERROR_STATUS_HTTP[s] === code);
  if (found) return found;
  return code >= 500 ? 'internal' : 'invalid-argument';
}
