/** What the assistant domain offers the others: the message visitors are shown now (live streams). */
import type { Kysely } from 'kysely';
import type { AssistantMessage } from '#shared/live-events';
import type { Database } from '#server/db/schema';
import { readCurrentMessage } from './assistant.repository';

/** The current live message, or null when none is shown. */
export async function currentAssistantMessage(
  db: Kysely<Database>,
): Promise<AssistantMessage | null> {
  return readCurrentMessage(db);
}
