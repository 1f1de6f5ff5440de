/**
 * Searching the users table for the owner's desk (docs/product/desk.md#accounts-on-the-desk): filters,
 * newest first, a page at a time after a position (created_at, id), so a page read while accounts
 * are being added neither repeats nor skips one (new accounts sort before every position handed out).
 *
 * The search text matches the start of the email or of the username's case-folded key through a
 * range (`>= prefix AND < the next prefix`) that the unique indexes answer, never `LIKE '%x%'`. The
 * range is compared byte by byte: SQLite's default collation does, and on PostgreSQL the columns are
 * compared `COLLATE "C"`, which indexes of migration 0009 answer whatever the database's collation.
 */
import { sql, SqliteAdapter, type Expression, type Kysely, type OperandExpression } from 'kysely';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import type { Database, User } from '#server/db/schema';
import { normaliseEmail, usernameKey } from './users.repository';

export type DirectoryRow = Pick<
  User,
  | 'id'
  | 'email'
  | 'username'
  | 'admin_rank'
  | 'early_user'
  | 'email_verified'
  | 'disabled_at'
  | 'created_at'
>;

export interface DirectoryFilter {
  /** The start of the email or the username, in any case. */
  q?: string;
  /** `admin`: above 9; a number: exactly that rank. */
  rank?: 'admin' | number;
  earlyUser?: boolean;
  verified?: boolean;
  disabled?: boolean;
  /** Signed up at or after this ISO time. */
  createdFrom?: string;
  /** Signed up before this ISO time. */
  createdBefore?: string;
  /**
   * Confirmed members of a mail list, as the mail lists' subqueries: an account is one when its id
   * is among `userIds`, or its address is verified and among `emails`.
   */
  members?: { userIds: OperandExpression<string>; emails: OperandExpression<string> };
}

/** Where the previous page ended: its last account's sign-up time and id. */
export interface DirectoryPosition {
  createdAt: string;
  id: string;
}

/**
 * The smallest string above every string that starts with `prefix`, in code-point order (which is
 * UTF-8 byte order): the prefix with its last code point raised by one. Null when no string is (the
 * prefix is all U+10FFFF), or for an empty prefix.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    let next = points.pop()!.codePointAt(0)! + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000; // surrogates are no code points of their own
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return null;
}

function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

const DIRECTORY_COLUMNS = [
  'id',
  'email',
  'username',
  'admin_rank',
  'early_user',
  'email_verified',
  'disabled_at',
  'created_at',
] as const;

/** The query of one page: exported so tests can ask the database how it would run it. */
export function directoryPageQuery(
  db: Kysely<Database>,
  filter: DirectoryFilter,
  after: DirectoryPosition | null,
  limit: number,
) {
  const sqlite = isSqlite(db);
  const bytewise = (column: 'email' | 'username_key'): Expression<string> =>
    sqlite ? sql<string>`${sql.ref(column)}` : sql<string>`${sql.ref(column)} collate "C"`;

  let query = db.selectFrom('users').select(DIRECTORY_COLUMNS);
  const q = filter.q?.trim();
  if (q) {
    const prefixes = [
      { column: bytewise('email'), prefix: normaliseEmail(q) },
      { column: bytewise('username_key'), prefix: usernameKey(q) },
    ];
    query = query.where((eb) =>
      eb.or(
        prefixes.map(({ column, prefix }) => {
          const upper = prefixUpperBound(prefix);
          return upper === null
            ? eb(column, '>=', prefix)
            : eb.and([eb(column, '>=', prefix), eb(column, '<', upper)]);
        }),
      ),
    );
  }
  if (filter.rank === 'admin') query = query.where('admin_rank', '>', ADMIN_RANK_ABOVE);
  else if (filter.rank !== undefined) query = query.where('admin_rank', '=', filter.rank);
  if (filter.earlyUser !== undefined)
    query = query.where('early_user', '=', filter.earlyUser ? 1 : 0);
  if (filter.verified !== undefined)
    query = query.where('email_verified', '=', filter.verified ? 1 : 0);
  if (filter.disabled !== undefined)
    query = query.where('disabled_at', filter.disabled ? 'is not' : 'is', null);
  if (filter.createdFrom) query = query.where('created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) query = query.where('created_at', '<', filter.createdBefore);
  const members = filter.members;
  if (members)
    query = query.where((eb) =>
      eb.or([
        eb('id', 'in', members.userIds),
        eb.and([eb('email_verified', '=', 1), eb('email', 'in', members.emails)]),
      ]),
    );
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

/** Up to `limit` accounts matching the filter after `after` (from the newest when null). */
export async function listDirectoryPage(
  db: Kysely<Database>,
  filter: DirectoryFilter,
  after: DirectoryPosition | null,
  limit: number,
): Promise<DirectoryRow[]> {
  return directoryPageQuery(db, filter, after, limit).execute();
}
