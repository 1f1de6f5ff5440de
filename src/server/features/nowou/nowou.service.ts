/** What the nowou domain offers the others: an account's items for its data export. */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { allItems } from './nowou-items.repository';

export async function nowouItemsForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<{ key: string; modifiedAt: string; deleted: boolean; value: unknown }[]> {
  const rows = await allItems(db, userId);
  return rows.map((row) => ({
    key: row.key,
    modifiedAt: row.modifiedAt,
    deleted: row.deleted,
    value: JSON.parse(row.value) as unknown,
  }));
}
