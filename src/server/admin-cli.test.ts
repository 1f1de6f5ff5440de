import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Kysely } from 'kysely';
import { insertSession } from '#server/features/accounts/sessions.repository';
import { issueToken } from '#server/features/accounts/tokens';
import { insertUser } from '#server/features/accounts/users.repository';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { decodeChange } from '#server/features/live/postgres-bus';
import { hashRecoveryCode } from '#server/features/mfa/recovery-codes';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '#test-support/postgres';
import { makeTempDir } from '#test-support/server';
import { adminInProcess } from '#test-support/commands';
import { adminCommand } from '#test-support/server-process';

// The command's function for its effect; the first test runs it as `npm run admin` does, in a
// process of its own, for the exit code and the lines the shell sees.
const admin = adminInProcess;

type Env = { DATA_DIR: string; DATABASE_URL?: string };

/** Storage as the command line sees it, for the test's own reads and writes. */
async function withDb<T>(env: Env, use: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = connectDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await migrateToLatest(db);
    return await use(db);
  } finally {
    await db.destroy();
  }
}

async function seed(env: Env, email = 'owner@example.com', username = 'Site Owner') {
  return withDb(env, (db) =>
    insertUser(db, {
      email,
      username,
      passwordHash: 'scrypt$1$1$1$AA$AA',
      avatar: 2,
      subscribedToNewsletter: false,
    }),
  );
}

/** Opens `count` sessions of the user, as log-ins would. */
async function openSessions(env: Env, userId: string, count: number, mfaVerifiedAt?: string) {
  await withDb(env, async (db) => {
    for (let i = 0; i < count; i++) {
      const { hash } = issueToken();
      await insertSession(db, hash, userId);
      if (mfaVerifiedAt)
        await db
          .updateTable('sessions')
          .set({ mfa_verified_at: mfaVerifiedAt })
          .where('token_hash', '=', hash)
          .execute();
    }
  });
}

