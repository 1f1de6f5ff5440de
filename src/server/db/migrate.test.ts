import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase, openSqlite, SQLITE_FILE_NAME } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import {
  createThrowawayDatabase,
  probePostgres,
  type ThrowawayDatabase,
} from '#test-support/postgres';
import { makeTempDir } from '#test-support/server';

const TABLES = [
  'admin_mfa',
  'admin_notifications',
  'app_secrets',
  'assistant_messages',
  'attempt_gates',
  'audit_log',
  'content_drafts',
  'content_revisions',
  'content_state',
  'email_verifications',
  'error_groups',
  'error_reports',
  'known_devices',
  'live_notices',
  'mail_list_events',
  'mail_list_members',
  'mail_outbox',
  'mfa_enrolment_codes',
  'mfa_recovery_codes',
  'newsletters',
  'notification_events',
  'nowou_item_history',
  'nowou_items',
  'nowou_sync_state',
  'page_visits',
  'page_visits_daily',
  'passkey_challenges',
  'passkey_requirements',
  'passkeys',
  'password_resets',
  'product_access',
  'rate_limits',
  'sessions',
  'site_flags',
  'submissions',
  'users',
  'visit_exclusions',
  'visit_source_days',
  'visit_source_months',
  'visit_sources_daily',
];

async function appTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

const user = (id: string, email: string, username: string) => ({
  id,
  email,
  password_hash: 'hash',
  username,
  username_key: username.toLowerCase(),
  created_at: new Date().toISOString(),
});

/** The same checks on both databases: every table, a no-op second run, the schema's rules. */
function migrationTests(open: () => Kysely<Database>) {
  let db: Kysely<Database>;
  beforeAll(() => {
    db = open();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('the first run creates every table', async () => {
    expect(await migrateToLatest(db)).toEqual([
      '2026-11-21-0001-initial',
      '2026-11-21-0002-accounts',
      '2026-11-22-0003-assistant',
      '2026-11-22-0004-product-access',
      '2026-11-22-0005-mail-lists',
      '2026-11-22-0006-rate-limit-expiry',
      '2026-11-25-0007-live-notices',
      '2026-11-25-0008-admin-security',
      '2026-11-25-0009-account-search',
      '2026-11-25-0010-mfa-cascade',
      '2026-11-25-0011-mfa-replacement',
      '2026-11-25-0012-nowou-sync',
      '2026-11-26-0013-nowou-purged-seq',
      '2026-11-26-0014-mail-list-events',
      '2026-11-27-0015-known-devices',
      '2026-11-27-0016-username-skeletons',
      '2026-11-27-0017-mfa-enrolment-codes',
      '2026-11-27-0020-session-devices',
      '2026-11-27-0021-visit-sources',
      '2026-11-27-0022-error-groups',
      '2026-11-27-0023-assistant-schedule',
      '2026-11-27-0024-admin-notifications',
      '2026-11-27-0035-site-flags',
      '2026-11-29-0040-mfa-enrolment-session',
      '2026-11-29-0041-held-notices',
      '2026-11-29-0042-nowou-history-budget',
      '2026-11-29-0045-content',
      '2026-11-29-0050-passkeys',
    ]);
    expect(await appTables(db)).toEqual(TABLES);
  });

  test('running again is a no-op', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await appTables(db)).toEqual(TABLES);
  });

  test('columns with defaults may be left out and read back as the product defaults', async () => {
    await db
      .insertInto('users')
      .values(user('u1', 'ada@example.com', 'Ada'))
      .execute();
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'u1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      avatar: 2,
      bio: '',
      admin_rank: 0,
      early_user: 0,
      email_verified: 0,
      subscribed_to_newsletter: 0,
    });
  });

  test('email and username are unique (username regardless of case)', async () => {
    await expect(
      db
        .insertInto('users')
        .values(user('u2', 'ada@example.com', 'Other'))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values(user('u3', 'other@example.com', 'ADA'))
        .execute(),
    ).rejects.toThrow();
  });

  test('deleting a user deletes their sessions (foreign keys are enforced)', async () => {
    const now = new Date().toISOString();
    await db
      .insertInto('sessions')
      .values({
        token_hash: 'h1',
        user_id: 'u1',
        created_at: now,
        expires_at: now,
        last_seen_at: now,
      })
      .execute();
    await expect(
      db
        .insertInto('sessions')
        .values({
          token_hash: 'h2',
          user_id: 'nobody',
          created_at: now,
          expires_at: now,
          last_seen_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  test('a counter increments atomically in SQL and count(*) reads back as a number', async () => {
    for (let i = 0; i < 3; i++) {
      await db
        .insertInto('page_visits')
        .values({ page_key: 'home', count: 1 })
        .onConflict((oc) =>
          oc.column('page_key').doUpdateSet({ count: sql`page_visits.count + 1` }),
        )
        .execute();
    }
    const { count } = await db
      .selectFrom('page_visits')
      .select('count')
      .where('page_key', '=', 'home')
      .executeTakeFirstOrThrow();
    expect(count).toBe(3);
    const total = await db
      .selectFrom('page_visits')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(total.n).toBe(1);
  });

  test('the audit log takes new rows and refuses to change or delete any, even in plain SQL', async () => {
    const row = {
      at: new Date().toISOString(),
      actor_id: null,
      actor_label: 'command line',
      action: 'accounts.disable',
      target_id: 'u9',
      outcome: 'success',
      details: '{}',
      request_id: null,
      source: 'command line',
    };
    await db.insertInto('audit_log').values(row).execute();
    await expect(db.updateTable('audit_log').set({ outcome: 'failure' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM audit_log WHERE action = 'accounts.disable'`.execute(db),
    ).rejects.toThrow(/append-only/);
    const rows = await db.selectFrom('audit_log').select(['outcome', 'target_id']).execute();
    expect(rows).toEqual([{ outcome: 'success', target_id: 'u9' }]);
  });
}

describe('migrations on SQLite', () => {
  const dataDir = makeTempDir();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  migrationTests(() => connectDatabase({ dataDir, databaseUrl: undefined }));

  test('the file runs in WAL mode with synchronous=FULL, foreign keys and a busy timeout', () => {
    const sqlite = openSqlite(join(dataDir, SQLITE_FILE_NAME));
    try {
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      sqlite.close();
    }
  });
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('migrations on PostgreSQL'), () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  migrationTests(() => connectDatabase({ dataDir: '/nonexistent', databaseUrl: database.url }));
});
