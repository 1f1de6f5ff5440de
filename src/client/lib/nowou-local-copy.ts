/**
 * The copy of an account's Nowou items this browser keeps, as logging out sees it
 * (docs/product/nowou.md#nowou-sync): whether there is one, how many of its changes have not reached the
 * account yet, and removing it. Reads the raw storage, so the shell asks it without loading Nowou.
 */
import { isProductivityStorageKey } from '#shared/storage-keys';
import { nowouSyncStore } from './nowou-sync-store';

export interface LocalCopy {
  /** Nowou items kept in this browser. */
  items: number;
  /** Of those, changed here since they last reached the account. */
  unsynced: number;
}

function nowouKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && isProductivityStorageKey(key)) keys.push(key);
  }
  return keys;
}

function modifiedAtOf(raw: string | null): string | undefined {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as { modifiedAt?: unknown };
    return typeof value.modifiedAt === 'string' ? value.modifiedAt : undefined;
  } catch {
    return undefined;
  }
}

/** The account's copy here, or null when this browser never synced Nowou with that account. */
export async function localCopyOf(userId: string): Promise<LocalCopy | null> {
  try {
    const store = nowouSyncStore();
    if (!(await store.account(userId))) return null;
    const shadow = await store.shadow(userId);
    const storage = window.localStorage;
    let items = 0;
    let unsynced = 0;
    for (const key of nowouKeys(storage)) {
      const modifiedAt = modifiedAtOf(storage.getItem(key));
      if (modifiedAt === undefined) continue;
      items += 1;
      if (shadow.get(key)?.modifiedAt !== modifiedAt) unsynced += 1;
    }
    return { items, unsynced };
  } catch {
    // No storage to ask: nothing to keep or remove.
    return null;
  }
}

/** Removes every Nowou key from this browser and forgets the account's sync here. */
export async function removeLocalCopy(userId: string): Promise<void> {
  const storage = window.localStorage;
  for (const key of nowouKeys(storage)) storage.removeItem(key);
  await nowouSyncStore().forget(userId);
}
