/**
 * The users table. Email is stored trimmed and lower-cased (the shared schema normalises it) and the
 * username keeps its spelling beside a case-folded key and its confusable skeleton; all are unique
 * through indexes, so a race between two sign-ups ends in a unique violation that uniqueViolation()
 * names.
 */
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountSummary } from '#server/app-types';
import type { Database, Flag, User, UserUpdate } from '#server/db/schema';
import { usernameSkeleton } from './username-skeleton';

/** Usernames are unique regardless of case (and of Unicode compatibility forms). */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

/** Ids per lookup: well inside SQLite's and PostgreSQL's limits on bound parameters. */
const LOOKUP_CHUNK = 500;

export interface NewAccount {
  email: string;
  username: string;
  passwordHash: string;
  avatar: number;
  subscribedToNewsletter: boolean;
}

export async function insertUser(
  db: Kysely<Database>,
  account: NewAccount,
  now = new Date(),
): Promise<User> {
  return db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: normaliseEmail(account.email),
      password_hash: account.passwordHash,
      username: account.username,
      username_key: usernameKey(account.username),
      username_skeleton: usernameSkeleton(account.username),
      avatar: account.avatar,
      subscribed_to_newsletter: flag(account.subscribedToNewsletter),
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export async function emailExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether another account (not `exceptUserId`) has this username in any case (`taken`), or one that
 * looks like it (`look-alike`: the same confusable skeleton), or neither (null).
 */
export async function usernameTaken(
  db: Kysely<Database>,
  username: string,
  exceptUserId?: string,
): Promise<'taken' | 'look-alike' | null> {
  const key = usernameKey(username);
  let query = db
    .selectFrom('users')
    .select('username_key')
    .where((eb) =>
      eb.or([
        eb('username_key', '=', key),
        eb('username_skeleton', '=', usernameSkeleton(username)),
      ]),
    );
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  const rows = await query.execute();
  if (rows.length === 0) return null;
  return rows.some((row) => row.username_key === key) ? 'taken' : 'look-alike';
}

export interface ProfileChanges {
  username?: string;
  avatar?: number;
  bio?: string;
  subscribedToNewsletter?: boolean;
}

/** The fields a user may change about themselves; rank and privileges are not among them. */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: ProfileChanges,
): Promise<User | undefined> {
  const set: UserUpdate = {};
  if (changes.username !== undefined) {
    set.username = changes.username;
    set.username_key = usernameKey(changes.username);
    set.username_skeleton = usernameSkeleton(changes.username);
    set.skeleton_clash = 0;
  }
  if (changes.avatar !== undefined) set.avatar = changes.avatar;
  if (changes.bio !== undefined) set.bio = changes.bio;
  if (changes.subscribedToNewsletter !== undefined)
    set.subscribed_to_newsletter = flag(changes.subscribedToNewsletter);
  if (Object.keys(set).length === 0) return findUserById(db, userId);
  return db
    .updateTable('users')
    .set(set)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

/** Marks the address verified, but only while it is still the account's address. */
export async function markEmailVerified(
  db: Kysely<Database>,
  userId: string,
  email: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('id', '=', userId)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the account; sessions, links and product access go with it (foreign keys cascade). */
export async function deleteUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Gives the account with this email a rank; the account as it is now, or undefined. */
export async function setAdminRank(
  db: Kysely<Database>,
  email: string,
  rank: number,
): Promise<User | undefined> {
  const user = await db
    .updateTable('users')
    .set({ admin_rank: rank })
    .where('email', '=', normaliseEmail(email))
    .returningAll()
    .executeTakeFirst();
  // Leaving the admin rank forgets the codes its sessions entered: promoted again, they ask anew.
  if (user && rank <= ADMIN_RANK_ABOVE)
    await db
      .updateTable('sessions')
      .set({ mfa_verified_at: null })
      .where('user_id', '=', user.id)
      .execute();
  return user;
}

/** Why an account could not be held for a change. */
export type HoldRefusal = 'missing' | 'above';

/**
 * Holds the account's row for a change in the caller's transaction (docs/product/desk.md#accounts-on-the-desk,
 * "Not above oneself"). One UPDATE that writes the rank back as it is: PostgreSQL locks the row and
 * SQLite takes its write lock until the transaction ends, so the rank checked is the rank the change
 * meets. With `actorId` (an admin on the desk) only where the account is ranked no higher than that
 * admin is now, read in the same statement; without (the command line) any account.
 */
export async function holdAccount(
  db: Kysely<Database>,
  userId: string,
  actorId: string | null,
): Promise<{ user: User } | { refused: HoldRefusal }> {
  let hold = db
    .updateTable('users')
    .set((eb) => ({ admin_rank: eb.ref('admin_rank') }))
    .where('id', '=', userId);
  if (actorId !== null)
    hold = hold.where('admin_rank', '<=', (eb) =>
      eb.selectFrom('users as actor').select('actor.admin_rank').where('actor.id', '=', actorId),
    );
  const user = await hold.returningAll().executeTakeFirst();
  if (user) return { user };
  return { refused: (await findUserById(db, userId)) ? 'above' : 'missing' };
}

/** The admin rank of the account now (0 when it is gone). */
export async function currentRank(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('admin_rank')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.admin_rank ?? 0;
}

/**
 * Gives the account a rank (the desk and the command line); returns the rank before and after, or
 * null when there is no such account. Run it in a transaction so the two steps read as one.
 */
export async function changeAdminRank(
  db: Kysely<Database>,
  userId: string,
  rank: number,
): Promise<{ from: number; to: number } | null> {
  const before = await db
    .selectFrom('users')
    .select('admin_rank')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!before) return null;
  await db.updateTable('users').set({ admin_rank: rank }).where('id', '=', userId).execute();
  // Leaving the admin rank forgets the codes its sessions entered: promoted again, they ask anew.
  if (rank <= ADMIN_RANK_ABOVE)
    await db
      .updateTable('sessions')
      .set({ mfa_verified_at: null })
      .where('user_id', '=', userId)
      .execute();
  return { from: before.admin_rank, to: rank };
}

/** Sets the early-user flag; returns it before and after, or null when there is no such account. */
export async function changeEarlyUser(
  db: Kysely<Database>,
  userId: string,
  earlyUser: boolean,
): Promise<{ from: boolean; to: boolean } | null> {
  const before = await db
    .selectFrom('users')
    .select('early_user')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!before) return null;
  await db
    .updateTable('users')
    .set({ early_user: flag(earlyUser) })
    .where('id', '=', userId)
    .execute();
  return { from: before.early_user === 1, to: earlyUser };
}

