/**
 * The fan-out between the code that changes something and the open /api/live streams
 * (docs/architecture.md#how-a-live-event-flows): on SQLite in-process, plus rows in live_notices
 * for the other processes on the file (sqlite-bus.ts); through PostgreSQL LISTEN/NOTIFY when
 * DATABASE_URL is set (postgres-bus.ts), so a change on any instance reaches the streams of every
 * instance. A notice carries only ids: each instance reads the current state from storage before sending it.
 */
import type { FastifyBaseLogger } from 'fastify';

/** What changed: published by the code that made the change, after its write committed. */
export type LiveChange =
  | { kind: 'user'; userId: string }
  | { kind: 'assistant'; messageId: string }
  /** The user's Nowou items changed on the server: their devices pull. */
  | { kind: 'nowou'; userId: string }
  /** The owner published the site's words: every instance serves the new pages (features/content). */
  | { kind: 'content'; version: number };

/** The id a notice carries: the user's, the assistant message's, or the content version. */
export function refOf(change: LiveChange): string {
  if (change.kind === 'content') return String(change.version);
  return change.kind === 'assistant' ? change.messageId : change.userId;
}

/** The change a kind and an id name, or null for a kind this version does not know. */
export function changeFrom(kind: unknown, ref: string): LiveChange | null {
  if (kind === 'user' || kind === 'nowou') return { kind, userId: ref };
  if (kind === 'assistant') return { kind, messageId: ref };
  if (kind === 'content' && /^\d+$/.test(ref)) return { kind, version: Number(ref) };
  return null;
}

/**
 * What listeners receive: a change, or `resync` when notices may have been lost (the bus lost its
 * PostgreSQL connection for a while); a stream answers a resync by sending its current state again.
 */
export type LiveNotice = LiveChange | { kind: 'resync' };

export type LiveListener = (notice: LiveNotice) => void;

export interface LiveBus {
  publish(change: LiveChange): Promise<void>;
  /** Returns the function that removes the listener. */
  subscribe(listener: LiveListener): () => void;
  /** Listeners currently attached (tests check that closed streams leave none behind). */
  listenerCount(): number;
  close(): Promise<void>;
}

/** The listeners of one process; one listener that throws never keeps the notice from the others. */
export function createListenerSet(log?: Pick<FastifyBaseLogger, 'error'>) {
  const listeners = new Set<LiveListener>();
  return {
    deliver(notice: LiveNotice): void {
      for (const listener of [...listeners]) {
        try {
          listener(notice);
        } catch (error) {
          log?.error({ err: error, notice }, 'a live listener failed');
        }
      }
    },
    subscribe(listener: LiveListener): () => void {
      // A wrapper per subscription: subscribing the same function twice needs two removals.
      const entry: LiveListener = (notice) => listener(notice);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    size: () => listeners.size,
    clear: () => listeners.clear(),
  };
}
