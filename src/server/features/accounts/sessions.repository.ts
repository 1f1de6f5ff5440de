/**
 * Server-side sessions (docs/product.md#staying-signed-in): one row per signed-in browser, keyed by the SHA-256 of
 * the cookie's token. Expiry is checked here, never trusted to the cookie: 30 days, sliding.
 */
import type { Kysely } from 'kysely';
import type { ActiveSession } from '#server/app-types';
import type { Database, Session } from '#server/db/schema';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry moves forward at most this often, so reads do not become writes. */
export const SESSION_SLIDE_AFTER_MS = 60 * 60 * 1000;

export async function insertSession(
  db: Kysely<Database>,
  tokenHash: string,
  userId: string,
  now = new Date(),
): Promise<Session> {
  const session: Session = {
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
  return user ? { session, user } : null;
}

/** True when the sliding expiry is due to move (last moved over an hour ago). */
export function isDueForSlide(session: Session, now = new Date()): boolean {
  return now.getTime() - Date.parse(session.last_seen_at) >= SESSION_SLIDE_AFTER_MS;
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