/** Marks an enabled account disabled, with the owner's reason; false when it was not enabled. */
export async function markDisabled(
  db: Kysely<Database>,
  userId: string,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: now.toISOString(), disabled_reason: reason })
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Enables a disabled account again; false when it was not disabled. */
export async function clearDisabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: null, disabled_reason: null })
    .where('id', '=', userId)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The named accounts' ids, usernames and addresses; ids without an account are left out. */
export async function findAccountSummaries(
  db: Kysely<Database>,
  ids: string[],
): Promise<AccountSummary[]> {
  const found: AccountSummary[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
    found.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where('id', 'in', ids.slice(start, start + LOOKUP_CHUNK))
        .execute()),
    );
  }
  return found;
}

/**
 * Sets the newsletter switch (subscribed_to_newsletter, the user info's field) of the account `userId`
 * and of any account with the address `email`, where it differs; returns the accounts changed.
 */
export async function setNewsletterFlag(
  db: Kysely<Database>,
  target: { email: string; userId: string | null },
  subscribed: boolean,
): Promise<string[]> {
  const rows = await db
    .updateTable('users')
    .set({ subscribed_to_newsletter: flag(subscribed) })
    .where((eb) =>
      target.userId
        ? eb.or([eb('id', '=', target.userId), eb('email', '=', target.email)])
        : eb('email', '=', target.email),
    )
    .where('subscribed_to_newsletter', '!=', flag(subscribed))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function listUsers(db: Kysely<Database>): Promise<User[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('email').execute();
}

/**
 * Which unique index a failed insert or update hit: 'email', 'username', 'look-alike' (a name with
 * the same skeleton), or null when the error is not a unique violation of the users table. SQLite
 * names the column, PostgreSQL the index.
 */
export function uniqueViolation(error: unknown): 'email' | 'username' | 'look-alike' | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  const isUnique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!isUnique) return null;
  const where = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
  if (/users_email_unique|users\.email\b/.test(where)) return 'email';
  if (/users_username_key_unique|users\.username_key\b/.test(where)) return 'username';
  if (/users_username_skeleton_unique|users\.username_skeleton\b/.test(where)) return 'look-alike';
  return null;
}

/** The enabled admins (rank above 9) among `ids`, with their email. */
export async function findEnabledAdmins(
  db: Kysely<Database>,
  ids: string[],
): Promise<{ id: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', ids.slice(0, LOOKUP_CHUNK))
    .where('admin_rank', '>', ADMIN_RANK_ABOVE)
    .where('disabled_at', 'is', null)
    .execute();
}
