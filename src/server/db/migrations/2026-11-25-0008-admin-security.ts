/**
 * The owner's desk, made safe: disabled accounts, multi-factor for admins (an authenticator's sealed
 * secret, single-use recovery codes, and on each session the time a code was last entered), and the
 * audit log. The audit log is append-only in the database itself: triggers refuse UPDATE and DELETE
 * on SQLite and PostgreSQL (and TRUNCATE on PostgreSQL), so no route, script or mistake can edit it.
 * Frozen like every shipped migration.
 */
import { sql, SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_reason', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('mfa_verified_at', 'text').execute();
  // The desk lists accounts newest first and pages on (created_at, id).
  await db.schema
    .createIndex('users_created_at_id')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('admin_mfa')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_used_step', 'integer')
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('mfa_recovery_codes_user_id')
    .on('mfa_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema
    .createIndex('audit_log_target_id')
    .on('audit_log')
    .columns(['target_id', 'id'])
    .execute();

  if (sqlite) {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER audit_log_no_${event.toLowerCase()} BEFORE ${event} ON audit_log ` +
            `BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
        )
        .execute(db);
    }
  } else {
    await sql`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropTable('audit_log').execute();
  if (!sqlite) await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.dropTable('admin_mfa').execute();
  await db.schema.dropIndex('users_created_at_id').execute();
  await db.schema.alterTable('sessions').dropColumn('mfa_verified_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_reason').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
