/**
 * Route policies (docs/architecture.md#route-policies): put them on the route, `onRequest: [requireUser]` or
 * `[requireAdmin]`, and read the user in the handler with `signedInUser(request)`. Roles are checked
 * here on the server for every call; the client only hides buttons. They read the session through
 * `request.session()`, which the accounts' session plugin puts on every request, so any domain uses
 * them without importing accounts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import type { ActiveSession } from '#server/app-types';
import type { User } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';

export const SIGN_IN_REQUIRED = 'Please log in.';
export const NOT_ALLOWED = 'You do not have permission to do this.';
export const MFA_REQUIRED = 'Enter a code from your authenticator app to open the desk.';
export const STEP_UP_REQUIRED = 'Enter a new code from your authenticator app to do this.';
/** Sensitive actions need a code entered this recently (docs/product/desk.md#admin-multi-factor). */
export const STEP_UP_WINDOW_MS = 15 * 60 * 1000;

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

/** The requests that reached an admin route as an admin, and who: the audit log records them. */
const adminActors = new WeakMap<FastifyRequest, User>();

/** The admin behind a request to an admin route, or undefined for anyone else. */
export function adminActor(request: FastifyRequest): User | undefined {
  return adminActors.get(request);
}

/**
 * onRequest policy for the admin's own security routes (enrolling and entering a code): adminRank
 * above 9, whether or not this session has entered a code yet.
 */
export async function requireAdminRank(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ActiveSession> {
  // What an admin route answers is the desk's own data: never kept by a browser or proxy cache.
  reply.header('cache-control', 'no-store');
  const active = await signedInSession(request);
  if (active.user.admin_rank <= ADMIN_RANK_ABOVE)
    throw new ApiError('permission-denied', NOT_ALLOWED);
  adminActors.set(request, active.user);
  return active;
}

/**
 * onRequest policy: the admin (docs/product/accounts.md#admin-role), adminRank above 9 (401 when signed out,
 * 403 below), in a session that entered an authenticator code (else 403 `mfa-required`).
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const active = await requireAdminRank(request, reply);
  if (active.session.mfa_verified_at === null) throw new ApiError('mfa-required', MFA_REQUIRED);
}

/** Whether a sensitive action needs a new code: none entered, or the last one is too old. */
export function stepUpDue(mfaVerifiedAt: string | null, now = Date.now()): boolean {
  return mfaVerifiedAt === null || now - Date.parse(mfaVerifiedAt) > STEP_UP_WINDOW_MS;
}

/**
 * onRequest policy for sensitive actions (ranks, disabling, deleting, exporting accounts, sending a
 * newsletter, changing MFA): an admin whose session entered a code in the last 15 minutes, else 403
 * `step-up-required`, which the desk turns into a prompt before it retries.
 */
export async function requireStepUp(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAdmin(request, reply);
  if (stepUpDue((await signedInSession(request)).session.mfa_verified_at))
    throw new ApiError('step-up-required', STEP_UP_REQUIRED);
}
