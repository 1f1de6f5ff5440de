/**
 * A scheduled end seen by a feed whose timer fires a moment before Date.now() reaches it (Node's
 * timers may, by a millisecond): the message is sent once and taken down at its end, never sent
 * again and left up.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { AssistantEvent, AssistantMessage } from '#shared/live-events';
import { createAssistantFeed } from './assistant-feed';
import type { LiveBus } from './live-bus';

const bus: LiveBus = {
  publish: async () => {},
  subscribe: () => () => {},
  listenerCount: () => 0,
  close: async () => {},
};

afterEach(() => {
  vi.useRealTimers();
});

test('a timer that fires early does not send the ended message again; the message leaves at its end', async () => {
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z') });
  const endsAt = Date.now() + 1_500;
  const message: AssistantMessage = {
    id: '5ea9873b-5e61-479f-9dfc-31560767a0b0',
    text: 'Until the end',
    createdAtUTC: new Date().toISOString(),
    pages: ['music'],
  };
  // The clock the feed reads lags the timers' by a millisecond once the timer is armed.
  const timersNow = Date.now;
  let lag = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => timersNow() - lag);
  const feed = createAssistantFeed(
    bus,
    async () => (Date.now() < endsAt ? message : null),
    { error: () => {} },
    async () => (Date.now() < endsAt ? new Date(endsAt) : null),
  );
  const received: AssistantEvent[] = [];
  feed.follow({
    pageKey: 'music',
    sendAssistant: (event) => received.push(event),
    assistantUnreadable: () => {},
  });
  await vi.advanceTimersByTimeAsync(10);
  lag = 1;
  await vi.advanceTimersByTimeAsync(1_600);
  feed.close();
  expect(received).toEqual([{ message }, { message: null }]);
});
