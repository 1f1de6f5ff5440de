/**
 * Storage of the assistant's live messages (table assistant_messages). The current message is the
 * newest row, unless the owner cleared it; rows are never rewritten otherwise, so the table is the
 * history of what the assistant said.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AssistantMessage } from '#shared/live-events';
import type { Database, AssistantMessage as AssistantMessageRow } from '#server/db/schema';

function toMessage(row: AssistantMessageRow): AssistantMessage {
  return {
    id: row.id,
    text: row.text,
    createdAtUTC: row.created_at,
    pages: JSON.parse(row.pages) as string[],
  };
}

export async function readCurrentMessage(db: Kysely<Database>): Promise<AssistantMessage | null> {
  const row = await db
    .selectFrom('assistant_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.cleared_at === null ? toMessage(row) : null;
}

/**
 * Stores a new message as the current one. Its time is never before the latest message's: with
 * several instances, one whose clock runs behind would otherwise write a "newer" message that sorts
 * as older, so it would not become current and visitors who saw the last one would not be shown it.
 */
export async function insertMessage(
  db: Kysely<Database>,
  input: { text: string; pages: string[]; createdBy: string },
  now = new Date(),
): Promise<AssistantMessage> {
  return db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('assistant_messages')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const after = latest ? Date.parse(latest.created_at) + 1 : -Infinity;
    const row: AssistantMessageRow = {
      id: randomUUID(),
      text: input.text,
      pages: JSON.stringify(input.pages),
      created_at: new Date(Math.max(now.getTime(), after)).toISOString(),
      created_by: input.createdBy,
      cleared_at: null,
    };
    await trx.insertInto('assistant_messages').values(row).execute();
    return toMessage(row);
  });
}

/** Clears the current message; returns the id of the message cleared, or null when none was shown. */
export async function clearCurrentMessage(
  db: Kysely<Database>,
  now = new Date(),
): Promise<string | null> {
  const rows = await db
    .updateTable('assistant_messages')
    .set({ cleared_at: now.toISOString() })
    .where('cleared_at', 'is', null)
    .returning('id')
    .execute();
  return rows[0]?.id ?? null;
}
