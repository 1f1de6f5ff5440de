/**
 * What every password change does, in the caller's transaction: store the new hash, close every open
 * reset link, end the user's sessions (all of them, or all but the one that made the change) and
 * queue the password-changed mail.
 */
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database, User } from '#server/db/schema';
import { queuePasswordChangedMail } from './account.mails';
import { revokePasswordResets } from './links.repository';
import { deleteUserSessions } from './sessions.repository';
import { setPasswordHash } from './users.repository';

export async function applyPasswordChange(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  user: User,
  passwordHash: string,
  keepSessionHash?: string,
): Promise<void> {
  await setPasswordHash(db, user.id, passwordHash);
  await revokePasswordResets(db, user.id);
  await deleteUserSessions(db, user.id, keepSessionHash);
  await queuePasswordChangedMail(db, config, user);
}
