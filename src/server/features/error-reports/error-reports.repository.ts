/** Storage of error reports (table error_reports); rows become API shapes here. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ErrorReportList } from '#shared/error-report-schemas';
import type { Database, ErrorReport } from '#server/db/schema';

export interface NewErrorReportInput {
  error: string;
  errorName: string;
  page: string | null;
  userId: string | null;
  /** Its error group (error-groups.repository.ts); null only for reports made outside the route. */
  groupId?: string | null;
}

export async function insertErrorReport(
  db: Kysely<Database>,
  report: NewErrorReportInput,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('error_reports')
    .values({
      id,
      error: report.error,
      error_name: report.errorName,
      page: report.page,
      user_id: report.userId,
      created_at: now.toISOString(),
      group_id: report.groupId ?? null,
    })
    .execute();
  return id;
}

/** Deletes one report; false when there was none with that id. */
export async function deleteErrorReport(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('error_reports').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The latest reports, newest first (ties broken by id so the order is stable). */
export async function listLatestErrorReports(
  db: Kysely<Database>,
  limit: number,
): Promise<ErrorReportList['reports']> {
  const rows = await db
    .selectFrom('error_reports')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    error: row.error,
    errorName: row.error_name,
    page: row.page,
    userId: row.user_id,
    createdAt: row.created_at,
  }));
}

/** The reports a user sent while signed in, oldest first (their data export). */
export async function listUserErrorReports(
  db: Kysely<Database>,
  userId: string,
): Promise<ErrorReport[]> {
  return db
    .selectFrom('error_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The user's latest reports, newest first (the owner's view of the account). */
export async function listRecentUserErrorReports(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<ErrorReport[]> {
  return db
    .selectFrom('error_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
