/**
 * What the accounts domain offers the others: a stream's user info by its session, the accounts
 * behind records in the owner's lists, and the newsletter switch kept in step with the mail lists
 * (the last two handed over by app.ts to the domains below accounts); and the owner's work on
 * accounts, for the desk's routes and the command line: the search, ranks, the early-user flag,
 * disabling, enabling and ending sessions (docs/product.md#accounts-on-the-desk).
 */
import type { Kysely } from 'kysely';
import type { UserInfo } from '#shared/account-schemas';
import {
  DESK_ACCOUNT_MESSAGES,
  type AccountFilters,
  type AccountRow,
} from '#shared/desk-accounts-schemas';
import type { AccountSummary } from '#server/app-types';
import type { Database, User } from '#server/db/schema';
import { subscribedMembersOf } from '#server/features/mail-lists/subscriptions.service';
import { ApiError } from '#server/plugins/errors';
import {
  listDirectoryPage,
  type DirectoryFilter,
  type DirectoryPosition,
  type DirectoryRow,
} from './account-directory.repository';
import { deleteUserSessions, findActiveSession } from './sessions.repository';
import { loadUserInfo } from './user-info';
import {
  changeAdminRank,
  changeEarlyUser,
  clearDisabled,
  findAccountSummaries,
  findUserByEmail,
  findUserById,
  markDisabled,
  setNewsletterFlag,
} from './users.repository';

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

/** Notes that the session entered an authenticator code now (the MFA domain, after a good code). */
export {
  markSessionMfaVerified,
  clearUserMfaVerification,
  deleteUserSessions,
} from './sessions.repository';

export { deleteAccountWithData } from './account-deletion';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** How many accounts the CSV export reads at a time. */
const EXPORT_BATCH = 500;

function isoTime(ms: number): string {
  const iso = Number.isFinite(ms) ? new Date(ms).toISOString() : '';
  // Outside years 0000-9999 the text would not sort with the stored times.
  if (!/^\d{4}-/.test(iso))
    throw new ApiError('invalid-argument', DESK_ACCOUNT_MESSAGES.dateInvalid);
  return iso;
}

/** The search's filters as the directory takes them: `to` as a date includes that whole day. */
function directoryFilter(db: Kysely<Database>, filters: AccountFilters): DirectoryFilter {
  const { from, to } = filters;
  return {
    q: filters.q,
    rank: filters.rank,
    earlyUser: filters.earlyUser,
    verified: filters.verified,
    disabled: filters.disabled,
    createdFrom: from === undefined ? undefined : isoTime(Date.parse(from)),
    createdBefore:
      to === undefined ? undefined : isoTime(Date.parse(to) + (DATE_ONLY.test(to) ? DAY_MS : 1)),
    members: filters.list === undefined ? undefined : subscribedMembersOf(db, filters.list),
  };
}

export function toAccountRow(row: DirectoryRow): AccountRow {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    adminRank: row.admin_rank,
    earlyUser: row.early_user === 1,
    emailVerified: row.email_verified === 1,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}

/** The opaque `next` of a page: where it ended. */
function encodeCursor(row: DirectoryRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): DirectoryPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string') return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** One page of the owner's search, newest first; `next` continues it, null on the last page. */
export async function searchAccounts(
  db: Kysely<Database>,
  filters: AccountFilters,
  page: { cursor?: string; limit: number },
): Promise<{ accounts: AccountRow[]; next: string | null }> {
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor);
  if (page.cursor !== undefined && after === null)
    throw new ApiError('invalid-argument', DESK_ACCOUNT_MESSAGES.cursorInvalid, 'cursor');
  const rows = await listDirectoryPage(db, directoryFilter(db, filters), after, page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    accounts: shown.map(toAccountRow),
    next: rows.length > page.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * Every account matching the filters, newest first, read a batch at a time (the CSV export): as
 * many rows in memory as one batch, whatever the number of accounts.
 */
export async function* eachAccountBatch(
  db: Kysely<Database>,
  filters: AccountFilters,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<AccountRow[]> {
  const filter = directoryFilter(db, filters);
  let after: DirectoryPosition | null = null;
  for (;;) {
    const rows = await listDirectoryPage(db, filter, after, batchSize);
    if (rows.length > 0) yield rows.map(toAccountRow);
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/** The account with this e-mail (the command line names accounts by e-mail). */
export async function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<User | undefined> {
  return findUserByEmail(db, email);
}

/** The account with this id. */
export async function findAccountById(
  db: Kysely<Database>,
  userId: string,
): Promise<User | undefined> {
  return findUserById(db, userId);
}

/** Gives the account a rank; the rank before and after, or null when there is no such account. */
export async function setAccountRank(
  db: Kysely<Database>,
  userId: string,
  rank: number,
): Promise<{ from: number; to: number } | null> {
  return db.transaction().execute((trx) => changeAdminRank(trx, userId, rank));
}

/** Sets the early-user flag; the flag before and after, or null when there is no such account. */
export async function setAccountEarlyUser(
  db: Kysely<Database>,
  userId: string,
  earlyUser: boolean,
): Promise<{ from: boolean; to: boolean } | null> {
  return db.transaction().execute((trx) => changeEarlyUser(trx, userId, earlyUser));
}

export type DisableOutcome =
  { done: true; endedSessions: number } | { done: false; why: 'missing' | 'already-disabled' };

/**
 * Disables the account with the owner's reason and ends every session of it, in one transaction:
 * it can no longer log in, and its open tabs lose access once told (publish a `user` notice).
 */
export async function disableAccount(
  db: Kysely<Database>,
  userId: string,
  reason: string,
  now = new Date(),
): Promise<DisableOutcome> {
  return db.transaction().execute(async (trx): Promise<DisableOutcome> => {
    if (!(await markDisabled(trx, userId, reason, now)))
      return {
        done: false,
        why: (await findUserById(trx, userId)) ? 'already-disabled' : 'missing',
      };
    return { done: true, endedSessions: await deleteUserSessions(trx, userId) };
  });
}

/** Lets a disabled account log in again. */
export async function enableAccount(
  db: Kysely<Database>,
  userId: string,
): Promise<'enabled' | 'missing' | 'not-disabled'> {
  if (await clearDisabled(db, userId)) return 'enabled';
  return (await findUserById(db, userId)) ? 'not-disabled' : 'missing';
}

/** Ends every session of the account (each browser must log in again); how many ended. */
export async function endAccountSessions(db: Kysely<Database>, userId: string): Promise<number> {
  return deleteUserSessions(db, userId);
}
