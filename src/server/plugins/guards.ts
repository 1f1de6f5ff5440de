/**
 * Route policies (docs/architecture.md#route-policies): put them on the route, `onRequest: [requireUser]` or
 * `[requireAdmin]`, and read the user in the handler with `signedInUser(request)`. Roles are checked
 * here on the server for every call; the client only hides buttons. They read the session through
 * `request.session()`, which the accounts' session plugin puts on every request, so any domain uses
 * them without importing accounts.
 */
import type { FastifyRequest } from 'fastify';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import type { ActiveSession } from '#server/app-types';
import type { User } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';

export const SIGN_IN_REQUIRED = 'Please log in.';
export const NOT_ALLOWED = 'You do not have permission to do this.';

/** The signed-in session with its user, or null when signed out. */
export async function currentSession(request: FastifyRequest): Promise<ActiveSession | null> {
  return request.session();
}

/**
 * The signed-in user's row, or null when signed out. Never send the row itself: see
 * features/accounts/user-info.ts.
 */
export async function currentUser(request: FastifyRequest): Promise<User | null> {
  return (await request.session())?.user ?? null;
}

/** The signed-in session and its user, or a 401 unauthenticated. */
export async function signedInSession(request: FastifyRequest): Promise<ActiveSession> {
  const active = await request.session();
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

/** onRequest policy: the admin (docs/product.md#admin-role), adminRank above 9 (401 when signed out, 403 below). */
export const requireAdmin = requireRank(ADMIN_RANK_ABOVE + 1);
