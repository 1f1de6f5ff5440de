/**
 * The election of the tab that holds the live stream where the browser has no Web Locks
 * (live-election.ts), on a simulated browser: a clock the test moves, a channel that delivers to
 * every other tab after a delay, tabs that leave (pagehide) or crash (go silent), and tabs whose
 * timers are throttled as Chromium throttles hidden tabs.
 */
import { describe, expect, test } from 'vitest';
import {
  CLAIM_WAIT_MS,
  createChannelElection,
  createLockElection,
  electionId,
  HEARTBEAT_MS,
  SILENCE_MS,
  type ChannelElection,
  type ChannelLike,
  type LockManagerLike,
} from './live-election';

interface Task {
  at: number;
  seq: number;
  run: () => void;
}

/** A clock and a timer queue; tasks run in time order as the test moves the clock. */
class Browser {
  now = 0;
  private seq = 0;
  private tasks: Task[] = [];
  private readonly channels = new Set<{ tab: Tab; channel: ChannelLike }>();
  /** How long a message takes to reach the other tabs. */
  deliveryMs = 1;
  private nextStart = 0;
  readonly tabs: Tab[] = [];

  schedule(ms: number, run: () => void): Task {
    const task = { at: this.now + Math.max(0, ms), seq: this.seq++, run };
    this.tasks.push(task);
    return task;
  }

  cancel(task: unknown): void {
    this.tasks = this.tasks.filter((entry) => entry !== task);
  }

  /** Runs every task due within `ms`, checking `each` after every one. */
  advance(ms: number, each: () => void = () => undefined): void {
    const end = this.now + ms;
    for (;;) {
      this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.tasks[0];
      if (!next || next.at > end) break;
      this.tasks.shift();
      this.now = next.at;
      next.run();
      each();
    }
    this.now = end;
  }

  /** Advances until `check` holds, at most `limitMs`; answers the time it took, or null. */
  until(check: () => boolean, limitMs: number): number | null {
    const start = this.now;
    let found: number | null = check() ? 0 : null;
    const stepEnd = start + limitMs;
    while (found === null && this.now < stepEnd) {
      this.advance(1, () => {
        if (found === null && check()) found = this.now - start;
      });
    }
    return found;
  }

  post(from: Tab, message: unknown): void {
    const copy = JSON.parse(JSON.stringify(message)) as unknown;
    for (const entry of this.channels) {
      if (entry.tab === from) continue;
      this.schedule(this.deliveryMs, () => {
        if (entry.tab.alive) entry.channel.onmessage?.({ data: copy } as MessageEvent);
      });
    }
  }

  /** A new tab, `throttledMs` the least delay its timers get (a hidden tab: 1000 or 60,000). */
  open(options: { throttledMs?: number } = {}): Tab {
    // Tabs started in the same millisecond still get ids in opening order here.
    const id = electionId(this.now * 1000 + this.nextStart++, () => 0.5);
    const tab = new Tab(this, id, options.throttledMs ?? 0);
    this.channels.add({ tab, channel: tab.channel });
    this.tabs.push(tab);
    tab.election.join({
      lead: () => {
        tab.leading = true;
        tab.leads += 1;
      },
      unlead: () => {
        tab.leading = false;
      },
    });
    return tab;
  }

  leaders(): Tab[] {
    return this.tabs.filter((tab) => tab.alive && tab.leading);
  }
}

class Tab {
  alive = true;
  leading = false;
  /** How many times it took the lead. */
  leads = 0;
  readonly channel: ChannelLike;
  readonly election: ChannelElection;

  constructor(
    private readonly browser: Browser,
    readonly id: string,
    readonly throttledMs: number,
  ) {
    this.channel = {
      onmessage: null,
      postMessage: (message) => {
        if (this.alive) browser.post(this, message);
      },
    };
    this.election = createChannelElection({
      channel: this.channel,
      id,
      setTimeout: (callback, ms) =>
        browser.schedule(Math.max(ms, this.throttledMs), () => {
          if (this.alive) callback();
        }),
      clearTimeout: (handle) => browser.cancel(handle),
    });
  }

  /** Closed: pagehide says so, then the tab is gone. */
  close(): void {
    this.election.leave();
    this.alive = false;
    this.leading = false;
  }

  /** Crashed: gone without a word. */
  crash(): void {
    this.alive = false;
    this.leading = false;
  }
}

/** Opens `count` tabs a little apart, as a person would, and lets them settle. */
function openTabs(browser: Browser, count: number): Tab[] {
  const tabs: Tab[] = [];
  for (let i = 0; i < count; i++) {
    tabs.push(browser.open());
    browser.advance(30);
  }
  browser.advance(2000);
  return tabs;
}

/** Runs the browser for `ms`, failing if two tabs ever lead at the same moment. */
function neverTwoLeaders(browser: Browser, ms: number): void {
  browser.advance(ms, () => expect(browser.leaders().length).toBeLessThanOrEqual(1));
}

test('the first tab leads once its claim went unanswered; the tabs opened after it follow it', () => {
  const browser = new Browser();
  const first = browser.open();
  const took = browser.until(() => first.leading, 1000);
  expect(took).toBeLessThanOrEqual(CLAIM_WAIT_MS + 2);
  for (let i = 0; i < 19; i++) {
    browser.open();
    browser.advance(25);
  }
  neverTwoLeaders(browser, 10_000);
  expect(browser.leaders()).toEqual([first]);
  expect(browser.tabs.filter((tab) => tab.leads > 0)).toEqual([first]);
});

