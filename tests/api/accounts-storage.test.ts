/**
 * The account storage on both databases: the same checks against SQLite and PostgreSQL (skipped with
 * a notice when no PostgreSQL server answers).
 */
import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consumePasswordReset, createPasswordReset } from '#server/features/accounts/links.repository';
import {
  deleteUserSessions,
  findActiveSession,
  insertSession,
  pruneExpiredSessions,
  slideSession,
} from '#server/features/accounts/sessions.repository';
import { hashToken, issueToken } from '#server/features/accounts/tokens';
import { loadUserInfo } from '#server/features/accounts/user-info';
import {
  findUserByEmail,
  insertUser,
  listUsers,
  setAdminRank,
  uniqueViolation,
  updateProfile,
  usernameTaken,
} from '#server/features/accounts/users.repository';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import {
  claimDueMail,
  enqueueMail,
  markAttemptFailed,
  markSent,
} from '#server/mail/outbox.repository';
import { hitRateLimit, pruneRateLimits, RATE_LIMITS } from '#server/plugins/rate-limit';
import { unique } from '../support/accounts';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '../support/postgres';
import { makeTempDir } from '../support/server';

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

function storageTests(open: () => Promise<Kysely<Database>>) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('a user is stored with the spec defaults and read back by e-mail in any case', async () => {
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

  test('e-mail and username are unique without regard to case; the violation names its field', async () => {
    const first = await insertUser(db, account({ username: 'Unique Name' }));
    const sameEmail = await caught(insertUser(db, account({ email: first.email.toUpperCase() })));
    expect(uniqueViolation(sameEmail)).toBe('email');
    const sameName = await caught(insertUser(db, account({ username: 'UNIQUE name' })));
    expect(uniqueViolation(sameName)).toBe('username');
    expect(await usernameTaken(db, 'unique NAME')).toBe(true);
    expect(await usernameTaken(db, 'unique NAME', first.id)).toBe(false);

    const other = await insertUser(db, account());
    const renamed = await caught(updateProfile(db, other.id, { username: 'uNiQuE nAmE' }));
    expect(uniqueViolation(renamed)).toBe('username');
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

  test('the rate-limit counter counts 50 concurrent attempts exactly once each', async () => {
    const subject = `burst-${unique()}`;
    const now = new Date();
    const hits = await Promise.all(
      Array.from({ length: 50 }, () => hitRateLimit(db, RATE_LIMITS.loginPerAddress, subject, now)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(RATE_LIMITS.loginPerAddress.limit);
    const next = await hitRateLimit(db, RATE_LIMITS.loginPerAddress, subject, now);
    expect(next.count).toBe(51);
    // A new window starts from one again.
    const later = new Date(now.getTime() + RATE_LIMITS.loginPerAddress.windowMs);
    expect((await hitRateLimit(db, RATE_LIMITS.loginPerAddress, subject, later)).count).toBe(1);
    // Old windows are pruned.
    const muchLater = new Date(now.getTime() + 3 * 3600_000);
    expect(await pruneRateLimits(db, muchLater)).toBeGreaterThanOrEqual(2);
  });

  test('each counter is deleted when its own window is over: a daily one lives a day', async () => {
    const daily = { name: `daily-${unique()}`, limit: 5, windowMs: 24 * 3600_000 };
    const hourly = { name: `hourly-${unique()}`, limit: 5, windowMs: 3600_000 };
    const start = new Date(Math.floor(Date.now() / daily.windowMs) * daily.windowMs);
    await hitRateLimit(db, daily, 'someone', start);
    await hitRateLimit(db, hourly, 'someone', start);
    const countOf = async (rule: { name: string }) =>
      (
        await db
          .selectFrom('rate_limits')
          .select('key')
          .where('key', 'like', `${rule.name}:%`)
          .execute()
      ).length;
    await pruneRateLimits(db, new Date(start.getTime() + 2 * 3600_000));
    expect([await countOf(daily), await countOf(hourly)]).toEqual([1, 0]);
    // Still counting within its day.
    expect(
      (await hitRateLimit(db, daily, 'someone', new Date(start.getTime() + 3 * 3600_000))).count,
    ).toBe(2);
    await pruneRateLimits(db, new Date(start.getTime() + daily.windowMs));
    expect(await countOf(daily)).toBe(0);
  });

  test('account mail is claimed before newsletter mail queued earlier', async () => {
    const past = new Date(Date.now() - 60_000);
    const newsletterMail = await enqueueMail(
      db,
      { to: `reader${unique()}@example.com`, subject: 'news', text: 't' },
      past,
    );
    await db
      .updateTable('mail_outbox')
      .set({ newsletter_id: `newsletter-${unique()}` })
      .where('id', '=', newsletterMail)
      .execute();
    const resetMail = await enqueueMail(db, {
      to: `reset${unique()}@example.com`,
      subject: 'reset',
      text: 't',
    });
    const claimed = await claimDueMail(db, `prio-${unique()}`, 60_000, 1);
    expect(claimed.map((mail) => mail.id)).toEqual([resetMail]);
    expect(claimed.map((mail) => mail.id)).not.toContain(newsletterMail);
  });

  test('queued mail is leased: one claimer wins, the lease runs out, only the holder settles it', async () => {
    const now = new Date();
    const id = await enqueueMail(
      db,
      { to: `lease${unique()}@example.com`, subject: 's', text: 't' },
      now,
    );
    const [a, b] = await Promise.all([
      claimDueMail(db, 'instance-a', 60_000, 100, now),
      claimDueMail(db, 'instance-b', 60_000, 100, now),
    ]);
    const winners = [a, b].filter((batch) => batch.some((mail) => mail.id === id));
    expect(winners).toHaveLength(1);
    const holder = a.some((mail) => mail.id === id) ? 'instance-a' : 'instance-b';
    const loser = holder === 'instance-a' ? 'instance-b' : 'instance-a';

    // The loser cannot settle a mail it does not hold.
    await markSent(db, id, loser, now);
    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');

    // The holder died: after the lease the mail is due again.
    const afterLease = new Date(now.getTime() + 61_000);
    const retaken = await claimDueMail(db, loser, 60_000, 100, afterLease);
    expect(retaken.map((mail) => mail.id)).toContain(id);
    expect(
      await markAttemptFailed(
        db,
        retaken.find((m) => m.id === id)!,
        loser,
        'down',
        afterLease,
      ),
    ).toBe('queued');
    const failed = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, last_error: 'down', locked_by: null });
    expect(Date.parse(failed.next_attempt_at) - afterLease.getTime()).toBe(30_000);
  });
}

describe('account storage on SQLite', () => {
  const dataDir = makeTempDir();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  storageTests(async () => connectDatabase({ dataDir, databaseUrl: undefined }));
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('account storage on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  afterAll(async () => {
    await database?.drop();
  });
  storageTests(async () => {
    database = await createThrowawayDatabase();
    return connectDatabase({ dataDir: '/nonexistent', databaseUrl: database.url });
  });
});
