/**
 * The assistant's side of the live streams on one instance: one bus listener and one cached read of
 * the current message for all streams, so posting a message costs one storage read per instance
 * however many tabs are open. Each stream follows with its page key and gets `{message}` for that
 * page: the message when its pages include the key, else null (docs/product/assistant.md#show-rule). A stream
 * that follows LIVE_ALL_PAGES (one tab's stream shared by the browser's tabs) gets the message
 * whatever its pages, and each tab keeps what its own page should show.
 *
 * Scheduled messages start and end with nobody posting (docs/product/assistant.md#live-message): each
 * instance keeps one timer for the next start or end in storage, armed when the feed is made (so
 * after a restart too) and again after every change any instance publishes and every time it
 * fires. When it fires the instance reads the message again, as after a change, so every instance
 * shows and hides it on its own clock within a moment of its time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AssistantEvent, AssistantMessage } from '#shared/live-events';
import { LIVE_ALL_PAGES } from '#shared/page-keys';
import { coalesced } from '#server/coalesced';
import type { LiveBus } from './live-bus';

/** A stream that follows the message (an object, so thousands of followers cost no closures). */
export interface AssistantFollower {
  readonly pageKey: string;
  sendAssistant(event: AssistantEvent): void;
  /** Called when the state cannot be read: the stream ends and its client reconnects. */
  assistantUnreadable(): void;
}

export interface AssistantFeed {
  /** Sends the current state for its page now (or after the first read) and after every change. */
  follow(follower: AssistantFollower): void;
  unfollow(follower: AssistantFollower): void;
  followerCount(): number;
  close(): void;
}

export function eventForPage(message: AssistantMessage | null, pageKey: string): AssistantEvent {
  if (pageKey === LIVE_ALL_PAGES) return { message };
  return { message: message && message.pages.includes(pageKey) ? message : null };
}

/** setTimeout's longest delay (about 24.8 days); a later change is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createAssistantFeed(
  bus: LiveBus,
  readCurrent: () => Promise<AssistantMessage | null>,
  log: Pick<FastifyBaseLogger, 'error'>,
  /** When the message next changes by itself (a scheduled start or end), or null. */
  nextChange: () => Promise<Date | null> = async () => null,
): AssistantFeed {
  /** Each follower with the version of the last state sent to it (never twice, never out of order). */
  const followers = new Map<AssistantFollower, number>();
  /** The last state read, or null when none was read since the last change. */
  let current: { version: number; message: AssistantMessage | null } | null = null;
  let version = 0;

  const deliver = (follower: AssistantFollower) => {
    if (!current || (followers.get(follower) ?? Infinity) >= current.version) return;
    followers.set(follower, current.version);
    follower.sendAssistant(eventForPage(current.message, follower.pageKey));
  };

  // At most one read at a time; changes during a read cause exactly one more.
  const refresh = coalesced(async () => {
    try {
      current = { version: ++version, message: await readCurrent() };
    } catch (error) {
      log.error({ err: error }, 'live: could not read the assistant message');
      current = null;
      for (const follower of [...followers.keys()]) follower.assistantUnreadable();
      return;
    }
    for (const follower of [...followers.keys()]) deliver(follower);
  });

  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const changed = () => {
    current = null;
    if (followers.size > 0) refresh();
  };

  // At most one look-up at a time; changes during one cause exactly one more.
  const arm = coalesced(async () => {
    let next: Date | null;
    try {
      next = await nextChange();
    } catch (error) {
      log.error({ err: error }, 'live: could not read when the assistant message changes next');
      return;
    }
    clearTimeout(timer);
    if (closed || next === null) return;
    const at = next.getTime();
    const wake = () => {
      // A timer can fire a millisecond before Date.now() reaches its time (and a long wait comes in
      // steps): reading then would find the old message again while the next look-up, a moment
      // later, finds no change to come, and the ended message would stay up. Wait out the rest.
      const left = at - Date.now();
      if (left > 0) {
        timer = setTimeout(wake, Math.min(left, MAX_TIMER_MS));
        timer.unref();
        return;
      }
      changed();
      arm();
    };
    wake();
  });
  arm();

  const unsubscribe = bus.subscribe((notice) => {
    if (notice.kind !== 'assistant' && notice.kind !== 'resync') return;
    changed();
    arm();
  });

  return {
    follow(follower) {
      followers.set(follower, 0);
      if (current) deliver(follower);
      else refresh();
    },
    unfollow(follower) {
      followers.delete(follower);
    },
    followerCount: () => followers.size,
    close() {
      closed = true;
      clearTimeout(timer);
      unsubscribe();
      followers.clear();
    },
  };
}