async function accountState(env: Env, userId: string) {
  return withDb(env, async (db) => ({
    user: await db
      .selectFrom('users')
      .select(['admin_rank', 'disabled_at', 'disabled_reason'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    sessions: await db
      .selectFrom('sessions')
      .select('mfa_verified_at')
      .where('user_id', '=', userId)
      .execute(),
    mfa: await db.selectFrom('admin_mfa').select('user_id').where('user_id', '=', userId).execute(),
  }));
}

/** The audit rows about the account, oldest first, with their details parsed. */
async function auditRows(env: Env, userId: string) {
  const rows = await withDb(env, (db) =>
    db.selectFrom('audit_log').selectAll().where('target_id', '=', userId).orderBy('id').execute(),
  );
  return rows.map((row) => ({
    action: row.action,
    actor_id: row.actor_id,
    actor_label: row.actor_label,
    outcome: row.outcome,
    source: row.source,
    details: JSON.parse(row.details) as unknown,
  }));
}

/** The audit row the command line writes for an action. */
const byCommandLine = (action: string, details: Record<string, unknown>) => ({
  action,
  actor_id: null,
  actor_label: 'command line',
  outcome: 'success',
  source: 'command line',
  details,
});

describe('on SQLite', () => {
  const dataDir = makeTempDir();
  const env = { DATA_DIR: dataDir };
  beforeAll(async () => {
    await seed(env);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('set-rank then list shows the rank; an admin without an authenticator gets an enrolment code', async () => {
    const set = await adminCommand(['set-rank', 'OWNER@example.com', '10'], env);
    expect(set.code).toBe(0);
    expect(set.stderr).toBe('');
    const [said, handover, ...rest] = set.stdout.split('\n');
    expect(said).toBe('owner@example.com (Site Owner) now has adminRank 10.');
    expect(handover).toMatch(
      /^Enrolment code for setting up the authenticator at \/admin \(works once, for 15 minutes\): [a-z2-7]{4}(-[a-z2-7]{4}){3}$/,
    );
    expect(rest).toEqual(['']);
    const code = handover!.split(': ')[1]!;
    const list = await adminCommand(['list'], env);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    const [header, row] = list.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^EMAIL\s+USERNAME\s+RANK\s+EARLY USER\s+VERIFIED\s+CREATED$/);
    expect(row).toMatch(/^owner@example\.com\s+Site Owner\s+10\s+no\s+no\s+\d{4}-/);
    const owner = await withDb(env, (db) =>
      db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'owner@example.com')
        .executeTakeFirstOrThrow(),
    );
    expect(await auditRows(env, owner.id)).toEqual([
      byCommandLine('accounts.rank', {
        adminRank: 10,
        previousAdminRank: 0,
        enrolmentOffered: true,
      }),
    ]);
    // Kept only as its hash, for 15 minutes.
    const stored = await withDb(env, (db) =>
      db
        .selectFrom('mfa_enrolment_codes')
        .selectAll()
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.code_hash).toBe(hashRecoveryCode(code));
    expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));
    const minutes = (Date.parse(stored.expires_at) - Date.parse(stored.created_at)) / 60_000;
    expect(minutes).toBe(15);
  });

  test('disable ends every session and keeps the reason; enable lets the account in again', async () => {
    const member = await seed(env, 'member@example.com', 'Member');
    await openSessions(env, member.id, 2);
    const disabled = await admin(['disable', 'MEMBER@example.com', 'Sends', 'spam.'], env);
    expect(disabled).toEqual({
      code: 0,
      stdout: 'member@example.com (Member) is disabled; 2 sessions ended.\n',
      stderr: '',
    });
    const after = await accountState(env, member.id);
    expect(after.user.disabled_at).toEqual(expect.any(String));
    expect(after.user.disabled_reason).toBe('Sends spam.');
    expect(after.sessions).toEqual([]);
    // The servers on this file hear of it: their streams of that account re-read it.
    const notices = await withDb(env, (db) =>
      db.selectFrom('live_notices').select(['kind', 'ref']).where('ref', '=', member.id).execute(),
    );
    expect(notices).toEqual([{ kind: 'user', ref: member.id }]);

    const again = await admin(['disable', 'member@example.com', 'Twice'], env);
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr: 'member@example.com (Member) is already disabled.\n',
    });

    const enabled = await admin(['enable', 'member@example.com'], env);
    expect(enabled).toEqual({
      code: 0,
      stdout: 'member@example.com (Member) can log in again.\n',
      stderr: '',
    });
    expect((await accountState(env, member.id)).user).toMatchObject({
      disabled_at: null,
      disabled_reason: null,
    });
    expect((await admin(['enable', 'member@example.com'], env)).stderr).toBe(
      'member@example.com (Member) is not disabled.\n',
    );
    // The refused runs are in the log too, as failures with their reason.
    expect(await auditRows(env, member.id)).toEqual([
      byCommandLine('accounts.disable', { reason: 'Sends spam.', endedSessions: 2 }),
      { ...byCommandLine('accounts.disable', { reason: 'already disabled' }), outcome: 'failure' },
      byCommandLine('accounts.enable', {}),
      { ...byCommandLine('accounts.enable', { reason: 'not disabled' }), outcome: 'failure' },
    ]);
  });

  test('a run for an unknown email is in the audit log as a failure, without the address', async () => {
    const before = await withDb(env, (db) =>
      db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).execute(),
    );
    const result = await admin(['end-sessions', 'nobody-here@example.com'], env);
    expect(result.code).toBe(1);
    const rows = await withDb(env, (db) =>
      db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', before[0]?.id ?? 0)
        .execute(),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'accounts.end-sessions',
        actor_label: 'command line',
        target_id: null,
        outcome: 'failure',
        source: 'command line',
        details: JSON.stringify({ reason: 'no such account' }),
      }),
    ]);
    // The log can never be edited, so a typed address of no account is not kept in it.
    expect(JSON.stringify(rows)).not.toContain('nobody-here');
  });

  test('end-sessions signs the account out everywhere', async () => {
    const traveller = await seed(env, 'traveller@example.com', 'Traveller');
    await openSessions(env, traveller.id, 3);
    const ended = await admin(['end-sessions', 'traveller@example.com'], env);
    expect(ended).toEqual({
      code: 0,
      stdout: 'Ended 3 sessions of traveller@example.com (Traveller).\n',
      stderr: '',
    });
    expect((await accountState(env, traveller.id)).sessions).toEqual([]);
    expect(await auditRows(env, traveller.id)).toEqual([
      byCommandLine('accounts.end-sessions', { endedSessions: 3 }),
    ]);
  });

  test('reset-mfa forgets the authenticator and the passkeys and ends every session', async () => {
    const lost = await seed(env, 'lost-phone@example.com', 'Lost Phone');
    await withDb(env, (db) =>
      db
        .insertInto('admin_mfa')
        .values({
          user_id: lost.id,
          secret_sealed: 'sealed',
          created_at: new Date().toISOString(),
          confirmed_at: new Date().toISOString(),
          last_used_step: null,
        })
        .execute(),
    );
    // A desk passkey on the lost phone, and the desk set to take only passkeys.
    await withDb(env, async (db) => {
      await db
        .insertInto('passkeys')
        .values({
          id: 'lost-passkey',
          user_id: lost.id,
          credential_id: 'bG9zdA',
          public_key: 'a2V5',
          name: 'Phone',
          desk: 1,
          created_at: new Date().toISOString(),
          last_used_at: null,
        })
        .execute();
      await db
        .insertInto('passkey_requirements')
        .values({ user_id: lost.id, required_at: new Date().toISOString() })
        .execute();
    });
    await openSessions(env, lost.id, 1, new Date().toISOString());
    await withDb(env, (db) =>
      db.updateTable('users').set({ admin_rank: 10 }).where('id', '=', lost.id).execute(),
    );
    const reset = await admin(['reset-mfa', 'lost-phone@example.com'], env);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(
      /^lost-phone@example\.com \(Lost Phone\) sets up an authenticator again at the next visit to the desk\. Its passkey was removed\.\nEnrolment code for setting up the authenticator at \/admin \(works once, for 15 minutes\): [a-z2-7]{4}(-[a-z2-7]{4}){3}\n$/,
    );
    const after = await accountState(env, lost.id);
    expect(after.mfa).toEqual([]);
    await withDb(env, async (db) => {
      expect(
        await db.selectFrom('passkeys').selectAll().where('user_id', '=', lost.id).execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('passkey_requirements')
          .selectAll()
          .where('user_id', '=', lost.id)
          .execute(),
      ).toEqual([]);
    });
    // A session left open (on the lost phone, say) could otherwise set up an authenticator of its own.
    expect(after.sessions).toEqual([]);
    expect(await auditRows(env, lost.id)).toEqual([
      byCommandLine('mfa.reset', {
        hadAuthenticator: true,
        removedCredentials: 1,
        enrolmentOffered: true,
      }),
    ]);
  });

  test.each([
    [['set-rank', 'nobody@example.com', '10'], 'No account with the email nobody@example.com.'],
    [['set-rank', 'owner@example.com', 'ten'], /^The rank must be a whole number from 0 to 1000/],
    [['set-rank', 'not-an-email', '3'], /^Not an email address: "not-an-email"/],
    [['promote', 'owner@example.com'], /^Unknown command "promote"/],
    [['disable', 'owner@example.com'], /^disable needs an email and a reason/],
    [['disable', 'nobody@example.com', 'Spam'], 'No account with the email nobody@example.com.'],
    [['enable'], /^enable needs an email/],
    [['end-sessions', 'a@example.com', 'b@example.com'], /^end-sessions needs an email/],
    [['reset-mfa', 'not-an-email'], /^Not an email address: "not-an-email"/],
  ])('%j exits 1 with one line on stderr', async (args, message) => {
    const result = await admin(args, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  test('a reason over 500 characters is refused', async () => {
    const result = await admin(['disable', 'owner@example.com', 'x'.repeat(501)], env);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Reason has to be less than 501 characters.\n',
    });
  });

  test('a bad configuration is one line too, as for npm start', async () => {
    const result = await admin(['list'], { ...env, DATABASE_URL: 'mysql://x' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration: DATABASE_URL .*\n$/);
  });
});

