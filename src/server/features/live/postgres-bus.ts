/**
 * The live bus across instances: every instance LISTENs on one PostgreSQL channel through a
 * dedicated connection, and a publish is a NOTIFY that reaches all of them (itself included), so
 * the streams of every instance hear about a change made on any one.
 * https://www.postgresql.org/docs/current/sql-notify.html
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '#server/db/schema';
import { changeFrom, createListenerSet, refOf, type LiveBus, type LiveChange } from './live-bus';

export const LIVE_CHANNEL = 'live';

/** The listener's application_name, so an operator (or a test) can find it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'creator-site live listener';
export const PUBLISHER_APPLICATION_NAME = 'creator-site live publisher';

/** Re-listening after a drop: quick at first (a restart is usually short), then every 10 s at most. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;
/** A notice that could not be sent is tried again this many times (about a minute in all). */
const PUBLISH_RETRIES = 8;

export function relistenDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The NOTIFY payload: only the kind and an id, never content (payloads are visible to every session
 * that listens, and capped at 8000 bytes). Receivers read the current state from storage.
 */
export function encodeChange(change: LiveChange): string {
  return JSON.stringify({ kind: change.kind, id: refOf(change) });
}

export function decodeChange(payload: string): LiveChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  if (typeof id !== 'string' || id === '') return null;
  return changeFrom(kind, id);
}

/**
 * The same notice from a process that has no app and no bus (the admin command): every instance's
 * streams hear it. Only meaningful on PostgreSQL.
 */
export async function notifyThroughDatabase(
  db: Kysely<Database>,
  change: LiveChange,
): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${encodeChange(change)})`.execute(db);
}

export interface PostgresLiveBus extends LiveBus {
  /** Resolves true once LISTEN is active, or false when that takes longer than `timeoutMs` or the bus closes. */
  listening(timeoutMs: number): Promise<boolean>;
}

type BusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export function createPostgresBus(connectionString: string, log: BusLog): PostgresLiveBus {
  const listeners = createListenerSet(log);
  // Publishing needs no session state, so it goes through a small pool and keeps working while the
  // listener reconnects.
  const publisher = new pg.Pool({
    connectionString,
    max: 2,
    idleTimeoutMillis: 30_000,
    application_name: PUBLISHER_APPLICATION_NAME,
  });
  publisher.on('error', (error) =>
    log.warn({ err: error }, 'live: an idle publish connection failed'),
  );

  const notify = (change: LiveChange) =>
    publisher.query('select pg_notify($1, $2)', [LIVE_CHANNEL, encodeChange(change)]);

  const retryTimers = new Set<NodeJS.Timeout>();
  const retryLater = (change: LiveChange, attempt: number) => {
    if (closed || attempt >= PUBLISH_RETRIES) {
      if (!closed) log.error({ change }, 'live: gave up publishing a notice');
      return;
    }
    const timer = setTimeout(
      () => {
        retryTimers.delete(timer);
        notify(change).catch(() => retryLater(change, attempt + 1));
      },
      relistenDelayMs(attempt + 2),
    );
    retryTimers.add(timer);
  };

  let listener: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let waiters: ((listening: boolean) => void)[] = [];

  function settleWaiters(listening: boolean): void {
    const settled = waiters;
    waiters = [];
    for (const settle of settled) settle(listening);
  }

  function scheduleListen(): void {
    if (closed || retryTimer) return;
    const delay = relistenDelayMs(attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, delay);
  }

  function dropped(client: pg.Client, error?: Error): void {
    if (client !== listener) return;
    listener = null;
    if (closed) return;
    log.warn({ err: error }, 'live: lost the LISTEN connection; listening again shortly');
    client.end().catch(() => undefined);
    scheduleListen();
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    // Always handled: an unhandled 'error' (e.g. the server terminating the session) would end the process.
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client));
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      const change = decodeChange(message.payload);
      if (change) listeners.deliver(change);
      else log.warn({ payload: message.payload.slice(0, 200) }, 'live: ignored a malformed notice');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'live: could not LISTEN; trying again shortly');
      scheduleListen();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    if (attempt > 0) log.info('live: listening again');
    attempt = 0;
    settleWaiters(true);
    // Notices sent while nobody listened are gone: every stream re-reads and re-sends its state.
    listeners.deliver({ kind: 'resync' });
  }

  void listen();

  return {
    async publish(change) {
      try {
        await notify(change);
      } catch (error) {
        // The change itself is already saved: a lost notice must not turn its request into a
        // failure. This instance's streams hear it now; the others when a retry gets through.
        log.error({ err: error, change }, 'live: could not publish a notice; retrying');
        listeners.deliver(change);
        retryLater(change, 0);
      }
    },
    subscribe: listeners.subscribe,
    listenerCount: listeners.size,
    listening(timeoutMs) {
      if (listener) return Promise.resolve(true);
      if (closed) return Promise.resolve(false);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== settle);
          resolve(false);
        }, timeoutMs);
        const settle = (listening: boolean) => {
          clearTimeout(timer);
          resolve(listening);
        };
        waiters.push(settle);
      });
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      settleWaiters(false);
      listeners.clear();
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => undefined), publisher.end()]);
    },
  };
}
