/**
 * Runs Nowou's sync while someone is signed in (docs/product/nowou.md#nowou-sync): one engine per account
 * and tab, a round soon after every change, at once when the live stream says another device
 * pushed or when the stream (re)connects, when the network comes back and when the tab is shown.
 * The engine itself is loaded once someone is signed in (start-sync.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { ITEM_KINDS, storageKeyOf } from '#shared/nowou-records';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLiveEvent } from '../../../lib/use-live-event';
import { useReachable } from '../../../lib/use-reachable';
import type { ItemStore } from '../model/item-store';
import type { SyncEngine, SyncStatus } from './sync-engine';

export type NowouSyncStatus =
  | SyncStatus
  /** Nobody is signed in: the items live in this browser only. */
  | { kind: 'local' };

export interface NowouSync {
  status: NowouSyncStatus;
  /**
   * How many of this browser's items from before signing in are not in the account yet: they wait
   * for Add to my account while everything else syncs.
   */
  waiting: number;
  /** Add the waiting items to the account. */
  consent: () => void;
  retry: () => void;
}

export function useNowouSync(store: ItemStore): NowouSync {
  const { signedIn, info } = useAuth();
  const userId = signedIn ? (info?.uid ?? null) : null;
  const reachable = useReachable();
  const [reported, setReported] = useState<{ userId: string; status: SyncStatus } | null>(null);
  const [waiting, setWaiting] = useState<{ userId: string; count: number } | null>(null);
  const engine = useRef<SyncEngine | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current: SyncEngine | null = null;
    let stopped = false;
    // Counted now, before the sync code loads: what is made meanwhile is the account's own.
    const keysAtSignIn = new Set(
      ITEM_KINDS.flatMap((kind) => store.all(kind).map((item) => storageKeyOf(kind, item.id))),
    );
    void import('./start-sync').then(({ startSync }) => {
      if (stopped) return;
      current = startSync({
        store,
        userId,
        keysAtSignIn,
        onStatus: (status) => setReported({ userId, status }),
        onWaiting: (count) => setWaiting({ userId, count }),
      });
      engine.current = current;
    });
    const onOnline = () => void current?.syncNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void current?.syncNow();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      stopped = true;
      current?.stop();
      if (engine.current === current) engine.current = null;
    };
  }, [store, userId]);

  // Opened with no network, the session cannot be asked about: say offline, not "Log in to sync";
  // once the server answers, the stream's `user` event signs the tab in and the engine catches up.
  const status: NowouSyncStatus = !userId
    ? signedIn === false
      ? reachable
        ? { kind: 'local' }
        : { kind: 'offline' }
      : { kind: 'idle' }
    : reported?.userId === userId
      ? reported.status
      : { kind: 'idle' };

  // Another device pushed; or the stream (re)connected, after which anything missed is pulled.
  useLiveEvent('nowou', () => void engine.current?.syncNow());
  useLiveEvent('user', () => void engine.current?.syncNow());

  return {
    status,
    waiting: userId && waiting?.userId === userId ? waiting.count : 0,
    consent: () => engine.current?.start({ consent: true }),
    retry: () => void engine.current?.syncNow(),
  };
}
