/**
 * What the indicators domain offers the others: the products a user may use now (part of their user
 * info) and their access records for their data export.
 */
import type { Kysely } from 'kysely';
import type { AccountExport } from '#shared/account-schemas';
import type { Database } from '#server/db/schema';
import { listActiveProducts, listUserAccessRows } from './product-access.repository';

/** Products the user may use now: active access that has not ended (the user info's subscribedProducts). */
export async function activeProducts(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<string[]> {
  return listActiveProducts(db, userId, now);
}

/** The user's access records, oldest first, as the account's data export lists them. */
export async function productAccessForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountExport['productAccess']> {
  const rows = await listUserAccessRows(db, userId);
  return rows.map((row) => ({
    product: row.product,
    kind: row.kind,
    platformUsername: row.platform_username,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
  }));
}
