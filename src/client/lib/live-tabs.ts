/**
 * One live stream per browser, shared by its tabs. A browser keeps at most six HTTP/1.1
 * connections to a site, so a stream per tab left the seventh tab's own page waiting forever.
 *
 * One tab leads, chosen by live-election.ts (a Web Lock where the page is a secure context, an
 * election over a BroadcastChannel elsewhere). The leader opens the one stream, for all pages
 * (`?page=all`), and relays each event to the other tabs over a BroadcastChannel. When the leader
 * closes or crashes another tab takes the lead within a second and opens the stream, and the
 * state the server sends on connect reaches everyone. Each tab keeps the assistant's message only
 * when it is for the tab's own page (docs/product/assistant.md#show-rule), and every tab sees the `user`
 * events, which are its own, since the tabs share the session cookie. The leader reads what the
 * browser knew as an event arrived (the assistant's last-viewed time) before any tab acts on it and
 * sends it along, so a new message shows on every tab of its pages, not only on the first to
 * record it as viewed.
 *
 * A tab that starts, or comes to the message's page, within JOIN_GRACE_MS of an event's arrival
 * gets it with what the browser knew as it arrived too: a tab opened just as the owner posts shows
 * the message like the tabs that were open, instead of finding it already viewed by them.
 *
 * A tab that logs in or out, or finds the server again after an outage, asks the leader to reopen
 * the stream, so that it belongs to the new session or skips its backoff; requests that arrive
 * together (every tab's offline notice going at once) reopen it once. live.ts falls back to a
 * stream per tab where BroadcastChannel is missing.
 */
import type { AssistantEvent, LiveEventName } from '#shared/live-events';
import { LIVE_ALL_PAGES } from '#shared/page-keys';
import {
  isLiveEventPayload,
  LIVE_EVENT_NAMES,
  type LiveConnection,
  type LiveEventContext,
} from './live-connection';
import type { ChannelLike, Election, Leadership } from './live-election';

export const LIVE_CHANNEL_NAME = 'creator-site live';

/** Restart requests arriving within this long of the first are one restart. */
export const RESTART_GATHER_MS = 100;

/** A tab that starts this soon after an event arrived judges it as the tabs open then did. */
export const JOIN_GRACE_MS = 2000;

type TabMessage =
  | { type: 'event'; name: LiveEventName; payload: unknown; context?: LiveEventContext }
  | { type: 'reachable'; reachable: boolean }
  /** A tab that starts asks the leader for the current state. */
  | { type: 'hello' }
  /** A tab that logged in or out asks the leader to reopen the stream for the new session. */
  | { type: 'restart' };

export interface SharedLiveDeps {
  /** Decides whether this tab leads (live-election.ts). */
  election: Election;
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
  setTimeout?: (callback: () => void, ms: number) => unknown;
  now?: () => number;
}

export interface SharedLiveConnection extends LiveConnection {
  /** Whether this tab holds the stream. */
  leads(): boolean;
  /** What the election calls when this tab gains or loses the lead (to join it again). */
  readonly leadership: Leadership;
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
  /** Each event's last payload, with what the browser knew as it arrived and when that was. */
  const latest = new Map<
    LiveEventName,
    { payload: unknown; context: LiveEventContext | undefined; at: number }
  >();
  const now = deps.now ?? Date.now;
  /** The context still to pass on with a kept event: only while it is fresh. */
  const freshContext = (kept: { context: LiveEventContext | undefined; at: number }) =>
    now() - kept.at <= JOIN_GRACE_MS ? kept.context : undefined;
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
    latest.set(name, { payload, context, at: now() });
    callHandlers(name, payload, context);
  }

  function relayLatest(): void {
    for (const [name, kept] of latest) {
      post({ type: 'event', name, payload: kept.payload, context: freshContext(kept) });
    }
  }

  function lead(): void {
    if (stream) return;
    const own = deps.createStream((reachable) => {
      if (stream !== own) return;
      deps.onReachable?.(reachable);
      post({ type: 'reachable', reachable });
    });
    for (const name of LIVE_EVENT_NAMES) {
      own.on(name, (payload) => {
        if (stream !== own) return;
        const context = deps.contextFor?.(name);
        post({ type: 'event', name, payload, context });
        receive(name, payload, context);
      });
    }
    stream = own;
    if (stopped) own.stop();
    own.setPage(LIVE_ALL_PAGES);
  }

  function unlead(): void {
    const own = stream;
    stream = null;
    own?.stop();
  }

  let restartTimer: unknown = null;
  /**
   * Closes the stream now, so nothing of the old session is delivered, and opens it again once for
   * every request that arrives meanwhile (every tab's offline notice asks at the same moment).
   */
  function restartSoon(): void {
    if (restartTimer !== null) return;
    stream?.stop();
    restartTimer = (deps.setTimeout ?? globalThis.setTimeout)(() => {
      restartTimer = null;
      if (!stopped) stream?.restart();
    }, RESTART_GATHER_MS);
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
        if (stream) restartSoon();
        break;
    }
  };

  const leadership: Leadership = { lead, unlead };
  deps.election.join(leadership);
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
      if (assistant !== undefined) {
        callHandlers('assistant', assistant.payload, freshContext(assistant));
      }
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
      if (stream) restartSoon();
      else post({ type: 'restart' });
    },
    leads: () => stream !== null,
    leadership,
  };
}
