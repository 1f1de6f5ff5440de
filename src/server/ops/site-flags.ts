/** The mail pause a restore sets and the owner releases (docs/product/command-line.md#backups). */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export async function pauseMail(db: Kysely<Database>, reason: string): Promise<void> {
  await db
    .insertInto('site_flags')
    .values({ name: 'mail_paused', reason, set_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ reason }))
    .execute();
}

/** The pause's reason, or null when mail flows. */
export async function mailPauseReason(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('site_flags')
    .select('reason')
    .where('name', '=', 'mail_paused')
    .executeTakeFirst();
  return row?.reason ?? null;
}

/** Lets the queue send again; true when it was paused. */
export async function releaseMail(db: Kysely<Database>): Promise<boolean> {
  const result = await db
    .deleteFrom('site_flags')
    .where('name', '=', 'mail_paused')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
