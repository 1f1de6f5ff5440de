/**
 * The account storage on both databases: the same checks against SQLite and PostgreSQL (skipped with
 * a notice when no PostgreSQL server answers).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { consumePasswordReset, createPasswordReset } from './links.repository';
import {
  deleteUserSessions,
  findActiveSession,
  insertSession,
  pruneExpiredSessions,
  slideSession,
} from './sessions.repository';
import { hashToken, issueToken } from './tokens';
import { loadUserInfo } from './user-info';
import {
  findUserByEmail,
  insertUser,
  listUsers,
  setAdminRank,
  uniqueViolation,
  updateProfile,
  usernameTaken,
} from './users.repository';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { unique } from '#test-support/accounts';
import { onBothDatabases, type OpenDatabase } from '#test-support/storage';

function account(overrides: Partial<Parameters<typeof insertUser>[1]> = {}) {
  const id = unique();
  return {
    email: `store${id}@example.com`,
    username: `store${id}`,
    passwordHash: 'scrypt$1$1$1$AA$AA',
    avatar: 2,
    subscribedToNewsletter: false,
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function storageTests(open: OpenDatabase) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('a user is stored with the product defaults and read back by email in any case', async () => {
    const input = account({ email: 'Mixed.Case@Example.com' });
    const user = await insertUser(db, input);
    expect(user).toMatchObject({
      email: 'mixed.case@example.com',
      avatar: 2,
      bio: '',
      admin_rank: 0,
      early_user: 0,
      email_verified: 0,
      subscribed_to_newsletter: 0,
    });
    expect((await findUserByEmail(db, 'MIXED.case@example.COM'))?.id).toBe(user.id);
    expect(await loadUserInfo(db, user.id)).toMatchObject({
      uid: user.id,
      adminRank: 0,
      userPrivileges: { earlyUser: false },
      subscribedProducts: [],
    });
    expect(await loadUserInfo(db, 'no-such-user')).toBeNull();
  });

  test('email and username are unique without regard to case; the violation names its field', async () => {
    const first = await insertUser(db, account({ username: 'Unique Name' }));
    const sameEmail = await caught(insertUser(db, account({ email: first.email.toUpperCase() })));
    expect(uniqueViolation(sameEmail)).toBe('email');
    const sameName = await caught(insertUser(db, account({ username: 'UNIQUE name' })));
    expect(uniqueViolation(sameName)).toBe('username');
    expect(await usernameTaken(db, 'unique NAME')).toBe('taken');
    expect(await usernameTaken(db, 'unique NAME', first.id)).toBeNull();

    const other = await insertUser(db, account());
    const renamed = await caught(updateProfile(db, other.id, { username: 'uNiQuE nAmE' }));
    // The same name in other case breaks both the name's and its skeleton's unique index; which one
    // the database names first differs between engines (the routes ask usernameTaken first).
    expect(['username', 'look-alike']).toContain(uniqueViolation(renamed));
    expect(uniqueViolation(new Error('something else'))).toBeNull();
  });

  test('profile updates change only the given fields; rank is set by the owner tool only', async () => {
    const user = await insertUser(db, account());
    const updated = await updateProfile(db, user.id, { avatar: 0, bio: 'Hi' });
    expect(updated).toMatchObject({ avatar: 0, bio: 'Hi', username: user.username });
    expect((await setAdminRank(db, user.email.toUpperCase(), 10))?.admin_rank).toBe(10);
    expect(await setAdminRank(db, 'nobody@example.com', 10)).toBeUndefined();
    expect((await listUsers(db)).some((row) => row.id === user.id && row.admin_rank === 10)).toBe(
      true,
    );
  });

  test('sessions: found while live, ignored once expired, slid, ended per user, pruned', async () => {
    const user = await insertUser(db, account());
    const live = issueToken();
    const expired = issueToken();
    const other = issueToken();
    await insertSession(db, live.hash, user.id);
    await insertSession(db, other.hash, user.id);
    await insertSession(db, expired.hash, user.id, new Date(Date.now() - 31 * 24 * 3600_000));
    expect((await findActiveSession(db, live.hash))?.user.id).toBe(user.id);
    expect(await findActiveSession(db, expired.hash)).toBeNull();
    expect(await findActiveSession(db, hashToken('unknown'))).toBeNull();

    const later = new Date(Date.now() + 2 * 3600_000);
    const expiresAt = await slideSession(db, live.hash, later);
    expect(Date.parse(expiresAt)).toBe(later.getTime() + 30 * 24 * 3600_000);

    expect(await pruneExpiredSessions(db)).toBeGreaterThanOrEqual(1);
    expect(await deleteUserSessions(db, user.id, live.hash)).toBe(1);
    expect((await findActiveSession(db, live.hash))?.session.token_hash).toBe(live.hash);
    expect(await findActiveSession(db, other.hash)).toBeNull();
  });

  test('a reset link is used up once, even by ten racing confirmations', async () => {
    const user = await insertUser(db, account());
    const token = await createPasswordReset(db, user.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumePasswordReset(db, token)),
    );
    expect(results.filter((r) => r !== null)).toEqual([{ userId: user.id }]);
  });
}

await onBothDatabases('account storage', storageTests);
