/** What the error-reports domain offers the others: a user's own reports for their data export. */
import type { Kysely } from 'kysely';
import type { AccountExport } from '#shared/account-schemas';
import type { Database } from '#server/db/schema';
import { listUserErrorReports } from './error-reports.repository';

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
