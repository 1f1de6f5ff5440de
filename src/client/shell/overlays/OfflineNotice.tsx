/**
 * The offline message (docs/product/shell.md#offline-notice) while the API cannot be reached, instead of
 * failing silently. It checks again every few seconds and when the browser says it is back online,
 * and goes away by itself once the server answers; the live stream then reconnects at once.
 */
import { useEffect, useState } from 'react';
import { COPY } from '#shared/copy';
import { checkReachability } from '../../lib/connectivity';
import { useReachable } from '../../lib/use-reachable';
import { liveConnection } from '../../lib/live';
import './offline-notice.css';

/** How often an unreachable tab asks the server again. */
export const OFFLINE_RECHECK_MS = 5000;

/** A drop shorter than this (a server restart, a network hiccup) shows nothing. */
const SHOW_AFTER_MS = 1500;

export function OfflineNotice() {
  const reachable = useReachable();
  const [shown, setShown] = useState(false);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (reachable) return;
    const showTimer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    const recheck = window.setInterval(() => void checkReachability(), OFFLINE_RECHECK_MS);
    const onOnline = () => void checkReachability();
    window.addEventListener('online', onOnline);
    return () => {
      window.clearTimeout(showTimer);
      window.clearInterval(recheck);
      window.removeEventListener('online', onOnline);
      setShown(false);
      // Back: reconnect the live stream now rather than after its backoff.
      liveConnection().restart();
    };
  }, [reachable]);

  if (!shown) return null;
  return (
    <div className="offline-notice" role="status">
      <p className="offline-notice__text">
        {COPY.offlineDocument} <span className="offline-notice__hint">Trying again…</span>
      </p>
      <button
        type="button"
        className="offline-notice__retry"
        disabled={checking}
        onClick={async () => {
          setChecking(true);
          await checkReachability();
          setChecking(false);
        }}
      >
        Try now
      </button>
    </div>
  );
}
