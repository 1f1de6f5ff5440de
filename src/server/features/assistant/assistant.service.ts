/**
 * What the assistant domain offers the others: the message visitors are shown now, and when that
 * changes by itself next (a scheduled start or an end), for the live streams' timers.
 */
import type { Kysely } from 'kysely';
import type { AssistantMessage } from '#shared/live-events';
import type { Database } from '#server/db/schema';
import { nextScheduledChange, readCurrentMessage } from './assistant.repository';

/** The current live message, or null when none is shown. */
export async function currentAssistantMessage(
  db: Kysely<Database>,
): Promise<AssistantMessage | null> {
  return readCurrentMessage(db);
}

/** When the current message next changes without anyone posting (a start or an end), or null. */
export async function nextAssistantChange(db: Kysely<Database>): Promise<Date | null> {
  return nextScheduledChange(db);
}
