/**
 * Storage of the assistant's live messages (table assistant_messages, docs/product/assistant.md#live-message).
 * Each message shows from its start (`starts_at`: when it was posted, or the time it was scheduled
 * for) until its end (`ends_at`, none: until replaced) or until the owner clears it. The current
 * message is the one with the latest start that has come; when it has ended or was cleared, none
 * is shown. A message cancelled before its start never counts. Rows are never rewritten otherwise,
 * so the table is the history of what the assistant said. Visitors see a message's start as its
 * time (`createdAtUTC`), so a scheduled message is newer than anything they saw before it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DeskAssistantMessage } from '#shared/assistant-schemas';
import type { AssistantMessage } from '#shared/live-events';
import type { Database, AssistantMessage as AssistantMessageRow } from '#server/db/schema';

function toDeskMessage(row: AssistantMessageRow): DeskAssistantMessage {
  return {
    id: row.id,
    text: row.text,
    createdAtUTC: row.starts_at,
    pages: JSON.parse(row.pages) as string[],
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

function toMessage(row: AssistantMessageRow): AssistantMessage {
  const { id, text, createdAtUTC, pages } = toDeskMessage(row);
  return { id, text, createdAtUTC, pages };
}

/** Rows that count: never cancelled, or cleared only after they started. */
function live(db: Kysely<Database>) {
  return db
    .selectFrom('assistant_messages')
    .selectAll()
    .where((eb) =>
      eb.or([eb('cleared_at', 'is', null), eb('cleared_at', '>=', eb.ref('starts_at'))]),
    );
}

async function currentRow(
  db: Kysely<Database>,
  now: Date,
): Promise<AssistantMessageRow | undefined> {
  const at = now.toISOString();
  const row = await live(db)
    .where('starts_at', '<=', at)
    .orderBy('starts_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.cleared_at !== null || (row.ends_at !== null && row.ends_at <= at))
    return undefined;
  return row;
}

export async function readCurrentMessage(
  db: Kysely<Database>,
  now = new Date(),
): Promise<AssistantMessage | null> {
  const row = await currentRow(db, now);
  return row ? toMessage(row) : null;
}

/** The message shown now and those waiting for their start, soonest first (the owner's list). */
export async function readSchedule(
  db: Kysely<Database>,
  now = new Date(),
): Promise<{ current: DeskAssistantMessage | null; scheduled: DeskAssistantMessage[] }> {
  const [current, waiting] = await Promise.all([
    currentRow(db, now),
    db
      .selectFrom('assistant_messages')
      .selectAll()
      .where('cleared_at', 'is', null)
      .where('starts_at', '>', now.toISOString())
      .orderBy('starts_at')
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    current: current ? toDeskMessage(current) : null,
    scheduled: waiting.map(toDeskMessage),
  };
}

export interface NewMessageInput {
  text: string;
  pages: string[];
  createdBy: string;
  /** A start to wait for; none: now. */
  startsAt?: Date;
  endsAt?: Date | null;
}

/**
 * Stores a message. Posted now, its start is never before the latest start that has come (with
 * several instances, one whose clock runs behind would otherwise write a "newer" message that sorts
 * as older, so it would not become current and visitors who saw the last one would not be shown
 * it). Scheduled, it starts at the time asked for.
 */
export async function insertMessage(
  db: Kysely<Database>,
  input: NewMessageInput,
  now = new Date(),
): Promise<DeskAssistantMessage> {
  return db.transaction().execute(async (trx) => {
    let startsAt = input.startsAt;
    if (!startsAt) {
      // The latest start among messages posted at once (start = made) or scheduled ones that began.
      const latest = await trx
        .selectFrom('assistant_messages')
        .select('starts_at')
        .where((eb) =>
          eb.or([
            eb('starts_at', '<=', now.toISOString()),
            eb('starts_at', '=', eb.ref('created_at')),
          ]),
        )
        .orderBy('starts_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const after = latest ? Date.parse(latest.starts_at) + 1 : -Infinity;
      startsAt = new Date(Math.max(now.getTime(), after));
    }
    const row: AssistantMessageRow = {
      id: randomUUID(),
      text: input.text,
      pages: JSON.stringify(input.pages),
      created_at: input.startsAt ? now.toISOString() : startsAt.toISOString(),
      created_by: input.createdBy,
      cleared_at: null,
      starts_at: startsAt.toISOString(),
      ends_at: input.endsAt ? input.endsAt.toISOString() : null,
    };
    await trx.insertInto('assistant_messages').values(row).execute();
    return toDeskMessage(row);
  });
}

export type ScheduledChange =
  | { outcome: 'changed'; message: DeskAssistantMessage }
  | { outcome: 'missing' }
  | { outcome: 'started' };

/** The scheduled message's row, if it is still waiting for its start. */
async function waitingRow(db: Kysely<Database>, id: string, now: Date) {
  const row = await db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('id', '=', id)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  if (!row) return { outcome: 'missing' as const };
  if (row.starts_at <= now.toISOString()) return { outcome: 'started' as const };
  return { outcome: 'waiting' as const, row };
}

/** Changes a message that has not started yet. */
export async function updateScheduledMessage(
  db: Kysely<Database>,
  id: string,
  input: { text: string; pages: string[]; startsAt: Date; endsAt: Date | null },
  now = new Date(),
): Promise<ScheduledChange> {
  const found = await waitingRow(db, id, now);
  if (found.outcome !== 'waiting') return found;
  const row = await db
    .updateTable('assistant_messages')
    .set({
      text: input.text,
      pages: JSON.stringify(input.pages),
      starts_at: input.startsAt.toISOString(),
      ends_at: input.endsAt ? input.endsAt.toISOString() : null,
    })
    .where('id', '=', id)
    .where('cleared_at', 'is', null)
    .where('starts_at', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
  return row ? { outcome: 'changed', message: toDeskMessage(row) } : { outcome: 'started' };
}

/** Cancels a message that has not started yet: it never shows. */
export async function cancelScheduledMessage(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<ScheduledChange> {
  const found = await waitingRow(db, id, now);
  if (found.outcome !== 'waiting') return found;
  const row = await db
    .updateTable('assistant_messages')
    .set({ cleared_at: now.toISOString() })
    .where('id', '=', id)
    .where('cleared_at', 'is', null)
    .where('starts_at', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
  return row ? { outcome: 'changed', message: toDeskMessage(row) } : { outcome: 'started' };
}

/** Clears the current message; returns the id of the message cleared, or null when none was shown. */
export async function clearCurrentMessage(
  db: Kysely<Database>,
  now = new Date(),
): Promise<string | null> {
  const current = await currentRow(db, now);
  if (!current) return null;
  // Every message that has started is over; the scheduled ones still wait for their start.
  await db
    .updateTable('assistant_messages')
    .set({ cleared_at: now.toISOString() })
    .where('cleared_at', 'is', null)
    .where('starts_at', '<=', now.toISOString())
    .execute();
  return current.id;
}

/** When what visitors see next changes by itself (a start or an end to come), or null. */
export async function nextScheduledChange(
  db: Kysely<Database>,
  now = new Date(),
): Promise<Date | null> {
  const at = now.toISOString();
  const row = await db
    .selectFrom('assistant_messages')
    .select([
      sql<string | null>`min(case when starts_at > ${at} then starts_at end)`.as('next_start'),
      sql<string | null>`min(case when ends_at > ${at} then ends_at end)`.as('next_end'),
    ])
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  const times = [row?.next_start, row?.next_end].filter((time): time is string => !!time);
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((time) => Date.parse(time))));
}
