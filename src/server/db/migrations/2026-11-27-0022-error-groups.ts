/**
 * Error reports grouped (docs/product/forms.md#error-reports): reports with the same error name, masked
 * text and page key form one group, found by the SHA-256 of the three (`fingerprint`), with its
 * count, first and last time and state (`open`, `resolved`, `ignored`). Each report names its
 * group; the reports already stored are grouped here. Frozen like every shipped migration: the
 * fingerprint is written out below, not imported.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

function fingerprint(name: string, text: string, page: string | null): string {
  return createHash('sha256')
    .update(`${name}\n${page ?? ''}\n${text}`)
    .digest('hex');
}

interface ReportRow {
  id: string;
  error: string;
  error_name: string;
  page: string | null;
  created_at: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('error_name', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('state_changed_at', 'text')
    .execute();
  await db.schema
    .createIndex('error_groups_by_last_seen')
    .on('error_groups')
    .columns(['last_seen', 'id'])
    .execute();
  await db.schema.alterTable('error_reports').addColumn('group_id', 'text').execute();
  await db.schema
    .createIndex('error_reports_by_group')
    .on('error_reports')
    .columns(['group_id', 'created_at'])
    .execute();

  const reports = (
    await sql<ReportRow>`select id, error, error_name, page, created_at from error_reports order by created_at`.execute(
      db,
    )
  ).rows;
  const groups = new Map<string, { id: string; row: ReportRow; count: number; last: string }>();
  for (const report of reports) {
    const key = fingerprint(report.error_name, report.error, report.page);
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.last = report.created_at;
    } else {
      groups.set(key, { id: randomUUID(), row: report, count: 1, last: report.created_at });
    }
    const id = groups.get(key)!.id;
    await sql`update error_reports set group_id = ${id} where id = ${report.id}`.execute(db);
  }
  for (const [key, group] of groups) {
    await sql`insert into error_groups (id, fingerprint, error_name, error, page, state, count, first_seen, last_seen)
      values (${group.id}, ${key}, ${group.row.error_name}, ${group.row.error}, ${group.row.page}, 'open', ${group.count}, ${group.row.created_at}, ${group.last})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('error_reports_by_group').execute();
  await db.schema.alterTable('error_reports').dropColumn('group_id').execute();
  await db.schema.dropTable('error_groups').execute();
}
