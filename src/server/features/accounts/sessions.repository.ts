/**
 * Server-side sessions (docs/product/accounts.md#staying-logged-in): one row per signed-in browser, keyed by the SHA-256 of
 * the cookie's token. Expiry is checked here, never trusted to the cookie: 30 days, sliding. An
 * admin's session ends sooner (docs/product/desk.md#admin-sessions): after 30 minutes without a request
 * and 12 hours after it began. A disabled account has no active session.
 */
import type { Kysely } from 'kysely';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import type { ActiveSession } from '#server/app-types';
import type { Database, Session, User } from '#server/db/schema';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry moves forward at most this often, so reads do not become writes. */
export const SESSION_SLIDE_AFTER_MS = 60 * 60 * 1000;
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ADMIN_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** An admin's last request is written this often, so the idle timeout is exact to the minute. */
const ADMIN_SLIDE_AFTER_MS = 60 * 1000;

function isAdmin(user: Pick<User, 'admin_rank'>): boolean {
  return user.admin_rank > ADMIN_RANK_ABOVE;
}

/** True when an admin's session has been idle or open too long (other sessions never are). */
export function adminSessionOver(session: Session, user: User, now = new Date()): boolean {
  if (!isAdmin(user)) return false;
  const time = now.getTime();
  return (
    time - Date.parse(session.last_seen_at) >= ADMIN_IDLE_TIMEOUT_MS ||
    time - Date.parse(session.created_at) >= ADMIN_SESSION_MAX_MS
  );
}

export async function insertSession(
  db: Kysely<Database>,
  tokenHash: string,
  userId: string,
  now = new Date(),
  device: string | null = null,
): Promise<Session> {
  const session: Session = {
    mfa_verified_at: null,
    device,
    token_hash: tokenHash,
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  };
  await db.insertInto('sessions').values(session).execute();
  return session;
}

/** The session and its user, unless the session is unknown or expired. */
export async function findActiveSession(
  db: Kysely<Database>,
  tokenHash: string,
  now = new Date(),
): Promise<ActiveSession | null> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!session) return null;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.user_id)
    .executeTakeFirst();
  if (!user || user.disabled_at !== null || adminSessionOver(session, user, now)) return null;
  return { session, user };
}

/** True when the sliding expiry is due to move (last moved over an hour ago; a minute for admins). */
export function isDueForSlide(session: Session, user: User, now = new Date()): boolean {
  const every = isAdmin(user) ? ADMIN_SLIDE_AFTER_MS : SESSION_SLIDE_AFTER_MS;
  return now.getTime() - Date.parse(session.last_seen_at) >= every;
}

/** Notes that the session entered an authenticator code now (features/mfa). */
export async function markSessionMfaVerified(
  db: Kysely<Database>,
  tokenHash: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ mfa_verified_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/**
 * Forgets every session's entered code but `keepTokenHash`'s, so each must enter one again (the
 * MFA was reset; the desk now takes only a passkey).
 */
export async function clearUserMfaVerification(
  db: Kysely<Database>,
  userId: string,
  keepTokenHash?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ mfa_verified_at: null })
    .where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}

/** Moves the expiry to 30 days from now; returns the new expiry. */
export async function slideSession(
  db: Kysely<Database>,
  tokenHash: string,
  now = new Date(),
): Promise<string> {
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString(), expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .execute();
  return expiresAt;
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of the user except `keepTokenHash`; returns how many ended. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  keepTokenHash?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function pruneExpiredSessions(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live sessions, newest first. */
export async function listUserSessions(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<Session[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
}
