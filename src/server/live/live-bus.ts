/**
 * The fan-out between the code that changes something and the open /api/live streams (DESIGN.md
 * "live fan-out"): in-process on SQLite; through PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set,
 * so a change on any instance reaches the streams of every instance. A notice carries only ids:
 * each instance reads the current state from storage before sending it.
 */
export type LiveNotice =
  { kind: 'user'; userId: string } | { kind: 'assistant'; messageId: string };

export type LiveListener = (notice: LiveNotice) => void;

export interface LiveBus {
  publish(notice: LiveNotice): Promise<void>;
  /** Returns the function that removes the listener. */
  subscribe(listener: LiveListener): () => void;
  /** Listeners currently attached (tests check that closed streams leave none behind). */
  listenerCount(): number;
  close(): Promise<void>;
}

/** One process: a set of listeners. */
export function createInProcessBus(): LiveBus {
  const listeners = new Set<LiveListener>();
  return {
    async publish(notice) {
      for (const listener of [...listeners]) listener(notice);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
    async close() {
      listeners.clear();
    },
  };
}
