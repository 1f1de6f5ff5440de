/**
 * One-time links sent by mail: password resets (45 minutes, inside OWASP's 30–60 minute advice) and
 * email verifications (48 hours). Only the token's SHA-256 is stored; a link is used up by one atomic
 * update, so two clicks racing cannot both succeed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { PASSWORD_RESET_LINK_MINUTES } from '#shared/timing';
import { hashToken, issueToken, looksLikeToken } from './tokens';

export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_LINK_MINUTES * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

/** Stores a new reset link for the user and returns its token (for the mail only). */
export async function createPasswordReset(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<string> {
  const { token, hash } = issueToken();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The user a reset token belongs to while it is unused and unexpired; it stays usable. */
export async function findOpenPasswordReset(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ userId: string } | null> {
  if (!looksLikeToken(token)) return null;
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { userId: row.user_id } : null;
}

/** Uses the reset token up; returns its user, or null when it was unknown, used or expired. */
export async function consumePasswordReset(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ userId: string } | null> {
  if (!looksLikeToken(token)) return null;
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row ? { userId: row.user_id } : null;
}

/** Closes every open reset link of the user (after any password change). */
export async function revokePasswordResets(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function createEmailVerification(
  db: Kysely<Database>,
  userId: string,
  email: string,
  now = new Date(),
): Promise<string> {
  const { token, hash } = issueToken();
  await db
    .insertInto('email_verifications')
    .values({
      token_hash: hash,
      user_id: userId,
      email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/** Uses a verification token up; returns the user and the address it was sent to, or null. */
export async function consumeEmailVerification(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string } | null> {
  if (!looksLikeToken(token)) return null;
  const row = await db
    .updateTable('email_verifications')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, email: row.email } : null;
}