test('a leader that closes hands over at once, to the oldest tab left', () => {
  const browser = new Browser();
  const [first, second, ...rest] = openTabs(browser, 20);
  first!.close();
  const took = browser.until(() => browser.leaders().length === 1, 1000);
  expect(took).toBeLessThanOrEqual(CLAIM_WAIT_MS + 5);
  expect(browser.leaders()).toEqual([second]);
  neverTwoLeaders(browser, 5000);
  expect(rest.every((tab) => tab.leads === 0)).toBe(true);
});

test('a leader that crashes is replaced within a second, by one tab', () => {
  const browser = new Browser();
  const [first, second] = openTabs(browser, 20);
  // The worst moment: just after a heartbeat went out.
  browser.until(() => false, HEARTBEAT_MS);
  first!.crash();
  const took = browser.until(() => browser.leaders().length === 1, 2000);
  expect(took).not.toBeNull();
  expect(took).toBeLessThanOrEqual(SILENCE_MS + CLAIM_WAIT_MS + 10);
  expect(took).toBeLessThan(1000);
  expect(browser.leaders()).toEqual([second]);
  neverTwoLeaders(browser, 5000);
});

test('tabs that claim at the same moment settle on the lowest id, and only it ever leads', () => {
  const browser = new Browser();
  const tabs = openTabs(browser, 20);
  const [first, ...others] = tabs;
  first!.close();
  neverTwoLeaders(browser, 3000);
  expect(browser.leaders()).toEqual([others[0]]);
  expect(others.slice(1).every((tab) => tab.leads === 0)).toBe(true);
});

test('a tab opened while another claims defers to it, though it never heard that claim', () => {
  const browser = new Browser();
  const first = browser.open();
  browser.advance(CLAIM_WAIT_MS / 2);
  const second = browser.open();
  neverTwoLeaders(browser, 3000);
  expect(browser.leaders()).toEqual([first]);
  expect(second.leads).toBe(0);
});

test('two tabs that both lead (their claims crossed on a slow channel) settle within a heartbeat', () => {
  const browser = new Browser();
  browser.deliveryMs = CLAIM_WAIT_MS + 50;
  const older = browser.open();
  const newer = browser.open();
  browser.until(() => browser.leaders().length === 2, 1000);
  expect(browser.leaders()).toEqual([older, newer]);
  browser.deliveryMs = 1;
  const took = browser.until(() => browser.leaders().length === 1, 2000);
  expect(took).toBeLessThanOrEqual(HEARTBEAT_MS + CLAIM_WAIT_MS + 50);
  expect(browser.leaders()).toEqual([older]);
  neverTwoLeaders(browser, 5000);
});

test('a leader in a hidden tab whose timers run once a minute keeps the lead: it answers every claim', () => {
  const browser = new Browser();
  const hidden = browser.open({ throttledMs: 60_000 });
  browser.until(() => hidden.leading, 200_000);
  const visible = browser.open();
  const background = browser.open({ throttledMs: 1000 });
  neverTwoLeaders(browser, 5 * 60_000);
  expect(browser.leaders()).toEqual([hidden]);
  expect(visible.leads + background.leads).toBe(0);
  // And when it does close, the visible tab takes over at once.
  hidden.close();
  expect(browser.until(() => visible.leading, 1000)).toBeLessThanOrEqual(CLAIM_WAIT_MS + 5);
});

test('a tab that left and came back (back-forward cache) follows the leader it finds', () => {
  const browser = new Browser();
  const [first, second] = openTabs(browser, 3);
  second!.election.leave();
  browser.advance(1000);
  second!.election.join({ lead: () => (second!.leading = true), unlead: () => undefined });
  neverTwoLeaders(browser, 3000);
  expect(browser.leaders()).toEqual([first]);
});

test('messages that are not the election’s are ignored', () => {
  const browser = new Browser();
  const tab = browser.open();
  browser.until(() => tab.leading, 1000);
  for (const data of [null, 'leader', { type: 'leader' }, { type: 'other', id: '0' }]) {
    tab.channel.onmessage?.({ data } as MessageEvent);
  }
  expect(tab.leading).toBe(true);
  expect(tab.election.state()).toBe('leading');
});

describe('electionId', () => {
  test('orders tabs by when they started, whatever their random part', () => {
    const earlier = electionId(1_764_000_000_000, () => 0.999);
    const later = electionId(1_764_000_000_001, () => 0);
    expect(earlier < later).toBe(true);
    expect(earlier).toMatch(/^[0-9a-z]{10}-[0-9a-z]{8}$/);
  });
});

test('with Web Locks the tab leads when the browser grants the lock, and asks once', () => {
  const asked: string[] = [];
  let grant: (() => Promise<void>) | null = null;
  const locks: LockManagerLike = {
    request(name, callback) {
      asked.push(name);
      grant = callback;
      return new Promise(() => undefined);
    },
  };
  const election = createLockElection(locks);
  let leads = 0;
  const leadership = { lead: () => (leads += 1), unlead: () => undefined };
  election.join(leadership);
  election.join(leadership);
  expect(asked).toHaveLength(1);
  expect(leads).toBe(0);
  void grant!();
  expect(leads).toBe(1);
});
