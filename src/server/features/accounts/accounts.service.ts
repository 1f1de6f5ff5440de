/**
 * What the accounts domain offers the others: a stream's user info by its session, the accounts
 * behind records in the owner's lists, and the newsletter switch kept in step with the mail lists
 * (the last two handed over by app.ts to the domains below accounts).
 */
import type { Kysely } from 'kysely';
import type { UserInfo } from '#shared/account-schemas';
import type { AccountSummary } from '#server/app-types';
import type { Database } from '#server/db/schema';
import { findActiveSession } from './sessions.repository';
import { loadUserInfo } from './user-info';
import { findAccountSummaries, setNewsletterFlag } from './users.repository';

/** The user info of the session with this token hash; null once the session or account has ended. */
export async function userInfoForSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<UserInfo | null> {
  const active = await findActiveSession(db, tokenHash);
  return active ? loadUserInfo(db, active.user.id) : null;
}

/** The named accounts by id; ids without an account are missing from the map. */
export async function findAccounts(
  db: Kysely<Database>,
  userIds: string[],
): Promise<Map<string, AccountSummary>> {
  if (userIds.length === 0) return new Map();
  const accounts = await findAccountSummaries(db, userIds);
  return new Map(accounts.map((account) => [account.id, account]));
}

/**
 * Keeps the account's newsletter switch (users.subscribed_to_newsletter, the user info's field) in step
 * with what a newsletter member did through a mail's link: the account it was made through and any
 * account with its address. Returns the accounts changed, for live updates.
 */
export async function syncNewsletterWish(
  db: Kysely<Database>,
  member: { email: string; userId: string | null },
  subscribed: boolean,
): Promise<string[]> {
  return setNewsletterFlag(db, member, subscribed);
}
