/**
 * The tabs of one browser share one live stream: tabs here are connections on real
 * BroadcastChannels (Node has them), chosen to lead by a lock manager that grants one holder at a
 * time, as the browser's Web Locks do, and hands the lock on when its holder goes; or, as on a page
 * without Web Locks, by the election over a channel (live-election.ts, tested on its own there).
 */
import { afterEach, expect, test } from 'vitest';
import type { AssistantEvent, AssistantMessage, LiveEventName } from '#shared/live-events';
import type { LiveConnection, LiveEventContext } from './live-connection';
import {
  createChannelElection,
  createLockElection,
  electionId,
  LIVE_ELECTION_CHANNEL_NAME,
  type Election,
  type LockManagerLike,
} from './live-election';
import {
  assistantForPage,
  createSharedLiveConnection,
  JOIN_GRACE_MS,
  LIVE_CHANNEL_NAME,
  RESTART_GATHER_MS,
  type SharedLiveConnection,
} from './live-tabs';

/** One holder at a time; the next in line gets the lock when the holder is released. */
class Locks implements LockManagerLike {
  private readonly queue: { callback: () => Promise<void>; tab: number }[] = [];
  private holder: number | null = null;
  nextTab = 0;
  /** The tab whose connection is being made (it asks for the lock as it starts). */
  opening = 0;

  request(_name: string, callback: () => Promise<void>): Promise<unknown> {
    this.queue.push({ callback, tab: this.opening });
    this.grant();
    return new Promise(() => undefined);
  }

  release(tab: number): void {
    const waiting = this.queue.findIndex((entry) => entry.tab === tab);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    if (this.holder === tab) {
      this.holder = null;
      this.grant();
    }
  }

  private grant(): void {
    if (this.holder !== null) return;
    const next = this.queue.shift();
    if (!next) return;
    this.holder = next.tab;
    void next.callback();
  }
}

/** A stream the test drives: what the server would send, and what it was asked to do. */
interface FakeStream extends LiveConnection {
  page: string | null;
  restarts: number;
  stopped: boolean;
  emit(name: LiveEventName, payload: unknown): void;
}

function fakeStream(): FakeStream {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const stream: FakeStream = {
    page: null,
    restarts: 0,
    stopped: false,
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as (payload: unknown) => void]);
      return () => undefined;
    },
    setPage(page) {
      stream.page = page;
    },
    stop() {
      stream.stopped = true;
    },
    start() {
      stream.stopped = false;
    },
    restart() {
      stream.stopped = false;
      stream.restarts += 1;
    },
    emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) handler(payload);
    },
  };
  return stream;
}

interface Tab {
  id: number;
  connection: SharedLiveConnection;
  election: Election;
  channel: BroadcastChannel;
  streams: FakeStream[];
  seen: { name: LiveEventName; payload: unknown }[];
  contexts: (LiveEventContext | undefined)[];
}

const channels: BroadcastChannel[] = [];
const elections: Election[] = [];
/** The tabs' clock when a test sets it; else the real one. */
let fakeNow: number | null = null;
afterEach(() => {
  // Left armed, an election's real timer would post on its closed channel during a later file.
  for (const election of elections.splice(0)) election.leave();
  for (const channel of channels.splice(0)) channel.close();
  fakeNow = null;
});

/** Where the browser has no Web Locks: the channel's election, with real timers. */
const NO_LOCKS = 'no locks';
let channelTabs = 0;

function openTab(
  locks: Locks | typeof NO_LOCKS,
  page: string,
  viewed: () => string | null = () => null,
): Tab {
  let id: number;
  let election: Election;
  if (locks === NO_LOCKS) {
    id = channelTabs++;
    const electionChannel = new BroadcastChannel(LIVE_ELECTION_CHANNEL_NAME);
    channels.push(electionChannel);
    election = createChannelElection({
      channel: electionChannel,
      id: electionId(Date.now(), Math.random).replace(/-.*/, `-${String(id).padStart(8, '0')}`),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    });
  } else {
    id = locks.nextTab++;
    locks.opening = id;
    election = createLockElection(locks);
  }
  elections.push(election);
  const channel = new BroadcastChannel(LIVE_CHANNEL_NAME);
  channels.push(channel);
  const streams: FakeStream[] = [];
  const connection = createSharedLiveConnection({
    contextFor: (name) => (name === 'assistant' ? { assistantViewedAtUTC: viewed() } : {}),
    now: () => fakeNow ?? Date.now(),
    election,
    channel,
    createStream: () => {
      const stream = fakeStream();
      streams.push(stream);
      return stream;
    },
  });
  const seen: Tab['seen'] = [];
  const contexts: Tab['contexts'] = [];
  connection.on('user', (payload) => seen.push({ name: 'user', payload }));
  connection.on('assistant', (payload, context) => {
    seen.push({ name: 'assistant', payload });
    contexts.push(context);
  });
  connection.setPage(page);
  connection.start();
  return { id, connection, election, channel, streams, seen, contexts };
}

