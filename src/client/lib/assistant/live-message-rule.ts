/**
 * When the assistant shows the live message (docs/product/assistant.md#show-rule): the stream already sends
 * only a message whose pages include the current page key, so what is left is the last-viewed rule.
 * A message is shown when it is newer than `assistant.liveMessage.lastViewedAtUTC`, or when none
 * was viewed yet; the time then recorded is the message's own time (on the server's clock), so a
 * visitor's clock set wrong can neither hide a new message nor show one again.
 */
import type { AssistantMessage } from '#shared/live-events';

export function isUnseen(message: AssistantMessage, lastViewedAtUTC: string | null): boolean {
  if (lastViewedAtUTC === null) return true;
  const viewed = Date.parse(lastViewedAtUTC);
  const created = Date.parse(message.createdAtUTC);
  // An unreadable stored time counts as never viewed; an unreadable message time as seen.
  if (Number.isNaN(viewed)) return true;
  if (Number.isNaN(created)) return false;
  return created > viewed;
}

/** The time to record after the message was shown: never earlier than what is already recorded. */
export function viewedTimeAfter(message: AssistantMessage, lastViewedAtUTC: string | null): string {
  if (lastViewedAtUTC !== null && !isUnseen(message, lastViewedAtUTC)) return lastViewedAtUTC;
  return message.createdAtUTC;
}

/**
 * Milliseconds between typed characters: about 24 ms, faster for long texts so typing ends within
 * about 4 s, and never under the 10 ms minimum (docs/product/assistant.md#typing-and-bubble).
 */
export const TYPING_DELAY_MS = 24;
export const TYPING_TOTAL_MAX_MS = 4000;

export function typingDelayMs(length: number, minimum: number): number {
  if (length <= 0) return minimum;
  return Math.max(minimum, Math.min(TYPING_DELAY_MS, Math.floor(TYPING_TOTAL_MAX_MS / length)));
}
