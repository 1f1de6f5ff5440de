/**
 * The tab's live connection: `liveConnection().on('user', handler)`. Where the browser has
 * BroadcastChannel, the tabs share one stream (live-tabs.ts), its holder chosen with a Web Lock in a
 * secure context and by an election over the channel elsewhere (live-election.ts); without
 * BroadcastChannel each tab holds its own, opened for its page (live-connection.ts).
 */
import { lastViewedLiveMessage } from './assistant/assistant-store';
import { checkReachability, reportReachable } from './connectivity';
import { createLiveConnection, type LiveConnection } from './live-connection';
import {
  createChannelElection,
  createLockElection,
  electionId,
  LIVE_ELECTION_CHANNEL_NAME,
  type Election,
} from './live-election';
import { createSharedLiveConnection, LIVE_CHANNEL_NAME } from './live-tabs';

function onReachable(reachable: boolean): void {
  if (reachable) reportReachable();
  else void checkReachability();
}

function ownStream(reachable: (reachable: boolean) => void): LiveConnection {
  return createLiveConnection({
    createEventSource: typeof EventSource === 'function' ? (url) => new EventSource(url) : null,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    random: Math.random,
    onReachable: reachable,
  });
}

/** Web Locks where the page has them (secure contexts only), the channel's election elsewhere. */
function tabElection(): Election {
  // Typed as always there, but missing outside secure contexts.
  const locks = navigator.locks as LockManager | undefined;
  if (locks) return createLockElection(locks);
  const election = createChannelElection({
    channel: new BroadcastChannel(LIVE_ELECTION_CHANNEL_NAME),
    id: electionId(Date.now(), Math.random),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  // A leader that goes (closed, navigated away, kept in the back-forward cache or frozen) says so,
  // and the other tabs elect a new one at once instead of waiting for its silence.
  window.addEventListener('pagehide', () => election.leave());
  document.addEventListener('freeze', () => election.leave());
  return election;
}

let connection: LiveConnection | null = null;

/** The tab's connection, made on first use. */
export function liveConnection(): LiveConnection {
  if (connection) return connection;
  if (typeof BroadcastChannel !== 'function') {
    connection = ownStream(onReachable);
    return connection;
  }
  const election = tabElection();
  const shared = createSharedLiveConnection({
    election,
    channel: new BroadcastChannel(LIVE_CHANNEL_NAME),
    createStream: ownStream,
    onReachable,
    contextFor: (name) =>
      name === 'assistant' ? { assistantViewedAtUTC: lastViewedLiveMessage() } : {},
    reportError: (error) =>
      window.setTimeout(() => {
        throw error;
      }, 0),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  });
  // Back from the back-forward cache, or thawed: take part again.
  const rejoin = () => election.join(shared.leadership);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) rejoin();
  });
  document.addEventListener('resume', rejoin);
  connection = shared;
  return connection;
}
