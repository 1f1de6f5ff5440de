/**
 * Puts the live fan-out on the app as `app.live` (see live-bus.ts): LISTEN/NOTIFY when the
 * storage is PostgreSQL (several instances may share it); on SQLite in-process, plus the
 * live_notices rows that carry changes made by other processes on the file (sqlite-bus.ts).
 * Code that changes what a stream shows publishes a notice after its write commits:
 * `await app.live.publish({ kind: 'user', userId })`.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_HEARTBEAT_MS } from '#shared/live-events';
import type { LiveBus } from './live-bus';
import { createPostgresBus } from './postgres-bus';
import { createSqliteBus } from './sqlite-bus';

/** Open /api/live streams one address may hold: a few tabs per person behind one NAT, not a flood. */
export const MAX_STREAMS_PER_ADDRESS = 20;
/** Open streams one signed-in account may hold: one per browser, on many devices, not a flood. */
export const MAX_STREAMS_PER_ACCOUNT = 20;

/** The soft limit on open files when it cannot be read (the common default). */
const ASSUMED_OPEN_FILES = 1024;

/**
 * This process's limit on open files, from /proc/self/limits (Linux; Node raises the soft limit to
 * the hard one at start), or the common default where it cannot be read.
 */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1]?.trim();
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    const value = Number(soft);
    return Number.isInteger(value) && value > 0 ? value : ASSUMED_OPEN_FILES;
  } catch {
    return ASSUMED_OPEN_FILES;
  }
}

/**
 * Open streams this process may hold: each is a file descriptor, so the cap stays below the
 * open-files limit with room for the database, static files and ordinary requests (a tenth of the
 * limit, at least 256). Past it a new stream is answered 503 with Retry-After.
 */
export function defaultMaxStreams(limit = openFilesLimit()): number {
  return Math.max(1, limit - Math.max(256, Math.floor(limit / 10)));
}

/** How long start-up waits for the first LISTEN before going on (it keeps trying in the background). */
const FIRST_LISTEN_WAIT_MS = 5_000;

export interface LiveStreamSettings {
  /** Milliseconds between heartbeat comments on an idle stream. */
  heartbeatMs: number;
  /** Open streams per client address (an IPv4 address or an IPv6 /64); one more is answered 429. */
  maxStreamsPerAddress: number;
  /** Open streams per signed-in account; one more is answered 429. */
  maxStreamsPerAccount: number;
  /** Open streams in this process; one more is answered 503 with Retry-After. */
  maxStreams: number;
}

export type LiveOptions = Partial<LiveStreamSettings>;

/** What the open streams of this instance hold, filled in by the live routes (tests read it). */
export interface LiveStreamCounts {
  open: () => number;
  assistantFollowers: () => number;
  /** Streams filed under their user, or waiting for their first read to say whose they are. */
  filedByOwner: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveBus;
    liveStreamSettings: LiveStreamSettings;
    liveStreamCounts: LiveStreamCounts;
  }
}

export const livePlugin = fp(
  async (app: FastifyInstance, options: LiveOptions) => {
    const { databaseUrl } = app.config;
    let bus: LiveBus;
    if (databaseUrl) {
      const postgresBus = createPostgresBus(databaseUrl, app.log);
      if (!(await postgresBus.listening(FIRST_LISTEN_WAIT_MS))) {
        app.log.error('live: not listening on PostgreSQL yet; live updates wait until it answers');
      }
      bus = postgresBus;
    } else {
      bus = await createSqliteBus(app.db, app.log);
    }
    app.decorate('live', bus);
    app.decorate('liveStreamSettings', {
      heartbeatMs: options.heartbeatMs ?? LIVE_HEARTBEAT_MS,
      maxStreamsPerAddress: options.maxStreamsPerAddress ?? MAX_STREAMS_PER_ADDRESS,
      maxStreamsPerAccount: options.maxStreamsPerAccount ?? MAX_STREAMS_PER_ACCOUNT,
      maxStreams: options.maxStreams ?? defaultMaxStreams(),
    });
    app.decorate('liveStreamCounts', {
      open: () => 0,
      assistantFollowers: () => 0,
      filedByOwner: () => 0,
    });
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'live', dependencies: ['db'] },
);
