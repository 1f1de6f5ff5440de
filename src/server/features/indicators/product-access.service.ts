/**
 * What the indicators domain offers the others: the products a user may use now (part of their user
 * info), their access records for their data export, and their latest ones for the owner's view of
 * the account.
 */
import type { Kysely } from 'kysely';
import type { AccountExport } from '#shared/account-schemas';
import type { TimelineEntry } from '#shared/desk-accounts-schemas';
import type { Database } from '#server/db/schema';
import {
  listActiveProducts,
  listRecentUserAccessRows,
  listUserAccessRows,
} from './product-access.repository';

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

/** The user's latest access records, newest first, as entries of the account's timeline on the desk. */
export async function productAccessForTimeline(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<Extract<TimelineEntry, { kind: 'indicator-access' }>[]> {
  const rows = await listRecentUserAccessRows(db, userId, limit);
  return rows.map((row) => ({
    kind: 'indicator-access',
    at: row.created_at,
    id: row.id,
    product: row.product,
    accessKind: row.kind,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  }));
}
