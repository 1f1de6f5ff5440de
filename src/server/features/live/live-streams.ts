/**
 * The open /api/live streams of one app, and each stream's state. There may be tens of thousands
 * open for hours, so a stream is one small object: no closures of its own, one bus listener for all
 * streams (which hands a user's notice only to that user's streams), one heartbeat timer, and the
 * assistant's message read once per change for all of them (assistant-feed.ts).
 *
 * A stream is re-checked at every read: the session is looked up once when it opens, and afterwards
 * the session's row is read again each time, so a log-out (the row deleted) or an expiry turns the
 * next `user` event into `{user: null}` while the stream stays open.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  LIVE_EVENTS,
  userEventSchema,
  type AssistantEvent,
  type UserEvent,
} from '#shared/live-events';
import type { ActiveSession } from '#server/app-types';
import type { Database } from '#server/db/schema';
import { userInfoForSession } from '#server/features/accounts/accounts.service';
import type { AssistantFeed, AssistantFollower } from './assistant-feed';
import type { LiveBus, LiveNotice } from './live-bus';
import { openSseStream, type SseCloseListener, type SseStream } from './sse-stream';

/** A resync's re-reads are spread over this long, so storage is not asked by every stream at once. */
const RESYNC_SPREAD_MS = 1000;

interface HubContext {
  db: Kysely<Database>;
  streams: Set<LiveStream>;
  release: (place: StreamPlace) => void;
  log: Pick<FastifyBaseLogger, 'error'>;
  feed: AssistantFeed;
  /** The streams waiting for their owner, and each owner's streams. */
  ownerUnknown: Set<LiveStream>;
  byUser: Map<string, Set<LiveStream>>;
}

class LiveStream implements AssistantFollower, SseCloseListener {
  sse!: SseStream;
  /** The session's token hash once the first read found it; null when signed out. */
  private tokenHash: string | null | undefined = undefined;
  private firstSession: Promise<ActiveSession | null> | null;
  private userId: string | null = null;
  private reading = false;
  private readAgain = false;
  private resyncTimer: NodeJS.Timeout | undefined = undefined;

  constructor(
    private readonly hub: HubContext,
    private readonly place: StreamPlace,
    session: Promise<ActiveSession | null>,
    /** The page key the assistant's message is sent for, or null for no assistant events. */
    readonly pageKey: string,
  ) {
    this.firstSession = session;
  }

  /** Sends the user state now, or once more right after the read under way. */
  sendUser(): void {
    if (this.reading) this.readAgain = true;
    else void this.readUserLoop();
  }

  private async readUserLoop(): Promise<void> {
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        await this.readAndSendUser();
      } while (this.readAgain && !this.sse.closed);
    } finally {
      this.reading = false;
    }
  }

  private async readAndSendUser(): Promise<void> {
    if (this.sse.closed) return;
    let event: UserEvent;
    try {
      event = userEventSchema.parse({ user: await this.readUser() });
    } catch (error) {
      // A stream that cannot read its state ends; the client reconnects and reads it again.
      this.hub.log.error({ err: error }, 'live: could not read the user state');
      this.sse.end();
      return;
    }
    this.sse.send(LIVE_EVENTS.user, event);
  }

  private async readUser() {
    if (this.tokenHash === undefined) {
      const active = await this.firstSession;
      this.firstSession = null;
      this.tokenHash = active?.session.token_hash ?? null;
    }
    const info =
      this.tokenHash === null ? null : await userInfoForSession(this.hub.db, this.tokenHash);
    if (!info) this.tokenHash = null;
    this.setOwner(info ? info.uid : null);
    return info;
  }

  /** Files the stream under its owner, so only notices about that user reach it from now on. */
  private setOwner(userId: string | null): void {
    const { ownerUnknown, byUser } = this.hub;
    if (ownerUnknown.delete(this) === false && userId === this.userId) return;
    if (this.userId !== null) removeFrom(byUser, this.userId, this);
    this.userId = userId;
    if (userId !== null) addTo(byUser, userId, this);
  }

  resync(): void {
    this.resyncTimer ??= setTimeout(() => {
      this.resyncTimer = undefined;
      this.sendUser();
    }, Math.random() * RESYNC_SPREAD_MS);
  }

  /** Tells the user's devices that their Nowou items changed; they pull what is new. */
  sendNowou(): void {
    this.sse.send(LIVE_EVENTS.nowou, {});
  }

  sendAssistant(event: AssistantEvent): void {
    this.sse.send(LIVE_EVENTS.assistant, event);
  }

  assistantUnreadable(): void {
    this.sse.end();
  }

  /** Forgets the stream everywhere once it closed. */
  sseClosed(): void {
    clearTimeout(this.resyncTimer);
    this.hub.streams.delete(this);
    this.hub.release(this.place);
    this.hub.ownerUnknown.delete(this);
    if (this.userId !== null) removeFrom(this.hub.byUser, this.userId, this);
    this.hub.feed.unfollow(this);
  }
}

