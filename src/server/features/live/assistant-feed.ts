/**
 * The assistant's side of the live streams on one instance: one bus listener and one cached read of
 * the current message for all streams, so posting a message costs one storage read per instance
 * however many tabs are open. Each stream follows with its page key and gets `{message}` for that
 * page: the message when its pages include the key, else null (docs/product.md#show-rule). A stream
 * that follows LIVE_ALL_PAGES (one tab's stream shared by the browser's tabs) gets the message
 * whatever its pages, and each tab keeps what its own page should show.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_ALL_PAGES, type AssistantEvent, type AssistantMessage } from '#shared/live-events';
import { coalesced } from './coalesced';
import type { LiveBus } from './live-bus';

interface Follower {
  pageKey: string;
  send: (event: AssistantEvent) => void;
  fail: () => void;
  /** The version of the last state sent, so a state is never sent twice or out of order. */
  sentVersion: number;
}

export interface AssistantFeed {
  /** Sends the current state for `pageKey` now (or after the first read) and after every change. */
  follow(
    pageKey: string,
    send: (event: AssistantEvent) => void,
    /** Called when the state cannot be read: the stream ends and its client reconnects. */
    fail: () => void,
  ): () => void;
  followerCount(): number;
  close(): void;
}

export function eventForPage(message: AssistantMessage | null, pageKey: string): AssistantEvent {
  if (pageKey === LIVE_ALL_PAGES) return { message };
  return { message: message && message.pages.includes(pageKey) ? message : null };
}

export function createAssistantFeed(
  bus: LiveBus,
  readCurrent: () => Promise<AssistantMessage | null>,
  log: Pick<FastifyBaseLogger, 'error'>,
): AssistantFeed {
  const followers = new Set<Follower>();
  /** The last state read, or null when none was read since the last change. */
  let current: { version: number; message: AssistantMessage | null } | null = null;
  let version = 0;

  const deliver = (follower: Follower) => {
    if (!current || follower.sentVersion >= current.version) return;
    follower.sentVersion = current.version;
    follower.send(eventForPage(current.message, follower.pageKey));
  };

  // At most one read at a time; changes during a read cause exactly one more.
  const refresh = coalesced(async () => {
    try {
      current = { version: ++version, message: await readCurrent() };
    } catch (error) {
      log.error({ err: error }, 'live: could not read the assistant message');
      current = null;
      for (const follower of [...followers]) follower.fail();
      return;
    }
    for (const follower of [...followers]) deliver(follower);
  });

  const unsubscribe = bus.subscribe((notice) => {
    if (notice.kind === 'user') return;
    current = null;
    if (followers.size > 0) refresh();
  });

  return {
    follow(pageKey, send, fail) {
      const follower: Follower = { pageKey, send, fail, sentVersion: 0 };
      followers.add(follower);
      if (current) deliver(follower);
      else refresh();
      return () => {
        followers.delete(follower);
      };
    },
    followerCount: () => followers.size,
    close() {
      unsubscribe();
      followers.clear();
    },
  };
}
