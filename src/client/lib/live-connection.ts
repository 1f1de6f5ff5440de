/**
 * A connection to GET /api/live (an EventSource), shared by everything in the tab that listens:
 * `connection.on('user', handler)` returns the function that stops listening. The stream is opened
 * for a page (setPage) and re-opened when the page changes. live.ts decides which tab holds one.
 *
 * Payloads are checked by small hand-written guards instead of the zod schemas in
 * #shared/live-events: this module is on Home's first load, and zod is not (only types come from
 * there). The server sends the whole current state on every connect, so a reconnect needs no replay.
 */
import type { AssistantEvent, LiveEventName, NowouEvent, UserEvent } from '#shared/live-events';
import { isPageKey, pageKeyFromPath } from '#shared/page-keys';

export interface LiveEventPayloads {
  user: UserEvent;
  assistant: AssistantEvent;
  nowou: NowouEvent;
}

/**
 * What the browser knew when an event first reached it, handed on with the event to the other tabs
 * so that every tab judges it alike (live-tabs.ts). Absent where the tab has its own stream.
 */
export interface LiveEventContext {
  /** The assistant's last-viewed time before this event arrived (docs/product/assistant.md#show-rule). */
  assistantViewedAtUTC?: string | null;
}

export type LiveHandler<N extends LiveEventName> = (
  payload: LiveEventPayloads[N],
  context?: LiveEventContext,
) => void;

/** Backoff for a stream the browser gave up on (an error answer such as 429 or 503, or no server). */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Milliseconds before attempt number `failures` (1 for the first retry): doubling from 1 s up to
 * 30 s, each picked at random between half and all of that, so tabs that lost the server together
 * do not all come back in the same instant.
 */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The page key the stream is opened for; unknown paths show Home, so they count as home. */
export function livePageKey(pathname: string): string {
  const key = pageKeyFromPath(pathname);
  return isPageKey(key) ? key : 'home';
}

export function liveUrl(pageKey: string): string {
  return `/api/live?page=${encodeURIComponent(pageKey)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUserInfo(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.uid === 'string' &&
    typeof value.username === 'string' &&
    typeof value.avatar === 'number' &&
    typeof value.adminRank === 'number'
  );
}

export function isUserEvent(value: unknown): value is UserEvent {
  return isRecord(value) && (value.user === null || isUserInfo(value.user));
}

export function isAssistantEvent(value: unknown): value is AssistantEvent {
  if (!isRecord(value)) return false;
  const { message } = value;
  if (message === null) return true;
  return (
    isRecord(message) &&
    typeof message.id === 'string' &&
    typeof message.text === 'string' &&
    typeof message.createdAtUTC === 'string' &&
    Array.isArray(message.pages) &&
    message.pages.every((page) => typeof page === 'string')
  );
}

/** One guard per event name: adding a name to LIVE_EVENTS without a guard here is a type error. */
const GUARDS: { [N in LiveEventName]: (value: unknown) => value is LiveEventPayloads[N] } = {
  user: isUserEvent,
  assistant: isAssistantEvent,
  nowou: (value): value is NowouEvent => typeof value === 'object' && value !== null,
};
export const LIVE_EVENT_NAMES = Object.keys(GUARDS) as LiveEventName[];

/** Whether `value` is a well-formed payload of the event `name` (e.g. one relayed by another tab). */
export function isLiveEventPayload<N extends LiveEventName>(
  name: N,
  value: unknown,
): value is LiveEventPayloads[N] {
  return name in GUARDS && GUARDS[name](value);
}

/** The part of EventSource this module uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveConnectionDeps {
  /** Null where the browser has no EventSource: the connection then does nothing. */
  createEventSource: ((url: string) => EventSourceLike) | null;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
  /** Told when the stream opens (true) or drops (false). */
  onReachable?: (reachable: boolean) => void;
}

/** EventSource.CLOSED: the browser will not reconnect this one by itself. */
const CLOSED = 2;

export interface LiveConnection {
  on<N extends LiveEventName>(name: N, handler: LiveHandler<N>): () => void;
  /** Opens the stream for `pageKey`, or re-opens it when the key changed. */
  setPage(pageKey: string): void;
  /**
   * Closes the stream and keeps it closed until start() (log-out stops all listeners,
   * docs/product/accounts.md#log-out).
   */
  stop(): void;
  /** Opens the stream again after stop(), for the last page set. */
  start(): void;
  /**
   * Closes and re-opens the stream now: after logging in or out, so the stream belongs to the new
   * session and nothing the old one still had in flight is delivered.
   */
  restart(): void;
}

export function createLiveConnection(deps: LiveConnectionDeps): LiveConnection {
  const handlers = new Map<LiveEventName, Set<(payload: unknown) => void>>();
  let source: EventSourceLike | null = null;
  let pageKey: string | null = null;
  let stopped = false;
  let failures = 0;
  let retryTimer: unknown = null;

  function deliver(name: LiveEventName, data: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (!GUARDS[name](payload)) return;
    for (const handler of [...(handlers.get(name) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        // One failing handler must not keep the event from the others; the error still surfaces.
        deps.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  function cancelRetry(): void {
    if (retryTimer !== null) deps.clearTimeout(retryTimer);
    retryTimer = null;
  }

  function close(): void {
    cancelRetry();
    if (!source) return;
    source.onopen = null;
    source.onerror = null;
    source.close();
    source = null;
  }

  function open(): void {
    close();
    if (stopped || pageKey === null || !deps.createEventSource) return;
    const opened = deps.createEventSource(liveUrl(pageKey));
    source = opened;
    for (const name of LIVE_EVENT_NAMES) {
      opened.addEventListener(name, (event) => {
        if (source === opened) deliver(name, event.data);
      });
    }
    opened.onopen = () => {
      failures = 0;
      deps.onReachable?.(true);
    };
    opened.onerror = () => {
      if (source === opened) deps.onReachable?.(false);
      // While CONNECTING the browser retries by itself (after the server's `retry:`); CLOSED means
      // it gave up (an error status or a wrong content type), so a new one is made after a backoff.
      if (source !== opened || opened.readyState !== CLOSED) return;
      close();
      failures += 1;
      retryTimer = deps.setTimeout(
        () => {
          retryTimer = null;
          open();
        },
        reconnectDelayMs(failures, deps.random),
      );
    };
  }

  return {
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      // A wrapper per call: the same function subscribed twice needs two unsubscribes.
      const entry = (payload: unknown) => handler(payload as LiveEventPayloads[typeof name]);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    setPage(next) {
      if (next === pageKey && (source || retryTimer !== null)) return;
      pageKey = next;
      open();
    },
    stop() {
      stopped = true;
      close();
    },
    start() {
      if (!stopped && (source || retryTimer !== null)) return;
      stopped = false;
      failures = 0;
      open();
    },
    restart() {
      stopped = false;
      failures = 0;
      open();
    },
  };
}
