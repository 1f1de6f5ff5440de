/**
 * The sync engine wired to the browser: the API, IndexedDB, Web Locks and how a failed call reads.
 * Loaded only once someone is signed in (use-nowou-sync.ts), so a visitor without an account never
 * downloads the sync.
 */
import { ApiError } from '../../../lib/api';
import { nowouSyncStore } from '../../../lib/nowou-sync-store';
import { nowouSyncApi } from '../api';
import type { ItemStore } from '../model/item-store';
import {
  createSyncEngine,
  type FailureKind,
  type SyncEngine,
  type SyncStatus,
} from './sync-engine';

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

export function startSync(options: {
  store: ItemStore;
  userId: string;
  keysAtSignIn: ReadonlySet<string>;
  onStatus: (status: SyncStatus) => void;
  onWaiting: (count: number) => void;
}): SyncEngine {
  const engine = createSyncEngine({
    ...options,
    api: nowouSyncApi,
    syncStore: nowouSyncStore(),
    classify,
    exclusive,
    debounceMs: 250,
  });
  engine.start();
  return engine;
}
