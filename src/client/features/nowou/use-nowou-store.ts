/**
 * One item store per tab over window.localStorage: loaded on mount, flushed when the tab is hidden
 * or left, following other tabs' storage events, with the problems it reports kept for the UI; and
 * the one undo history every part of the app writes through.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createHistory, type History } from './model/history';
import { createItemStore, type ItemStore, type KeyValueStorage } from './model/item-store';
import type { ItemKind, ItemOf } from '#shared/nowou-records';

export interface NowouStoreState {
  store: ItemStore;
  history: History;
  /** Keys holding values this version cannot read (left untouched). */
  skippedCount: number;
  /** Storage is full (or refuses writes): changes are kept in this tab until a flush succeeds. */
  writeProblem: 'quota' | 'write-failed' | null;
  /** False when the browser gives no storage at all: changes last while the tab is open. */
  storageAvailable: boolean;
  /** True once the browser agreed to keep Nowou's data; null before it answered. */
  persisted: boolean | null;
}

/** In-memory stand-in when localStorage is switched off (it throws on access). */
function memoryStorage(): KeyValueStorage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

function browserStorage(): KeyValueStorage | null {
  try {
    const storage = window.localStorage;
    storage.getItem('todo-');
    return storage;
  } catch {
    return null;
  }
}

let persistAsked: Promise<boolean> | null = null;

/** Asks once per page load for storage the browser will not clear under pressure. */
function askPersist(): Promise<boolean> {
  persistAsked ??= (async () => {
    try {
      const manager = navigator.storage as StorageManager | undefined;
      if (!manager?.persist) return false;
      return (await manager.persisted()) || (await manager.persist());
    } catch {
      return false;
    }
  })();
  return persistAsked;
}

const RETRY_MS = 2000;

export function useNowouStore(): NowouStoreState {
  const [problems, setProblems] = useState({
    version: 0,
    writeProblem: null as NowouStoreState['writeProblem'],
  });
  const [setup] = useState(() => {
    const storage = browserStorage();
    let loading = true;
    const store = createItemStore({
      storage: storage ?? memoryStorage(),
      // What loading skips is read from skippedKeys() at render; no state update during render.
      onProblem: (problem) =>
        !loading &&
        setProblems((before) => ({
          version: before.version + 1,
          writeProblem: problem.kind === 'skipped' ? before.writeProblem : problem.kind,
        })),
    });
    // Loaded before the first render, so no part of the app ever sees an empty store that is not.
    store.load();
    // Deleted items are kept 30 days for Recently deleted, then go for good.
    store.purgeTombstones();
    loading = false;
    return { store, history: createHistory(store), storageAvailable: storage !== null };
  });
  const { store } = setup;
  const [persisted, setPersisted] = useState<boolean | null>(null);

  useEffect(() => {
    const flush = () => {
      store.flush();
      // A flush that saved everything clears the full-storage banner.
      if (!store.hasPendingWrites()) {
        setProblems((before) =>
          before.writeProblem ? { version: before.version + 1, writeProblem: null } : before,
        );
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
      store.applyExternalChange(event.key, event.newValue);
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    let active = true;
    void askPersist().then((granted) => {
      if (active) setPersisted(granted);
    });
    return () => {
      active = false;
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onStorage);
      store.flush();
    };
  }, [store]);

  // While storage is full or refusing, retry every few seconds: room made elsewhere (another tab,
  // the browser's own settings) saves the kept changes and takes the banner away.
  const { writeProblem } = problems;
  useEffect(() => {
    if (!writeProblem) return;
    const timer = window.setInterval(() => {
      store.flush();
      if (!store.hasPendingWrites()) {
        setProblems((before) => ({ version: before.version + 1, writeProblem: null }));
      }
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [writeProblem, store]);

  return {
    store,
    history: setup.history,
    skippedCount: store.skippedKeys().size,
    writeProblem: problems.writeProblem,
    storageAvailable: setup.storageAvailable,
    persisted,
  };
}

/** The items of one kind (the same array until that kind changes); with tombstones on request. */
export function useItems<K extends ItemKind>(
  store: ItemStore,
  kind: K,
  includeDeleted = false,
): readonly ItemOf<K>[] {
  const read = () => store.all(kind, { includeDeleted });
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Whether undo and redo have anything, for the bar's buttons. */
export function useHistoryState(history: History): { canUndo: boolean; canRedo: boolean } {
  const read = () => (history.canUndo() ? 1 : 0) + (history.canRedo() ? 2 : 0);
  const state = useSyncExternalStore(history.subscribe, read, read);
  return { canUndo: (state & 1) !== 0, canRedo: (state & 2) !== 0 };
}
