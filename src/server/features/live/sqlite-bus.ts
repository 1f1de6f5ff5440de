/**
 * The live bus on SQLite. In the process, a publish goes straight to the local listeners, as
 * before. So that a change made by another process on the same file (the command line, a second
 * server) is live too, every publish also writes a small row to `live_notices`, and the bus asks
 * SQLite every POLL_MS whether another connection has committed (`PRAGMA data_version`, which
 * changes only then and costs no table read). When it has, the bus reads the rows after its cursor
 * and hands on those another process wrote. https://www.sqlite.org/pragma.html#pragma_data_version
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { changeFrom, createListenerSet, refOf, type LiveBus, type LiveChange } from './live-bus';

/** How often the bus asks whether another process committed: a change shows well within a second. */
export const POLL_MS = 200;
/** Rows are read within a poll or two; older ones only take room. */
export const KEEP_MS = 60_000;
export const PRUNE_EVERY_MS = 60_000;

function rowOf(change: LiveChange, origin: string, now: Date) {
  return {
    kind: change.kind,
    ref: refOf(change),
    origin,
    created_at: now.toISOString(),
  };
}

/**
 * Writes the notice for the servers on this SQLite file, from a process that has no bus (the
 * command line). `origin` names the writer, for the logs of whoever reads it.
 */
export async function recordLiveNotice(
  db: Kysely<Database>,
  change: LiveChange,
  origin: string,
): Promise<void> {
  await db
    .insertInto('live_notices')
    .values(rowOf(change, origin, new Date()))
    .execute();
}

async function dataVersion(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return Number(rows[0]?.data_version ?? 0);
}

type BusLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface SqliteLiveBus extends LiveBus {
  /** Reads what other processes wrote since the last look (the timer calls it; tests may too). */
  poll(): Promise<void>;
}

export interface SqliteBusOptions {
  pollMs?: number;
  /** The clock for the notices' times and their pruning (tests move it). */
  now?: () => number;
}

export async function createSqliteBus(
  db: Kysely<Database>,
  log: BusLog,
  { pollMs = POLL_MS, now = Date.now }: SqliteBusOptions = {},
): Promise<SqliteLiveBus> {
  const origin = `server ${randomUUID()}`;
  const listeners = createListenerSet(log);
  const last = await db
    .selectFrom('live_notices')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  let cursor = Number(last?.id ?? 0);
  let version = await dataVersion(db);
  let polling: Promise<void> | null = null;
  let lastPrune = now();

  async function readNew(): Promise<void> {
    const seen = await dataVersion(db);
    if (seen === version) return;
    const rows = await db
      .selectFrom('live_notices')
      .select(['id', 'kind', 'ref', 'origin'])
      .where('id', '>', cursor)
      .orderBy('id')
      .execute();
    // Only once the rows are read: a read that fails is tried again at the next poll.
    version = seen;
    for (const row of rows) {
      cursor = Math.max(cursor, Number(row.id));
      if (row.origin === origin) continue;
      const change = changeFrom(row.kind, row.ref);
      if (change) listeners.deliver(change);
    }
  }

  async function prune(): Promise<void> {
    if (now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now();
    await db
      .deleteFrom('live_notices')
      .where('created_at', '<', new Date(now() - KEEP_MS).toISOString())
      .execute();
  }

  function poll(): Promise<void> {
    polling ??= readNew()
      .then(prune)
      .catch((error: unknown) => log.warn({ err: error }, 'live: reading notices failed'))
      .finally(() => {
        polling = null;
      });
    return polling;
  }

  const timer = setInterval(() => void poll(), pollMs);
  timer.unref();

  return {
    async publish(change) {
      listeners.deliver(change);
      try {
        await db
          .insertInto('live_notices')
          .values(rowOf(change, origin, new Date(now())))
          .execute();
      } catch (error) {
        // This process's streams already have it; only other processes on the file miss it.
        log.warn({ err: error }, 'live: the notice for other processes could not be written');
      }
    },
    subscribe: listeners.subscribe,
    listenerCount: listeners.size,
    poll,
    async close() {
      clearInterval(timer);
      await polling;
      listeners.clear();
    },
  };
}
