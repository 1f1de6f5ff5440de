/**
 * What a browser remembers of Nowou's sync through an account, in IndexedDB (Nowou writes no
 * localStorage key outside its items' prefixes; docs/product/nowou.md#nowou-sync): this device's id, and
 * per account the version it pulled up to and, per item, the server version and modification time
 * it last agreed on (the "shadow"). An item whose time differs from its shadow changed here since.
 * In lib/ because the shell asks it too, when someone logs out (nowou-local-copy.ts).
 *
 * Where IndexedDB is missing or refused (some private modes), everything is kept in memory for the
 * page's life: a sync then starts from nothing each time, which costs traffic and loses nothing.
 */
import { openDatabase, requestDone, transactionDone } from './indexed-db';
import { randomId } from './random-id';

export interface ShadowEntry {
  seq: number;
  modifiedAt: string;
}

export interface AccountSyncState {
  userId: string;
  /** The highest server version pulled. */
  cursor: number;
  /** Raised by every save, so a tab knows when another one changed the shadow. */
  generation: number;
  /**
   * Keys of the items this browser held from before the person signed in, which wait for their
   * word (Add to my account) before they join the account (docs/product/nowou.md#nowou-sync). Missing
   * in states saved before this field existed: nothing waits.
   */
  waiting?: string[];
}

export interface NowouSyncStore {
  deviceId(): Promise<string>;
  account(userId: string): Promise<AccountSyncState | undefined>;
  shadow(userId: string): Promise<Map<string, ShadowEntry>>;
  /** Writes shadow entries and the account's state together. */
  save(
    userId: string,
    entries: ReadonlyMap<string, ShadowEntry>,
    state: AccountSyncState,
  ): Promise<void>;
  /** Forgets the account on this device (its items stay wherever they are). */
  forget(userId: string): Promise<void>;
}

const DB_NAME = 'nowou-sync';
const DB_VERSION = 1;

function openSyncDatabase(): Promise<IDBDatabase> {
  return openDatabase(DB_NAME, DB_VERSION, (db) => {
    db.createObjectStore('meta');
    db.createObjectStore('accounts', { keyPath: 'userId' });
    db.createObjectStore('shadow', { keyPath: ['userId', 'key'] });
  });
}

/** Every key of one account in the shadow store: [userId, ''] up to [userId, '\uffff']. */
function accountRange(userId: string): IDBKeyRange {
  return IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
}

function newDeviceId(): string {
  return randomId();
}

function indexedDbStore(): NowouSyncStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => (opened ??= openSyncDatabase());

  return {
    async deviceId() {
      const transaction = (await db()).transaction('meta', 'readwrite');
      const meta = transaction.objectStore('meta');
      const stored = await requestDone(meta.get('device'));
      if (typeof stored === 'string') return stored;
      const id = newDeviceId();
      meta.put(id, 'device');
      await transactionDone(transaction);
      return id;
    },
    async account(userId) {
      const transaction = (await db()).transaction('accounts');
      return (await requestDone(transaction.objectStore('accounts').get(userId))) as
        AccountSyncState | undefined;
    },
    async shadow(userId) {
      const transaction = (await db()).transaction('shadow');
      const rows = (await requestDone(
        transaction.objectStore('shadow').getAll(accountRange(userId)),
      )) as (ShadowEntry & { key: string })[];
      return new Map(rows.map((row) => [row.key, { seq: row.seq, modifiedAt: row.modifiedAt }]));
    },
    async save(userId, entries, state) {
      const transaction = (await db()).transaction(['shadow', 'accounts'], 'readwrite');
      const shadow = transaction.objectStore('shadow');
      for (const [key, entry] of entries) shadow.put({ userId, key, ...entry });
      transaction.objectStore('accounts').put(state);
      await transactionDone(transaction);
    },
    async forget(userId) {
      const transaction = (await db()).transaction(['shadow', 'accounts'], 'readwrite');
      transaction.objectStore('shadow').delete(accountRange(userId));
      transaction.objectStore('accounts').delete(userId);
      await transactionDone(transaction);
    },
  };
}

/** The same in memory: for tests, and for browsers without IndexedDB. */
export function memorySyncStore(): NowouSyncStore {
  const device = newDeviceId();
  const accounts = new Map<string, AccountSyncState>();
  const shadows = new Map<string, Map<string, ShadowEntry>>();
  return {
    deviceId: async () => device,
    account: async (userId) => {
      const state = accounts.get(userId);
      return state && { ...state };
    },
    shadow: async (userId) => new Map(shadows.get(userId)),
    async save(userId, entries, state) {
      const shadow = shadows.get(userId) ?? new Map<string, ShadowEntry>();
      for (const [key, entry] of entries) shadow.set(key, { ...entry });
      shadows.set(userId, shadow);
      accounts.set(userId, { ...state });
    },
    async forget(userId) {
      shadows.delete(userId);
      accounts.delete(userId);
    },
  };
}

let shared: NowouSyncStore | null = null;

/** The browser's store, or memory where IndexedDB cannot be opened. */
export function nowouSyncStore(): NowouSyncStore {
  shared ??=
    typeof indexedDB === 'undefined' ? memorySyncStore() : withMemoryFallback(indexedDbStore());
  return shared;
}

/** Falls back to memory for good once IndexedDB refuses to open (Firefox's private mode does). */
function withMemoryFallback(primary: NowouSyncStore): NowouSyncStore {
  let fallback: NowouSyncStore | null = null;
  const call = async <T>(run: (store: NowouSyncStore) => Promise<T>): Promise<T> => {
    if (fallback) return run(fallback);
    try {
      return await run(primary);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'InvalidStateError') {
        fallback = memorySyncStore();
        return run(fallback);
      }
      throw error;
    }
  };
  return {
    deviceId: () => call((store) => store.deviceId()),
    account: (userId) => call((store) => store.account(userId)),
    shadow: (userId) => call((store) => store.shadow(userId)),
    save: (userId, entries, state) => call((store) => store.save(userId, entries, state)),
    forget: (userId) => call((store) => store.forget(userId)),
  };
}
