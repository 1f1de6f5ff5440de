/**
 * Route policies (STYLE.md §5): put them on the route, `onRequest: [requireUser]` or
 * `[requireAdmin]`, and read the user in the handler with `signedInUser(request)`. Roles are checked
 * here on the server for every call; the client only hides buttons.
 */
import type { FastifyRequest } from 'fastify';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import type { ActiveSession } from '#server/accounts/sessions.repository';
import type { User } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';
import { getSession } from '#server/plugins/session';

export const SIGN_IN_REQUIRED = 'Please log in.';
export const NOT_ALLOWED = 'You do not have permission to do this.';

/** The signed-in session and its user, or a 401 unauthenticated. */
export async function signedInSession(request: FastifyRequest): Promise<ActiveSession> {
  const active = await getSession(request);
  if (!active) throw new ApiError('unauthenticated', SIGN_IN_REQUIRED);
  return active;
}

/** The signed-in user, or a 401 unauthenticated. */
export async function signedInUser(request: FastifyRequest): Promise<User> {
  return (await signedInSession(request)).user;
}

/** onRequest policy: signed in, else 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  await signedInUser(request);
}

/** onRequest policy factory: signed in (else 401) with adminRank ≥ `minRank` (else 403). */
export function requireRank(minRank: number) {
  return async function requireMinRank(request: FastifyRequest): Promise<void> {
    const user = await signedInUser(request);
    if (user.admin_rank < minRank) throw new ApiError('permission-denied', NOT_ALLOWED);
  };
}

/** onRequest policy: the spec's admin, adminRank above 9 (401 when signed out, 403 below). */
export const requireAdmin = requireRank(ADMIN_RANK_ABOVE + 1);
