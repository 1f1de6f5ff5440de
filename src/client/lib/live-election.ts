/**
 * Which tab of the browser holds the live stream (live-tabs.ts). Two ways to choose it, one per
 * kind of page (docs/architecture.md#how-a-live-event-flows):
 *
 * - With Web Locks (HTTPS, or localhost): every tab asks for one lock and the holder leads. The
 *   browser guarantees one holder, and hands the lock on the moment the holder closes or its
 *   renderer crashes, with no timers running in background tabs. Where it exists it is the better
 *   tool, so it is kept.
 * - Without them (the Web Locks API exists only in secure contexts, so a site on plain HTTP reached
 *   by a host name or a LAN address has none, and that is exactly where the six-connection limit of
 *   HTTP/1.1 bites), an election over a BroadcastChannel, which needs no secure context. The
 *   leader says so on the channel every HEARTBEAT_MS. A tab that starts, or has heard nothing for
 *   SILENCE_MS, claims the lead; a living leader answers a claim from its message handler at once,
 *   which Chromium does not throttle in background tabs (only their timers, to once a second or
 *   once a minute), so a leader in a hidden tab is not mistaken for a dead one. A leader that leaves
 *   (pagehide, freeze) says so and every follower claims at once. Claims settle by id: with no
 *   leader's answer within CLAIM_WAIT_MS the lowest id among the claimers leads and the others back
 *   off. Should two tabs still both lead (a claim lost to a busy tab), each hears the other's next
 *   heartbeat and the higher id steps down, so two streams never last longer than a heartbeat.
 *   Ids begin with the time the tab started, so the older tab wins a tie and a lead stays put.
 *   Worst case from a crash to a new leader: SILENCE_MS + CLAIM_WAIT_MS.
 */

/** What a tab does when it gains or loses the lead. */
export interface Leadership {
  lead(): void;
  /** Only the channel election ever takes the lead back (another tab won a tie). */
  unlead(): void;
}

export interface Election {
  /** Starts taking part (again, after leave()). */
  join(leadership: Leadership): void;
  /** The tab is going away or being frozen: hand the lead on now and stop taking part. */
  leave(): void;
}

/** The part of navigator.locks this module uses (tests pass a fake). */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

/** The part of BroadcastChannel this module and live-tabs.ts use. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export const LIVE_LOCK_NAME = 'creator-site live stream';
export const LIVE_ELECTION_CHANNEL_NAME = 'creator-site live election';

/** Held for the tab's life: the browser hands it to the next tab that asked when this one goes. */
export function createLockElection(locks: LockManagerLike): Election {
  let asked = false;
  return {
    join(leadership) {
      if (asked) return;
      asked = true;
      void locks.request(LIVE_LOCK_NAME, () => {
        leadership.lead();
        return new Promise<void>(() => undefined);
      });
    },
    leave() {
      // The browser releases the lock when the document goes; nothing to say.
    },
  };
}

export const HEARTBEAT_MS = 200;
export const SILENCE_MS = 500;
export const CLAIM_WAIT_MS = 150;

type ElectionMessage = { type: 'leader' | 'claim' | 'resign'; id: string };

function isElectionMessage(value: unknown): value is ElectionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, id } = value as Record<string, unknown>;
  return typeof id === 'string' && (type === 'leader' || type === 'claim' || type === 'resign');
}

/** An id that orders tabs by when they started (older first), random within one millisecond. */
export function electionId(now: number, random: () => number): string {
  const started = Math.floor(now).toString(36).padStart(10, '0');
  const suffix = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${started}-${suffix}`;
}

export interface ChannelElectionDeps {
  channel: ChannelLike;
  /** This tab's id (electionId); the lowest id wins a tie. */
  id: string;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

type State = 'out' | 'claiming' | 'following' | 'leading';

export interface ChannelElection extends Election {
  /** For tests: where this tab stands. */
  state(): State;
}

export function createChannelElection(deps: ChannelElectionDeps): ChannelElection {
  const { channel, id } = deps;
  let state: State = 'out';
  let leadership: Leadership | null = null;
  let timer: unknown = null;

  const post = (type: ElectionMessage['type']) => channel.postMessage({ type, id });

  function arm(ms: number, then: () => void): void {
    disarm();
    timer = deps.setTimeout(() => {
      timer = null;
      then();
    }, ms);
  }

  function disarm(): void {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
  }

  /** A leader is heard (or a lower claimer will lead soon): claim should it fall silent. */
  function follow(): void {
    const led = state === 'leading';
    state = 'following';
    arm(SILENCE_MS, claim);
    if (led) leadership?.unlead();
  }

  function claim(): void {
    state = 'claiming';
    post('claim');
    arm(CLAIM_WAIT_MS, lead);
  }

  function lead(): void {
    state = 'leading';
    post('leader');
    arm(HEARTBEAT_MS, heartbeat);
    leadership?.lead();
  }

  function heartbeat(): void {
    post('leader');
    arm(HEARTBEAT_MS, heartbeat);
  }

  function receive(message: ElectionMessage): void {
    if (state === 'out' || message.id === id) return;
    const lower = message.id < id;
    switch (message.type) {
      case 'leader':
        // Two leaders: the higher id steps down, the lower one makes sure it is heard.
        if (state !== 'leading' || lower) follow();
        else post('leader');
        break;
      case 'claim':
        if (state === 'leading') post('leader');
        // A lower claimer leads unless a leader answers it; a claimer that started after this
        // one waits longer and hears this one's lead first.
        else if (state === 'claiming' && lower) follow();
        break;
      case 'resign':
        if (state !== 'leading') claim();
        break;
    }
  }

  channel.onmessage = (event: MessageEvent) => {
    if (isElectionMessage(event.data)) receive(event.data);
  };

  return {
    join(next) {
      leadership = next;
      if (state !== 'out') return;
      claim();
    },
    leave() {
      const led = state === 'leading';
      state = 'out';
      disarm();
      if (!led) return;
      post('resign');
      leadership?.unlead();
    },
    state: () => state,
  };
}
