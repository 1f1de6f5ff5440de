import { expect, test } from 'vitest';
import {
  createLiveConnection,
  isAssistantEvent,
  isUserEvent,
  livePageKey,
  reconnectDelayMs,
  type EventSourceLike,
} from './live-connection';

test('reconnect backoff doubles from 1 s to at most 30 s', () => {
  const top = () => 1;
  expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => reconnectDelayMs(n, top))).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
  ]);
});

test('reconnect backoff jitters between half and all of each step', () => {
  expect(reconnectDelayMs(1, () => 0)).toBe(500);
  expect(reconnectDelayMs(3, () => 0.5)).toBe(3000);
  expect(reconnectDelayMs(30, () => 0)).toBe(15000);
  for (let i = 0; i < 100; i++) {
    const delay = reconnectDelayMs(4);
    expect(delay).toBeGreaterThanOrEqual(4000);
    expect(delay).toBeLessThanOrEqual(8000);
  }
});

test('the stream is opened for the page key of the path; unknown paths count as home', () => {
  expect(livePageKey('/')).toBe('home');
  expect(livePageKey('/indicators/portfolio')).toBe('portfolio');
  expect(livePageKey('/account/reset-password')).toBe('resetPassword');
  expect(livePageKey('/Productivity')).toBe('nowou');
  expect(livePageKey('/no/such-page')).toBe('home');
});

test('payload guards accept the server shapes and refuse others', () => {
  const user = { uid: 'u', username: 'ada', avatar: 1, adminRank: 0, email: 'a@b.c' };
  expect(isUserEvent({ user: null })).toBe(true);
  expect(isUserEvent({ user })).toBe(true);
  expect(isUserEvent({ user: { ...user, avatar: '1' } })).toBe(false);
  expect(isUserEvent({})).toBe(false);
  expect(isUserEvent(null)).toBe(false);
  const message = { id: 'm', text: 'Hi', createdAtUTC: '2026-01-01T00:00:00Z', pages: ['home'] };
  expect(isAssistantEvent({ message: null })).toBe(true);
  expect(isAssistantEvent({ message })).toBe(true);
  expect(isAssistantEvent({ message: { ...message, pages: [1] } })).toBe(false);
});

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data } as MessageEvent<string>);
    }
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function setUp() {
  const sources: FakeEventSource[] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const connection = createLiveConnection({
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    setTimeout: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    random: () => 1,
  });
  const pending = () => timers.filter((t) => !t.cleared);
  const runTimers = () => {
    for (const timer of pending()) {
      timer.cleared = true;
      timer.callback();
    }
  };
  const latest = () => sources[sources.length - 1];
  return { connection, sources, pending, runTimers, latest };
}

test('one EventSource per tab, re-opened only when the page key changes', () => {
  const { connection, sources } = setUp();
  connection.setPage('home');
  connection.setPage('home');
  expect(sources.map((s) => s.url)).toEqual(['/api/live?page=home']);
  connection.setPage('art');
  expect(sources.map((s) => s.url)).toEqual(['/api/live?page=home', '/api/live?page=art']);
  expect(sources[0]?.closed).toBe(true);
  expect(sources[1]?.closed).toBe(false);
});

test('handlers get checked payloads of their event until they unsubscribe', () => {
  const { connection, latest } = setUp();
  const seen: unknown[] = [];
  const off = connection.on('user', (payload) => seen.push(payload));
  connection.setPage('home');
  latest()?.emit('user', '{"user":null}');
  latest()?.emit('user', 'not json');
  latest()?.emit('user', '{"user":{"uid":1}}');
  latest()?.emit('assistant', '{"message":null}');
  off();
  latest()?.emit('user', '{"user":null}');
  expect(seen).toEqual([{ user: null }]);
});

test('a source the browser gave up on is replaced after a growing delay; an open resets it', () => {
  const { connection, sources, pending, runTimers, latest } = setUp();
  connection.setPage('home');
  // CONNECTING: the browser retries by itself, nothing to do.
  latest()?.fail(0);
  expect(pending()).toHaveLength(0);

  latest()?.fail(2);
  expect(pending().map((t) => t.ms)).toEqual([1000]);
  runTimers();
  latest()?.fail(2);
  expect(pending().map((t) => t.ms)).toEqual([2000]);
  runTimers();
  latest()?.fail(2);
  expect(pending().map((t) => t.ms)).toEqual([4000]);
  runTimers();
  latest()?.open();
  latest()?.fail(2);
  expect(pending().map((t) => t.ms)).toEqual([1000]);
  expect(sources).toHaveLength(4);
});

test('stop() closes the stream and cancels a pending retry until start(); restart() re-opens at once', () => {
  const { connection, sources, pending, latest } = setUp();
  const seen: unknown[] = [];
  connection.on('user', (payload) => seen.push(payload));
  connection.setPage('account');
  latest()?.fail(2);
  connection.stop();
  expect(pending()).toHaveLength(0);
  connection.setPage('home');
  expect(sources).toHaveLength(1);

  connection.start();
  expect(sources).toHaveLength(2);
  expect(latest()?.url).toBe('/api/live?page=home');

  const before = latest();
  connection.restart();
  expect(before?.closed).toBe(true);
  // Whatever the old stream still had in flight is not delivered.
  before?.emit('user', '{"user":null}');
  expect(seen).toEqual([]);
  latest()?.emit('user', '{"user":null}');
  expect(seen).toEqual([{ user: null }]);
});

test('one failing handler does not keep the event from the others', () => {
  const { connection, latest, pending } = setUp();
  const seen: unknown[] = [];
  connection.on('user', () => {
    throw new Error('handler bug');
  });
  connection.on('user', (payload) => seen.push(payload));
  connection.setPage('home');
  latest()?.emit('user', '{"user":null}');
  expect(seen).toEqual([{ user: null }]);
  // The error is rethrown from a timer, so it still reaches the error reporting.
  expect(pending()).toHaveLength(1);
});
