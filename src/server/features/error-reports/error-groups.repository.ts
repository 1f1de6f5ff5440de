/**
 * Error groups (table error_groups, docs/product/forms.md#error-reports): each report joins the group of
 * its name, masked text and page key, found by their SHA-256; a resolved group reported again is
 * open again, an ignored one stays ignored while it counts on. Rows become API shapes here.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ErrorGroup, ErrorGroupState } from '#shared/error-report-schemas';
import type { Database, ErrorGroupsTable } from '#server/db/schema';
import type { Selectable } from 'kysely';

export function errorFingerprint(name: string, text: string, page: string | null): string {
  return createHash('sha256')
    .update(`${name}\n${page ?? ''}\n${text}`)
    .digest('hex');
}

export interface GroupedReport {
  groupId: string;
  /** The report started a group. */
  isNew: boolean;
  /** The report opened a group that was resolved. */
  reopened: boolean;
}

/**
 * Puts a report in its group: a new group, or one more in an existing one (reopened when it was
 * resolved). Race-safe across instances: the insert does nothing when the group exists. Call it in
 * the transaction that stores the report.
 */
export async function joinErrorGroup(
  db: Kysely<Database>,
  report: { errorName: string; error: string; page: string | null },
  now: Date,
): Promise<GroupedReport> {
  const at = now.toISOString();
  const fingerprint = errorFingerprint(report.errorName, report.error, report.page);
  const created = await db
    .insertInto('error_groups')
    .values({
      id: randomUUID(),
      fingerprint,
      error_name: report.errorName,
      error: report.error,
      page: report.page,
      state: 'open',
      count: 1,
      first_seen: at,
      last_seen: at,
      state_changed_at: null,
    })
    .onConflict((oc) => oc.column('fingerprint').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return { groupId: created.id, isNew: true, reopened: false };
  const before = await db
    .selectFrom('error_groups')
    .select(['id', 'state'])
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirstOrThrow();
  const updated = await db
    .updateTable('error_groups')
    .set({
      count: sql<number>`count + 1`,
      last_seen: sql<string>`case when last_seen > ${at} then last_seen else ${at} end`,
      state: sql<string>`case when state = 'resolved' then 'open' else state end`,
      state_changed_at: sql<
        string | null
      >`case when state = 'resolved' then ${at} else state_changed_at end`,
    })
    .where('id', '=', before.id)
    .returning('state')
    .executeTakeFirstOrThrow();
  return {
    groupId: before.id,
    isNew: false,
    reopened: before.state === 'resolved' && updated.state === 'open',
  };
}

type GroupRow = Selectable<ErrorGroupsTable>;

async function withReports(
  db: Kysely<Database>,
  rows: GroupRow[],
  perGroup: number,
): Promise<ErrorGroup[]> {
  if (rows.length === 0) return [];
  const reports = await db
    .selectFrom('error_reports')
    .select(['id', 'group_id', 'created_at', 'user_id'])
    .where(
      'group_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byGroup = new Map<string, ErrorGroup['reports']>();
  for (const report of reports) {
    const list = byGroup.get(report.group_id ?? '') ?? [];
    if (list.length < perGroup)
      list.push({ id: report.id, createdAt: report.created_at, signedIn: report.user_id !== null });
    byGroup.set(report.group_id ?? '', list);
  }
  return rows.map((row) => ({
    id: row.id,
    errorName: row.error_name,
    error: row.error,
    page: row.page,
    state: row.state as ErrorGroupState,
    count: Number(row.count),
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    stateChangedAt: row.state_changed_at,
    reports: byGroup.get(row.id) ?? [],
  }));
}

/** The groups with the newest activity first, each with its latest reports. */
export async function listErrorGroups(
  db: Kysely<Database>,
  limit: number,
  reportsPerGroup: number,
): Promise<ErrorGroup[]> {
  const rows = await db
    .selectFrom('error_groups')
    .selectAll()
    .orderBy('last_seen', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return withReports(db, rows, reportsPerGroup);
}

/** Sets a group's state; null when there is no such group. */
export async function setErrorGroupState(
  db: Kysely<Database>,
  id: string,
  state: ErrorGroupState,
  reportsShown: number,
  now = new Date(),
): Promise<ErrorGroup | null> {
  const row = await db
    .updateTable('error_groups')
    .set({ state, state_changed_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  const [group] = await withReports(db, [row], reportsShown);
  return group ?? null;
}
