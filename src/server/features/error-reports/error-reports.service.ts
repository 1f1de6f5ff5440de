/**
 * What the error-reports domain offers the others: a user's own reports for their data export, and
 * their latest ones for the owner's view of the account.
 */
import type { Kysely } from 'kysely';
import type { AccountExport } from '#shared/account-schemas';
import type { TimelineEntry } from '#shared/desk-accounts-schemas';
import type { Database } from '#server/db/schema';
import { listRecentUserErrorReports, listUserErrorReports } from './error-reports.repository';

/** The reports the user sent while signed in, oldest first, as the data export lists them. */
export async function errorReportsForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountExport['errorReports']> {
  const rows = await listUserErrorReports(db, userId);
  return rows.map((row) => ({
    id: row.id,
    error: row.error,
    errorName: row.error_name,
    page: row.page,
    createdAt: row.created_at,
  }));
}

/** The user's latest reports, newest first, as entries of the account's timeline on the desk. */
export async function errorReportsForTimeline(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<Extract<TimelineEntry, { kind: 'error-report' }>[]> {
  const rows = await listRecentUserErrorReports(db, userId, limit);
  return rows.map((row) => ({
    kind: 'error-report',
    at: row.created_at,
    id: row.id,
    errorName: row.error_name,
    page: row.page,
  }));
}
