/**
 * Runs Nowou's sync while someone is signed in (docs/product.md#nowou-sync): one engine per account
 * and tab, a round soon after every change, at once when the live stream says another device
 * pushed or when the stream (re)connects, when the network comes back and when the tab is shown.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/use-auth';
import { nowouSyncStore } from '../../../lib/nowou-sync-store';
import { useLiveEvent } from '../../../lib/use-live-event';
import { nowouSyncApi } from '../api';
import type { ItemStore } from '../model/item-store';
import {
  createSyncEngine,
  type FailureKind,
  type SyncEngine,
  type SyncStatus,
} from './sync-engine';

export type NowouSyncStatus =
  | SyncStatus
  /** Nobody is signed in: the items live in this browser only. */
  | { kind: 'local' };

export interface NowouSync {
  status: NowouSyncStatus;
  /** Merge this browser's items into the account and sync from now on. */
  consent: () => void;
  retry: () => void;
}

function classify(error: unknown): { kind: FailureKind; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 'offline') return { kind: 'offline', message: error.message };
    if (error.status === 'unauthenticated') return { kind: 'signed-out', message: error.message };
    if (error.status === 'resource-exhausted') return { kind: 'busy', message: error.message };
    return { kind: 'other', message: error.message };
  }
  return { kind: 'other', message: 'The sync stopped unexpectedly.' };
}

/** One round at a time per account across this browser's tabs, where the browser can say so. */
function exclusive<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, run) : run();
}

export function useNowouSync(store: ItemStore): NowouSync {
  const { signedIn, info } = useAuth();
  const userId = signedIn ? (info?.uid ?? null) : null;
  const [reported, setReported] = useState<{ userId: string; status: SyncStatus } | null>(null);
  const engine = useRef<SyncEngine | null>(null);

  useEffect(() => {
    if (!userId) return;
    const current = createSyncEngine({
      store,
      api: nowouSyncApi,
      syncStore: nowouSyncStore(),
      userId,
      onStatus: (status) => setReported({ userId, status }),
      classify,
      exclusive,
      debounceMs: 250,
    });
    engine.current = current;
    current.start();
    const onOnline = () => void current.syncNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void current.syncNow();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      current.stop();
      if (engine.current === current) engine.current = null;
    };
  }, [store, userId]);

  const status: NowouSyncStatus = !userId
    ? signedIn === false
      ? { kind: 'local' }
      : { kind: 'idle' }
    : reported?.userId === userId
      ? reported.status
      : { kind: 'idle' };

  // Another device pushed; or the stream (re)connected, after which anything missed is pulled.
  useLiveEvent('nowou', () => void engine.current?.syncNow());
  useLiveEvent('user', () => void engine.current?.syncNow());

  return {
    status,
    consent: () => engine.current?.start({ consent: true }),
    retry: () => void engine.current?.syncNow(),
  };
}
