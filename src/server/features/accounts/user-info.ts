/**
 * Rows → the shared UserInfo shape (docs/product/data.md#users-table: the user info plus the account's email fields). This is the
 * only way account data leaves the server, and it names every field it sends: no hash, no token.
 */
import type { Kysely } from 'kysely';
import type { UserInfo } from '#shared/account-schemas';
import type { Database, User } from '#server/db/schema';
import { activeProducts } from '#server/features/indicators/product-access.service';
import { findUserById } from './users.repository';

export function toUserInfo(user: User, subscribedProducts: string[] = []): UserInfo {
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.email_verified === 1,
    displayName: user.username,
    username: user.username,
    avatar: user.avatar,
    bio: user.bio,
    adminRank: user.admin_rank,
    userPrivileges: { earlyUser: user.early_user === 1 },
    subscribedToNewsletter: user.subscribed_to_newsletter === 1,
    subscribedProducts,
    createdAt: user.created_at,
  };
}

/** The user's current info, or null when the account does not exist (any more). */
export async function loadUserInfo(db: Kysely<Database>, userId: string): Promise<UserInfo | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return toUserInfo(user, await activeProducts(db, userId));
}
