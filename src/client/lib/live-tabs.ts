/**
 * One live stream per browser, shared by its tabs. A browser keeps at most six HTTP/1.1
 * connections to a site, so a stream per tab left the seventh tab's own page waiting forever.
 *
 * Every tab asks for the same Web Lock; the tab that holds it leads. The leader opens the one
 * stream, for all pages (`?page=all`), and relays each event to the other tabs over a
 * BroadcastChannel. The lock is held for the tab's life: when the leader closes or crashes the
 * browser frees it, the next tab in line takes it and opens the stream, and the state it sends on
 * connect reaches everyone. Each tab keeps the assistant's message only when it is for the tab's
 * own page (docs/product.md#show-rule), and every tab sees the `user` events, which are its own,
 * since the tabs share the session cookie. The leader reads what the browser knew as an event
 * arrived (the assistant's last-viewed time) before any tab acts on it and sends it along, so a new
 * message shows on every tab of its pages, not only on the first to record it as viewed.
 *
 * A tab that logs in or out asks the leader to reopen the stream, so that it belongs to the new
 * session. live-connection.ts falls back to a stream per tab where Web Locks or BroadcastChannel
 * are missing.
 */
import { LIVE_ALL_PAGES, type AssistantEvent, type LiveEventName } from '#shared/live-events';
import {
  isLiveEventPayload,
  LIVE_EVENT_NAMES,
  type LiveConnection,
  type LiveEventContext,
} from './live-connection';

export const LIVE_LOCK_NAME = 'creator-site live stream';
export const LIVE_CHANNEL_NAME = 'creator-site live';

/** The part of navigator.locks this module uses (tests pass a fake). */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

/** The part of BroadcastChannel this module uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

type TabMessage =
  | { type: 'event'; name: LiveEventName; payload: unknown; context?: LiveEventContext }
  | { type: 'reachable'; reachable: boolean }
  /** A tab that starts asks the leader for the current state. */
  | { type: 'hello' }
  /** A tab that logged in or out asks the leader to reopen the stream for the new session. */
  | { type: 'restart' };

export interface SharedLiveDeps {
  locks: LockManagerLike;
  channel: ChannelLike;
  /** The stream the leader holds: a connection of its own, told when it opens or drops. */
  createStream: (onReachable: (reachable: boolean) => void) => LiveConnection;
  onReachable?: (reachable: boolean) => void;
  /**
   * What the browser knows as an event arrives from the stream, before any tab acts on it; it goes
   * with the event to every tab.
   */
  contextFor?: (name: LiveEventName) => LiveEventContext;
  /** Reports a listener's error without stopping the others. */
  reportError?: (error: unknown) => void;
}

export interface SharedLiveConnection extends LiveConnection {
  /** Whether this tab holds the stream. */
  leads(): boolean;
}

/** The assistant's event as a tab on `pageKey` should see it. */
export function assistantForPage(event: AssistantEvent, pageKey: string | null): AssistantEvent {
  const { message } = event;
  return {
    message: message && pageKey !== null && message.pages.includes(pageKey) ? message : null,
  };
}

export function createSharedLiveConnection(deps: SharedLiveDeps): SharedLiveConnection {
  const handlers = new Map<
    LiveEventName,
    Set<(payload: unknown, context?: LiveEventContext) => void>
  >();
  const latest = new Map<LiveEventName, unknown>();
  let pageKey: string | null = null;
  let stopped = false;
  let stream: LiveConnection | null = null;

  const post = (message: TabMessage) => deps.channel.postMessage(message);

  function callHandlers(name: LiveEventName, payload: unknown, context?: LiveEventContext): void {
    if (stopped) return;
    const shown =
      name === 'assistant' ? assistantForPage(payload as AssistantEvent, pageKey) : payload;
    for (const handler of [...(handlers.get(name) ?? [])]) {
      try {
        handler(shown, context);
      } catch (error) {
        deps.reportError?.(error);
      }
    }
  }

  function receive(name: LiveEventName, payload: unknown, context?: LiveEventContext): void {
    latest.set(name, payload);
    callHandlers(name, payload, context);
  }

  function relayLatest(): void {
    for (const [name, payload] of latest) post({ type: 'event', name, payload });
  }

  function lead(): void {
    const own = deps.createStream((reachable) => {
      deps.onReachable?.(reachable);
      post({ type: 'reachable', reachable });
    });
    for (const name of LIVE_EVENT_NAMES) {
      own.on(name, (payload) => {
        const context = deps.contextFor?.(name);
        post({ type: 'event', name, payload, context });
        receive(name, payload, context);
      });
    }
    if (stopped) own.stop();
    own.setPage(LIVE_ALL_PAGES);
    stream = own;
  }

  deps.channel.onmessage = (event: MessageEvent) => {
    const message = event.data as TabMessage;
    switch (message?.type) {
      case 'event':
        if (isLiveEventPayload(message.name, message.payload)) {
          receive(message.name, message.payload, message.context);
        }
        break;
      case 'reachable':
        deps.onReachable?.(message.reachable === true);
        break;
      case 'hello':
        if (stream) relayLatest();
        break;
      case 'restart':
        stream?.restart();
        break;
    }
  };

  // Held until the tab goes away; then the browser hands it to the next tab that asked.
  void deps.locks.request(LIVE_LOCK_NAME, () => {
    lead();
    return new Promise<void>(() => undefined);
  });
  post({ type: 'hello' });

  return {
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      const entry = (payload: unknown, context?: LiveEventContext) =>
        handler(payload as Parameters<typeof handler>[0], context);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    setPage(next) {
      if (next === pageKey) return;
      pageKey = next;
      // As a stream reopened for the new page would: the assistant's state for this page, now.
      const assistant = latest.get('assistant');
      if (assistant !== undefined) callHandlers('assistant', assistant);
    },
    stop() {
      stopped = true;
      stream?.stop();
    },
    start() {
      stopped = false;
      if (stream) stream.start();
      else post({ type: 'hello' });
    },
    restart() {
      stopped = false;
      if (stream) stream.restart();
      else post({ type: 'restart' });
    },
    leads: () => stream !== null,
  };
}