function closeTab(locks: Locks | typeof NO_LOCKS, tab: Tab): void {
  // pagehide: the channel's election hands the lead on; a lock goes with the document.
  tab.election.leave();
  tab.channel.close();
  if (locks !== NO_LOCKS) locks.release(tab.id);
}

const message: AssistantMessage = {
  id: 'm1',
  text: 'New track out',
  createdAtUTC: '2026-11-25T10:00:00.000Z',
  pages: ['music'],
};

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

const lastAssistant = (tab: Tab) =>
  tab.seen.filter((entry) => entry.name === 'assistant').at(-1)?.payload as AssistantEvent;

test('the first tab leads and opens the one stream, for every page; the others open none', () => {
  const locks = new Locks();
  const first = openTab(locks, 'home');
  const second = openTab(locks, 'music');
  expect(first.connection.leads()).toBe(true);
  expect(first.streams.map((stream) => stream.page)).toEqual(['all']);
  expect(second.connection.leads()).toBe(false);
  expect(second.streams).toEqual([]);
});

test('each tab keeps the assistant message only for its own page, and every tab gets the user', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'home');
  const music = openTab(locks, 'music');
  const art = openTab(locks, 'art');
  const stream = leader.streams[0]!;
  stream.emit('user', { user: null });
  stream.emit('assistant', { message });
  await until(() => lastAssistant(music) !== undefined && lastAssistant(art) !== undefined);
  expect(lastAssistant(music)).toEqual({ message });
  expect(lastAssistant(art)).toEqual({ message: null });
  expect(lastAssistant(leader)).toEqual({ message: null });
  for (const tab of [leader, music, art]) {
    expect(tab.seen.find((entry) => entry.name === 'user')?.payload).toEqual({ user: null });
  }
});

test('every tab judges a message by what the browser knew when it arrived, read once by the leader', async () => {
  const locks = new Locks();
  let viewed: string | null = '2026-11-01T00:00:00.000Z';
  const leader = openTab(locks, 'music', () => viewed);
  const other = openTab(locks, 'music', () => 'read by the wrong tab');
  leader.streams[0]!.emit('assistant', { message });
  // The leader's tab records the message as viewed as it shows it; the other tab must not see that.
  viewed = message.createdAtUTC;
  await until(() => other.contexts.length > 0);
  expect(leader.contexts.at(-1)).toEqual({ assistantViewedAtUTC: '2026-11-01T00:00:00.000Z' });
  expect(other.contexts[0]).toEqual({ assistantViewedAtUTC: '2026-11-01T00:00:00.000Z' });
});

test('a tab opened later gets the current state from the leader', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'home');
  leader.streams[0]!.emit('assistant', { message });
  const late = openTab(locks, 'music');
  await until(() => lastAssistant(late) !== undefined);
  expect(lastAssistant(late)).toEqual({ message });
});

test('a tab opened just as a message arrives judges it as the open tabs did; one opened later by what the browser knows then', async () => {
  const locks = new Locks();
  fakeNow = 1_000_000;
  const leader = openTab(locks, 'home', () => '2026-11-01T00:00:00.000Z');
  leader.streams[0]!.emit('assistant', { message });
  fakeNow += JOIN_GRACE_MS;
  const soon = openTab(locks, 'music');
  await until(() => soon.contexts.length > 0);
  expect(lastAssistant(soon)).toEqual({ message });
  expect(soon.contexts[0]).toEqual({ assistantViewedAtUTC: '2026-11-01T00:00:00.000Z' });
  fakeNow += 1;
  const late = openTab(locks, 'music');
  await until(() => late.contexts.length > 0);
  expect(lastAssistant(late)).toEqual({ message });
  expect(late.contexts[0]).toBeUndefined();
  // Coming to the message's page: the same, by the time the message arrived.
  leader.connection.setPage('music');
  expect(leader.contexts.at(-1)).toBeUndefined();
});

test('a tab that comes to the message’s page as it arrives judges it as the open tabs did', () => {
  const locks = new Locks();
  fakeNow = 1_000_000;
  const leader = openTab(locks, 'home', () => '2026-11-01T00:00:00.000Z');
  leader.streams[0]!.emit('assistant', { message });
  fakeNow += 500;
  leader.connection.setPage('music');
  expect(lastAssistant(leader)).toEqual({ message });
  expect(leader.contexts.at(-1)).toEqual({ assistantViewedAtUTC: '2026-11-01T00:00:00.000Z' });
});

