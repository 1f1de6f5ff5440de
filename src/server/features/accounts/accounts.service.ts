/**
 * What the accounts domain offers the others: a stream's user info by its session, the accounts
 * behind records in the owner's lists, and the newsletter switch kept in step with the mail lists
 * (the last two handed over by app.ts to the domains below accounts); and the owner's work on
 * accounts, for the desk's routes and the command line: the search, ranks, the early-user flag,
 * disabling, enabling and ending sessions (docs/product/desk.md#accounts-on-the-desk).
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
import { deleteAccountData } from './account-deletion';
import { deleteUserSessions, findActiveSession } from './sessions.repository';
import { loadUserInfo } from './user-info';
import { verifyPassword } from './passwords';
import {
  changeAdminRank,
  changeEarlyUser,
  clearDisabled,
  findAccountSummaries,
  findEnabledAdmins,
  findUserByEmail,
  findUserById,
  holdAccount,
  currentRank,
  markDisabled,
  setNewsletterFlag,
  type HoldRefusal,
} from './users.repository';

/**
 * Device cookies (known-devices.ts): the MFA domain counts an admin's code tries per known browser
 * the way log-in does, and forgets those browsers when the authenticator is reset.
 */
export { knownDevice, rememberDevice } from './known-devices';
export { forgetMfaDevices } from './known-devices.repository';

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
/** The enabled admins among `userIds` with their email (the owner's notification mails). */
export async function findAdmins(
  db: Kysely<Database>,
  userIds: string[],
): Promise<Map<string, { email: string }>> {
  const admins = await findEnabledAdmins(db, userIds);
  return new Map(admins.map((admin) => [admin.id, { email: admin.email }]));
}

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

/**
 * Signing in by other means than the password (a passkey, features/passkeys): a new session for
 * the browser, the user info it answers with, and the expired sessions pruned as log-in does.
 */
export { startSession } from './session.plugin';
export { loadUserInfo } from './user-info';
export { pruneExpiredSessions } from './sessions.repository';

/** Whether `password` is the account's (adding a passkey in a session that is not fresh). */
export async function passwordMatches(user: Pick<User, 'password_hash'>, password: string) {
  return verifyPassword(password, user.password_hash);
}

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

/** The account with this email (the command line names accounts by email). */
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

/**
 * Who acts on an account: an admin on the desk, held to their own rank ("Not above oneself",
 * docs/product/desk.md#accounts-on-the-desk), or the command line, run by whoever runs the site.
 */
export type AccountActor = { adminId: string } | 'command line';

/** Why an action on an account was not done. */
export type ActionRefusal =
  HoldRefusal | 'rank-above-yours' | 'already-disabled' | 'not-disabled' | 'already-verified';

export type ActionOutcome<T = object> = ({ done: true } & T) | { done: false; why: ActionRefusal };

function refused(why: ActionRefusal): { done: false; why: ActionRefusal } {
  return { done: false, why };
}

/** Thrown inside an action's transaction to end it, rolled back, with the reason. */
class ActionRefused extends Error {
  constructor(readonly why: ActionRefusal) {
    super(why);
  }
}

/**
 * Runs `change` on the account in one transaction, after holding its row (users.repository's
 * holdAccount): an admin's rank check reads in the same transaction as the change, so an account
 * promoted above the admin meanwhile is refused, not changed. `change` may `refuse(why)` to roll
 * back. The desk's resend-verification uses it too, for its mail.
 */
export async function actOnAccount<T extends object>(
  db: Kysely<Database>,
  userId: string,
  actor: AccountActor,
  change: (trx: Kysely<Database>, user: User, refuse: (why: ActionRefusal) => never) => Promise<T>,
): Promise<ActionOutcome<T>> {
  try {
    return await db.transaction().execute(async (trx): Promise<ActionOutcome<T>> => {
      const held = await holdAccount(trx, userId, actor === 'command line' ? null : actor.adminId);
      if ('refused' in held) return refused(held.refused);
      const value = await change(trx, held.user, (why) => {
        throw new ActionRefused(why);
      });
      return { done: true, ...value };
    });
  } catch (error) {
    if (error instanceof ActionRefused) return refused(error.why);
    throw error;
  }
}

/** Gives the account a rank; an admin gives none above their own. The rank before and after. */
export async function setAccountRank(
  db: Kysely<Database>,
  userId: string,
  rank: number,
  actor: AccountActor,
): Promise<ActionOutcome<{ from: number; to: number }>> {
  return actOnAccount(db, userId, actor, async (trx, user, refuse) => {
    if (actor !== 'command line' && rank > (await currentRank(trx, actor.adminId)))
      refuse('rank-above-yours');
    const change = await changeAdminRank(trx, user.id, rank);
    return change ?? { from: user.admin_rank, to: rank };
  });
}

/** Sets the early-user flag; the flag before and after. */
export async function setAccountEarlyUser(
  db: Kysely<Database>,
  userId: string,
  earlyUser: boolean,
  actor: AccountActor,
): Promise<ActionOutcome<{ from: boolean; to: boolean }>> {
  return actOnAccount(db, userId, actor, async (trx, user) => {
    const change = await changeEarlyUser(trx, user.id, earlyUser);
    return change ?? { from: user.early_user === 1, to: earlyUser };
  });
}

/**
 * Disables the account with the owner's reason and ends every session of it, in one transaction:
 * it can no longer log in, and its open tabs lose access once told (publish a `user` notice).
 */
export async function disableAccount(
  db: Kysely<Database>,
  userId: string,
  reason: string,
  actor: AccountActor,
  now = new Date(),
): Promise<ActionOutcome<{ endedSessions: number }>> {
  return actOnAccount(db, userId, actor, async (trx, user, refuse) => {
    if (!(await markDisabled(trx, user.id, reason, now))) refuse('already-disabled');
    return { endedSessions: await deleteUserSessions(trx, user.id) };
  });
}

/** Lets a disabled account log in again. */
export async function enableAccount(
  db: Kysely<Database>,
  userId: string,
  actor: AccountActor,
): Promise<ActionOutcome> {
  return actOnAccount(db, userId, actor, async (trx, user, refuse) => {
    if (!(await clearDisabled(trx, user.id))) refuse('not-disabled');
    return {};
  });
}

/** Ends every session of the account (each browser must log in again); how many ended. */
export async function endAccountSessions(
  db: Kysely<Database>,
  userId: string,
  actor: AccountActor,
): Promise<ActionOutcome<{ ended: number }>> {
  return actOnAccount(db, userId, actor, async (trx, user) => ({
    ended: await deleteUserSessions(trx, user.id),
  }));
}

/** Deletes the account with its data (as its own deletion does), held like every other action. */
export async function deleteAccountFor(
  db: Kysely<Database>,
  userId: string,
  actor: AccountActor,
): Promise<ActionOutcome> {
  return actOnAccount(db, userId, actor, async (trx, user) => {
    await deleteAccountData(trx, user.id);
    return {};
  });
}
