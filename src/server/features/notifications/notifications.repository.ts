/**
 * Storage of the owner's notifications (tables admin_notifications and notification_events,
 * docs/product/mail.md#owner-notifications): each admin's choice, the events, and the claim of a day's
 * digest (a conditional update, so one instance sends it however many run).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NotificationMode } from '#shared/notification-schemas';
import type { Database } from '#server/db/schema';

export async function readMode(db: Kysely<Database>, userId: string): Promise<NotificationMode> {
  const row = await db
    .selectFrom('admin_notifications')
    .select('mode')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.mode as NotificationMode | undefined) ?? 'off';
}

export async function writeMode(
  db: Kysely<Database>,
  userId: string,
  mode: NotificationMode,
  now = new Date(),
): Promise<void> {
  if (mode === 'off') {
    await db.deleteFrom('admin_notifications').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('admin_notifications')
    .values({ user_id: userId, mode, digest_day: null, digest_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ mode }))
    .execute();
}

/** The admins who chose `mode`. */
export async function usersWithMode(
  db: Kysely<Database>,
  mode: Exclude<NotificationMode, 'off'>,
): Promise<{ userId: string; digestDay: string | null; digestAt: string }[]> {
  const rows = await db
    .selectFrom('admin_notifications')
    .select(['user_id', 'digest_day', 'digest_at'])
    .where('mode', '=', mode)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    digestDay: row.digest_day,
    digestAt: row.digest_at,
  }));
}

export async function insertEvent(
  db: Kysely<Database>,
  event: { kind: string; summary: string; held: boolean },
  now: Date,
): Promise<void> {
  await db
    .insertInto('notification_events')
    .values({
      id: randomUUID(),
      kind: event.kind,
      summary: event.summary,
      held: event.held ? 1 : 0,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Events after `after` up to `until` (only the held ones, if asked), oldest first. */
export async function eventsBetween(
  db: Kysely<Database>,
  after: string,
  until: string,
  { heldOnly = false } = {},
): Promise<{ kind: string; summary: string; at: string }[]> {
  let query = db
    .selectFrom('notification_events')
    .select(['kind', 'summary', 'created_at'])
    .where('created_at', '>', after)
    .where('created_at', '<=', until);
  if (heldOnly) query = query.where('held', '=', 1);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({ kind: row.kind, summary: row.summary, at: row.created_at }));
}

/**
 * Claims the mail of held notices for an admin on mails at once: true for the one caller that moved
 * their last such mail's time from `previousAt` to `now`.
 */
export async function claimCatchUp(
  db: Kysely<Database>,
  userId: string,
  previousAt: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('admin_notifications')
    .set({ digest_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('mode', '=', 'instant')
    .where('digest_at', '=', previousAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Claims the admin's digest of `day`: true for the one caller that moved their last digest to it
 * (and its time to `now`), false when another instance did first or the mode changed.
 */
export async function claimDigest(
  db: Kysely<Database>,
  userId: string,
  day: string,
  previousAt: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('admin_notifications')
    .set({ digest_day: day, digest_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('mode', '=', 'daily')
    .where('digest_at', '=', previousAt)
    .where((eb) => eb.or([eb('digest_day', 'is', null), eb('digest_day', '<', day)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