const pgProbe = await probePostgres();

describe.skipIf(!pgProbe.available)(pgProbe.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  const dataDir = makeTempDir();
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('set-rank, disable and enable change the account, audit it and tell every instance (NOTIFY live)', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    const user = await seed(env);
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      const notices: string[] = [];
      listener.on('notification', (message) => {
        if (message.channel === 'live' && message.payload) notices.push(message.payload);
      });
      await listener.query('listen live');
      const set = await admin(['set-rank', 'owner@example.com', '3'], env);
      expect(set.code).toBe(0);
      const noticesArrived = async (count: number) => {
        const deadline = Date.now() + 5000;
        while (notices.length < count && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await noticesArrived(1);
      // Decoded as every instance's live bus decodes it.
      expect(notices.map(decodeChange)).toEqual([{ kind: 'user', userId: user.id }]);
      const list = await admin(['list'], env);
      expect(list.stdout).toMatch(/owner@example\.com\s+Site Owner\s+3\s/);

      notices.length = 0;
      await openSessions(env, user.id, 1);
      const disabled = await admin(['disable', 'owner@example.com', 'Locked', 'out'], env);
      expect(disabled.stdout).toBe(
        'owner@example.com (Site Owner) is disabled; 1 session ended.\n',
      );
      const enabled = await admin(['enable', 'owner@example.com'], env);
      expect(enabled.code).toBe(0);
      await noticesArrived(2);
      expect(notices.map(decodeChange)).toEqual([
        { kind: 'user', userId: user.id },
        { kind: 'user', userId: user.id },
      ]);
      expect(await auditRows(env, user.id)).toEqual([
        byCommandLine('accounts.rank', { adminRank: 3, previousAdminRank: 0 }),
        byCommandLine('accounts.disable', { reason: 'Locked out', endedSessions: 1 }),
        byCommandLine('accounts.enable', {}),
      ]);
      expect((await accountState(env, user.id)).sessions).toEqual([]);
    } finally {
      await listener.end();
    }
  });
});