test('when the leader goes, the next tab opens the stream and the others hear it', async () => {
  const locks = new Locks();
  const first = openTab(locks, 'home');
  const second = openTab(locks, 'music');
  const third = openTab(locks, 'music');
  closeTab(locks, first);
  expect(second.connection.leads()).toBe(true);
  expect(second.streams.map((stream) => stream.page)).toEqual(['all']);
  expect(third.streams).toEqual([]);
  second.streams[0]!.emit('assistant', { message });
  await until(() => lastAssistant(third) !== undefined);
  expect(lastAssistant(third)).toEqual({ message });
});

test('a tab that logs in or out has the leader reopen the stream for the new session', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'home');
  const other = openTab(locks, 'about');
  other.connection.restart();
  // Closed at once, so nothing more of the old session arrives; open again shortly after.
  await until(() => leader.streams[0]!.stopped);
  await until(() => leader.streams[0]!.restarts === 1);
  expect(leader.streams[0]!.stopped).toBe(false);
});

test('restarts asked for by every tab at once (the offline notices after an outage) reopen the stream once', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'home');
  const others = Array.from({ length: 8 }, () => openTab(locks, 'about'));
  leader.connection.restart();
  for (const tab of others) tab.connection.restart();
  await new Promise((resolve) => setTimeout(resolve, RESTART_GATHER_MS * 4));
  expect(leader.streams[0]!.restarts).toBe(1);
  // A later request is a new restart.
  others[0]!.connection.restart();
  await until(() => leader.streams[0]!.restarts === 2);
});

test('a restart that comes while the leader’s own tab is logging out leaves the stream closed', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'home');
  const other = openTab(locks, 'about');
  other.connection.restart();
  leader.connection.stop();
  await new Promise((resolve) => setTimeout(resolve, RESTART_GATHER_MS * 3));
  expect(leader.streams[0]!.restarts).toBe(0);
  expect(leader.streams[0]!.stopped).toBe(true);
  leader.connection.restart();
  await until(() => leader.streams[0]!.restarts === 1);
});

test('without Web Locks the tabs elect one to open the stream; when it closes the next takes over', async () => {
  const first = openTab(NO_LOCKS, 'home');
  await until(() => first.connection.leads());
  const second = openTab(NO_LOCKS, 'music');
  const third = openTab(NO_LOCKS, 'music');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(first.streams.map((stream) => stream.page)).toEqual(['all']);
  expect([second, third].map((tab) => tab.connection.leads())).toEqual([false, false]);
  expect(second.streams.length + third.streams.length).toBe(0);

  const closedAt = Date.now();
  closeTab(NO_LOCKS, first);
  expect(first.streams[0]!.stopped).toBe(true);
  await until(() => second.connection.leads());
  expect(Date.now() - closedAt).toBeLessThan(1000);
  expect(third.streams).toEqual([]);
  second.streams[0]!.emit('assistant', { message });
  await until(() => lastAssistant(third) !== undefined);
  expect(lastAssistant(third)).toEqual({ message });
});

test('a tab that loses the lead to another closes its stream, and takes the relayed events after', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'music');
  const other = openTab(locks, 'music');
  leader.connection.leadership.unlead();
  expect(leader.connection.leads()).toBe(false);
  expect(leader.streams[0]!.stopped).toBe(true);
  // Its old stream's late events are not relayed any more.
  leader.streams[0]!.emit('assistant', { message });
  other.connection.leadership.lead();
  other.streams[0]!.emit('assistant', { message: { ...message, id: 'm2' } });
  await until(() => lastAssistant(leader) !== undefined);
  expect(lastAssistant(leader)?.message?.id).toBe('m2');
  expect(other.seen.filter((entry) => entry.name === 'assistant')).toHaveLength(1);
});

test('moving to another page shows that page’s state of the message at once', async () => {
  const locks = new Locks();
  const leader = openTab(locks, 'home');
  leader.streams[0]!.emit('assistant', { message });
  expect(lastAssistant(leader)).toEqual({ message: null });
  leader.connection.setPage('music');
  expect(lastAssistant(leader)).toEqual({ message });
});

test('a message without pages, or a tab without a page yet, shows nothing', () => {
  expect(assistantForPage({ message: { ...message, pages: [] } }, 'music')).toEqual({
    message: null,
  });
  expect(assistantForPage({ message }, null)).toEqual({ message: null });
});
