/**
 * Nowou's settings for this browser (so far one: Roll over by itself), kept in IndexedDB.
 *
 * Why not a localStorage key: Nowou may write no key outside its six prefixes
 * (docs/product.md#nowou-keys), and every key under them holds an item: a record with the shared
 * envelope that export, import and, later, sync carry item by item. A setting under `todo-` would be
 * read as a to-do that fails its schema by every version before this one (a "could not be read"
 * notice in each of them), and would need a seventh item kind in the schemas the server shares.
 * How this browser behaves is not an item to merge across devices; IndexedDB keeps it apart, and
 * another tab hears of a change through a BroadcastChannel.
 */
import { useCallback, useEffect, useState } from 'react';

export interface NowouSettings {
  /** Unfinished to-dos of earlier days move to today when Nowou opens and when the day turns. */
  autoRollover: boolean;
}

const DEFAULTS: NowouSettings = { autoRollover: false };
const DB_NAME = 'nowou';
const STORE = 'settings';
const CHANNEL = 'nowou-settings';

let opened: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null); // No IndexedDB (private mode in some browsers): the defaults hold.
    }
  });
  return opened;
}

export async function readSetting<K extends keyof NowouSettings>(
  key: K,
): Promise<NowouSettings[K]> {
  const db = await database();
  if (!db) return DEFAULTS[key];
  return new Promise((resolve) => {
    try {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      request.onsuccess = () =>
        resolve(
          typeof request.result === typeof DEFAULTS[key]
            ? (request.result as NowouSettings[K])
            : DEFAULTS[key],
        );
      request.onerror = () => resolve(DEFAULTS[key]);
    } catch {
      resolve(DEFAULTS[key]);
    }
  });
}

/** Saves a setting; false when the browser refused it (it then lasts while the page is open). */
export async function writeSetting<K extends keyof NowouSettings>(
  key: K,
  value: NowouSettings[K],
): Promise<boolean> {
  const db = await database();
  const saved =
    db !== null &&
    (await new Promise<boolean>((resolve) => {
      try {
        const transaction = db.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).put(value, key);
        transaction.oncomplete = () => resolve(true);
        transaction.onerror = () => resolve(false);
        transaction.onabort = () => resolve(false);
      } catch {
        resolve(false);
      }
    }));
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ key, value });
    channel.close();
  } catch {
    // No BroadcastChannel: other tabs read the setting when they next open.
  }
  return saved;
}

/**
 * A setting and its setter: undefined until read, then kept in step with other tabs. The setter
 * answers whether the browser saved it.
 */
export function useSetting<K extends keyof NowouSettings>(
  key: K,
): [NowouSettings[K] | undefined, (value: NowouSettings[K]) => Promise<boolean>] {
  const [value, setValue] = useState<NowouSettings[K] | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void readSetting(key).then((read) => {
      if (active) setValue((now) => now ?? read);
    });
    let channel: BroadcastChannel | null = null;
    try {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = (event: MessageEvent<{ key?: unknown; value?: unknown }>) => {
        if (event.data.key === key && typeof event.data.value === typeof DEFAULTS[key]) {
          setValue(event.data.value as NowouSettings[K]);
        }
      };
    } catch {
      channel = null;
    }
    return () => {
      active = false;
      channel?.close();
    };
  }, [key]);
  const set = useCallback(
    (next: NowouSettings[K]) => {
      setValue(next);
      return writeSetting(key, next);
    },
    [key],
  );
  return [value, set];
}
