/**
 * The tab's live connection: `liveConnection().on('user', handler)`. Where the browser has Web
 * Locks and BroadcastChannel, the tabs share one stream (live-tabs.ts); elsewhere each tab holds
 * its own, opened for its page (live-connection.ts).
 */
import { lastViewedLiveMessage } from './assistant/assistant-store';
import { checkReachability, reportReachable } from './connectivity';
import { createLiveConnection, type LiveConnection } from './live-connection';
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

function canShare(): boolean {
  return typeof BroadcastChannel === 'function' && Boolean(navigator.locks?.request);
}

let connection: LiveConnection | null = null;

/** The tab's connection, made on first use. */
export function liveConnection(): LiveConnection {
  connection ??= canShare()
    ? createSharedLiveConnection({
        locks: navigator.locks,
        channel: new BroadcastChannel(LIVE_CHANNEL_NAME),
        createStream: ownStream,
        onReachable,
        contextFor: (name) =>
          name === 'assistant' ? { assistantViewedAtUTC: lastViewedLiveMessage() } : {},
        reportError: (error) =>
          window.setTimeout(() => {
            throw error;
          }, 0),
      })
    : ownStream(onReachable);
  return connection;
}
