/**
 * Nowou's settings for this browser (so far one: Roll over by itself), kept in IndexedDB.
 *
 * Why not a localStorage key: Nowou may write no key outside its six prefixes
 * (docs/product/data.md#nowou-keys), and every key under them holds an item: a record with the shared
 * envelope that export, import and, later, sync carry item by item. A setting under `todo-` would be
 * read as a to-do that fails its schema by every version before this one (a "could not be read"
 * notice in each of them), and would need a seventh item kind in the schemas the server shares.
 * How this browser behaves is not an item to merge across devices; IndexedDB keeps it apart, and
 * another tab hears of a change through a BroadcastChannel.
 */
import { useCallback, useEffect, useState } from 'react';
import { openDatabase, requestDone, transactionDone } from '../../../lib/indexed-db';

export interface NowouSettings {
  /** Unfinished to-dos of earlier days move to today when Nowou opens and when the day turns. */
  autoRollover: boolean;
}

const DEFAULTS: NowouSettings = { autoRollover: false };
const DB_NAME = 'nowou';
const STORE = 'settings';
const CHANNEL = 'nowou-settings';

let opened: Promise<IDBDatabase | null> | null = null;

/** The settings' database, or null where IndexedDB is missing or refused: the defaults hold. */
function database(): Promise<IDBDatabase | null> {
  opened ??= openDatabase(DB_NAME, 1, (db) => db.createObjectStore(STORE)).catch(() => null);
  return opened;
}

export async function readSetting<K extends keyof NowouSettings>(
  key: K,
): Promise<NowouSettings[K]> {
  const db = await database();
  if (!db) return DEFAULTS[key];
  try {
    const stored: unknown = await requestDone(
      db.transaction(STORE, 'readonly').objectStore(STORE).get(key),
    );
    return typeof stored === typeof DEFAULTS[key] ? (stored as NowouSettings[K]) : DEFAULTS[key];
  } catch {
    return DEFAULTS[key];
  }
}

async function saveHere<K extends keyof NowouSettings>(
  key: K,
  value: NowouSettings[K],
): Promise<boolean> {
  const db = await database();
  if (!db) return false;
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).put(value, key);
    await transactionDone(transaction);
    return true;
  } catch {
    return false;
  }
}

/** Saves a setting; false when the browser refused it (it then lasts while the page is open). */
export async function writeSetting<K extends keyof NowouSettings>(
  key: K,
  value: NowouSettings[K],
): Promise<boolean> {
  const saved = await saveHere(key, value);
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