function addTo(index: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
  const set = index.get(key) ?? new Set<LiveStream>();
  set.add(stream);
  index.set(key, set);
}

function removeFrom(index: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) index.delete(key);
}

/** Where a stream counts against the caps: its client address and, when signed in, its account. */
export interface StreamPlace {
  address: string;
  accountId: string | null;
}

export interface LiveStreams {
  /**
   * Reserves a place for a new stream: `process` when this process holds its maximum, `address`
   * when the address does, `account` when the signed-in account does; otherwise `ok`.
   */
  reserve(place: StreamPlace): 'ok' | 'process' | 'address' | 'account';
  /** Gives back a place reserved but never used (the stream did not open). */
  release(place: StreamPlace): void;
  /**
   * Starts serving an opened stream: the user state now and after every change to that user, and,
   * with a page key, the assistant's message for it.
   */
  serve(
    request: IncomingMessage,
    response: ServerResponse,
    place: StreamPlace,
    session: Promise<ActiveSession | null>,
    pageKey: string | undefined,
  ): void;
  size(): number;
  /** Streams filed under their user or waiting for their owner (tests check none is left behind). */
  filedByOwner(): number;
  heartbeatAll(): void;
  endAll(): void;
  close(): void;
}

export function createLiveStreams(options: {
  db: Kysely<Database>;
  bus: LiveBus;
  feed: AssistantFeed;
  log: Pick<FastifyBaseLogger, 'error'>;
  maxPerAddress: number;
  maxPerAccount: number;
  maxStreams: number;
}): LiveStreams {
  const { bus, feed, maxPerAddress, maxPerAccount, maxStreams } = options;
  const perAddress = new Map<string, number>();
  const perAccount = new Map<string, number>();
  let reserved = 0;
  const streams = new Set<LiveStream>();
  const down = (counts: Map<string, number>, key: string) => {
    const count = (counts.get(key) ?? 0) - 1;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  };
  const release = ({ address, accountId }: StreamPlace) => {
    reserved -= 1;
    down(perAddress, address);
    if (accountId !== null) down(perAccount, accountId);
  };
  const hub: HubContext = {
    db: options.db,
    streams,
    release,
    log: options.log,
    feed,
    ownerUnknown: new Set(),
    byUser: new Map(),
  };
  const onNotice = (notice: LiveNotice) => {
    if (notice.kind === 'resync') {
      for (const stream of streams) stream.resync();
    } else if (notice.kind === 'user') {
      // Until its first read says whose stream it is, every user notice counts for it.
      for (const stream of [...hub.ownerUnknown, ...(hub.byUser.get(notice.userId) ?? [])]) {
        stream.sendUser();
      }
    } else if (notice.kind === 'nowou') {
      // Only streams known to be this user's: one whose owner is not read yet gets its state anyway.
      for (const stream of hub.byUser.get(notice.userId) ?? []) stream.sendNowou();
    }
  };
  const unsubscribe = bus.subscribe(onNotice);

  return {
    reserve({ address, accountId }) {
      if (reserved >= maxStreams) return 'process';
      const fromAddress = perAddress.get(address) ?? 0;
      if (fromAddress >= maxPerAddress) return 'address';
      const ofAccount = accountId === null ? 0 : (perAccount.get(accountId) ?? 0);
      if (ofAccount >= maxPerAccount) return 'account';
      reserved += 1;
      perAddress.set(address, fromAddress + 1);
      if (accountId !== null) perAccount.set(accountId, ofAccount + 1);
      return 'ok';
    },
    release,
    serve(request, response, place, session, pageKey) {
      const stream = new LiveStream(hub, place, session, pageKey ?? '');
      streams.add(stream);
      hub.ownerUnknown.add(stream);
      stream.sse = openSseStream(request, response, stream);
      stream.sendUser();
      if (pageKey) feed.follow(stream);
    },
    size: () => streams.size,
    filedByOwner() {
      let filed = hub.ownerUnknown.size;
      for (const set of hub.byUser.values()) filed += set.size;
      return filed;
    },
    heartbeatAll() {
      for (const stream of streams) stream.sse.heartbeat();
    },
    endAll() {
      for (const stream of [...streams]) stream.sse.end();
    },
    close() {
      unsubscribe();
    },
  };
}
