/**
 * Nowou's items in memory, kept in step with browser storage (docs/product/data.md#nowou-keys). The app
 * reads and changes items here; writes reach storage in batches, and a value this version cannot
 * read (broken, or written by a newer version) is reported and never written over. Storage is a
 * parameter so the store runs on window.localStorage in the app and on a Map in tests.
 */
import { isProductivityStorageKey } from '#shared/storage-keys';
import {
  DEFAULT_TIMELINE_KEY,
  SCHEMA_VERSION,
  isValidId,
  itemKeyParts,
  itemSchema,
  parseStoredItem,
  serialiseItem,
  storageKeyOf,
  type Item,
  type ItemKind,
  type ItemOf,
} from '#shared/nowou-records';

/** The part of the Web Storage interface the store uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export type StoreProblem =
  /** A key this version cannot read; it stays in storage untouched. */
  | { kind: 'skipped'; key: string; reason: string }
  /** Storage is full: changes stay in memory and are retried on the next flush. */
  | { kind: 'quota' }
  /** Any other failed write (storage switched off, for one); retried like quota. */
  | { kind: 'write-failed'; reason: string };

export interface ItemStoreOptions {
  storage: KeyValueStorage;
  now?: () => Date;
  /** A change reaches storage at most this long after the first unsaved one. */
  debounceMs?: number;
  onProblem: (problem: StoreProblem) => void;
}

export interface ReadOptions {
  /** Include tombstones (deleted items still kept for sync and import). */
  includeDeleted?: boolean;
}

export interface PutOptions {
  /** Keep the item's own modifiedAt (an import or a sync), instead of stamping now. */
  keepModifiedAt?: boolean;
}

export interface ItemStore {
  load(): void;
  get<K extends ItemKind>(kind: K, id: string, options?: ReadOptions): ItemOf<K> | undefined;
  /** The same array until something of that kind changes (fit for useSyncExternalStore). */
  all<K extends ItemKind>(kind: K, options?: ReadOptions): readonly ItemOf<K>[];
  /** Returns the item as stored, or null when its key holds a value this version cannot read. */
  put<T extends Item>(item: T, options?: PutOptions): T | null;
  /** Deletes (a tombstone); items deleted together share `deletedAt`, so they come back together. */
  remove(kind: ItemKind, id: string, deletedAt?: string): boolean;
  purgeTombstones(olderThan?: Date): number;
  flush(): void;
  subscribe(listener: () => void): () => void;
  applyExternalChange(key: string | null, newValue: string | null): void;
  getDefaultTimeline(): string | null;
  setDefaultTimeline(id: string | null): boolean;
  /** Keys this version could not read, with the reason. */
  skippedKeys(): ReadonlyMap<string, string>;
  hasPendingWrites(): boolean;
  usage(): number;
  /**
   * Runs `apply` with listeners told once at the end instead of after every change (a sync writing
   * thousands of items re-renders once).
   */
  batch<T>(apply: () => T): T;
}

export const TOMBSTONE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

function isLater(a: Item, b: Item): boolean {
  return Date.parse(a.modifiedAt) > Date.parse(b.modifiedAt);
}

export function createItemStore({
  storage,
  now = () => new Date(),
  debounceMs = 300,
  onProblem,
}: ItemStoreOptions): ItemStore {
  const items: Record<ItemKind, Map<string, Item>> = {
    todo: new Map(),
    list: new Map(),
    timeline: new Map(),
    textBox: new Map(),
    brainstorm: new Map(),
    textElement: new Map(),
  };
  const views = new Map<string, readonly Item[]>();
  const skipped = new Map<string, string>();
  const pending = new Set<string>();
  const listeners = new Set<() => void>();
  let defaultTimeline: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writeProblemReported = false;
  let batchDepth = 0;
  let changedInBatch = false;

  function itemAt(key: string): Item | undefined {
    const parts = itemKeyParts(key);
    return parts ? items[parts.kind].get(parts.id) : undefined;
  }

  function changed(): void {
    views.clear();
    if (batchDepth > 0) {
      changedInBatch = true;
      return;
    }
    for (const listener of [...listeners]) listener();
  }

  function batch<T>(apply: () => T): T {
    batchDepth += 1;
    try {
      return apply();
    } finally {
      batchDepth -= 1;
      if (batchDepth === 0 && changedInBatch) {
        changedInBatch = false;
        changed();
      }
    }
  }

  function skip(key: string, reason: string): void {
    skipped.set(key, reason);
    pending.delete(key);
    onProblem({ kind: 'skipped', key, reason });
  }

  function schedule(): void {
    timer ??= setTimeout(flush, debounceMs);
  }

  function readDefaultTimeline(raw: string | null): void {
    skipped.delete(DEFAULT_TIMELINE_KEY);
    if (raw !== null && !isValidId(raw)) skip(DEFAULT_TIMELINE_KEY, 'not a timeline id');
    else defaultTimeline = raw;
  }

  function load(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    for (const map of Object.values(items)) map.clear();
    skipped.clear();
    pending.clear();
    defaultTimeline = null;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null && isProductivityStorageKey(key)) keys.push(key);
    }
    for (const key of keys) {
      const raw = storage.getItem(key);
      if (raw === null) continue;
      if (key === DEFAULT_TIMELINE_KEY) {
        readDefaultTimeline(raw);
        continue;
      }
      if (!itemKeyParts(key)) continue;
      const result = parseStoredItem(key, raw);
      if (result.ok) items[result.item.kind].set(result.item.id, result.item);
      else skip(key, result.reason);
    }
    changed();
  }

  function get<K extends ItemKind>(
    kind: K,
    id: string,
    { includeDeleted = false }: ReadOptions = {},
  ): ItemOf<K> | undefined {
    const item = items[kind].get(id) as ItemOf<K> | undefined;
    return item && (includeDeleted || !item.deleted) ? item : undefined;
  }

  function all<K extends ItemKind>(
    kind: K,
    { includeDeleted = false }: ReadOptions = {},
  ): readonly ItemOf<K>[] {
    const viewKey = `${kind}:${includeDeleted}`;
    let view = views.get(viewKey);
    if (!view) {
      view = [...items[kind].values()].filter((item) => includeDeleted || !item.deleted);
      views.set(viewKey, view);
    }
    return view as readonly ItemOf<K>[];
  }

  function put<T extends Item>(item: T, { keepModifiedAt = false }: PutOptions = {}): T | null {
    const key = storageKeyOf(item.kind, item.id);
    const reason = skipped.get(key);
    if (reason !== undefined) {
      onProblem({ kind: 'skipped', key, reason });
      return null;
    }
    const stamped = {
      ...item,
      v: SCHEMA_VERSION,
      modifiedAt: keepModifiedAt ? item.modifiedAt : stampAfter(items[item.kind].get(item.id)),
    };
    if (!stamped.deleted) delete stamped.deletedAt;
    const parsed = itemSchema.safeParse(stamped);
    if (!parsed.success) {
      throw new Error(`Invalid ${item.kind} ${item.id}: ${parsed.error.issues[0]?.message ?? ''}`);
    }
    const stored = parsed.data as T;
    items[stored.kind].set(stored.id, stored);
    pending.add(key);
    schedule();
    changed();
    return stored;
  }

  /**
   * Now, or just after the copy being changed when that one is dated later (an imported item from
   * a clock ahead, a clock set back): a change made here is always later than what it changes.
   */
  function stampAfter(previous: Item | undefined): string {
    const at = now().getTime();
    const after = previous ? Date.parse(previous.modifiedAt) + 1 : -Infinity;
    return new Date(Math.max(at, after)).toISOString();
  }

  function remove(kind: ItemKind, id: string, deletedAt = now().toISOString()): boolean {
    const item = items[kind].get(id);
    if (!item || item.deleted) return false;
    return put({ ...item, deleted: true, deletedAt }) !== null;
  }

  function purgeTombstones(
    olderThan: Date = new Date(now().getTime() - TOMBSTONE_DAYS * DAY_MS),
  ): number {
    const isExpired = (item: Item) =>
      item.deleted && Date.parse(item.deletedAt ?? '') < olderThan.getTime();
    let purged = 0;
    for (const map of Object.values(items)) {
      for (const item of [...map.values()]) {
        const key = storageKeyOf(item.kind, item.id);
        if (!isExpired(item) || skipped.has(key)) continue;
        const raw = storage.getItem(key);
        const current = raw === null || pending.has(key) ? null : parseStoredItem(key, raw);
        if (current && !(current.ok && isExpired(current.item))) {
          // Another tab wrote this key since: take what it holds instead of dropping it.
          applyExternalChange(key, raw);
          continue;
        }
        map.delete(item.id);
        pending.delete(key);
        if (raw !== null) storage.removeItem(key);
        purged += 1;
      }
    }
    if (purged > 0) changed();
    return purged;
  }

  /** Writes one pending key; false when the write failed and the key stays pending. */
  function write(key: string): boolean {
    try {
      if (key === DEFAULT_TIMELINE_KEY) {
        const raw = storage.getItem(key);
        if (raw !== null && !isValidId(raw)) skip(key, 'not a timeline id');
        else if (defaultTimeline === null) storage.removeItem(key);
        else storage.setItem(key, defaultTimeline);
        return true;
      }
      const item = itemAt(key);
      if (!item) return true;
      const value = serialiseItem(item);
      const raw = storage.getItem(key);
      if (raw !== null && raw !== value) {
        // Another tab may have written since its storage event: never write over what it left.
        const stored = parseStoredItem(key, raw);
        if (!stored.ok) {
          skip(key, stored.reason);
          return true;
        }
        if (isLater(stored.item, item)) {
          items[stored.item.kind].set(stored.item.id, stored.item);
          changed();
          return true;
        }
      }
      storage.setItem(key, value);
      return true;
    } catch (error) {
      if (!writeProblemReported) {
        writeProblemReported = true;
        onProblem(
          isQuotaError(error)
            ? { kind: 'quota' }
            : {
                kind: 'write-failed',
                reason: error instanceof Error ? error.message : String(error),
              },
        );
      }
      return false;
    }
  }

  function flush(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    for (const key of [...pending]) {
      if (write(key)) pending.delete(key);
    }
    if (pending.size === 0) writeProblemReported = false;
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function applyExternalChange(key: string | null, newValue: string | null): void {
    if (key === null) {
      // Another tab cleared storage.
      load();
      return;
    }
    if (key === DEFAULT_TIMELINE_KEY) {
      pending.delete(key);
      const before = defaultTimeline;
      readDefaultTimeline(newValue);
      if (defaultTimeline !== before) changed();
      return;
    }
    const parts = itemKeyParts(key);
    if (!parts) return;
    const map = items[parts.kind];
    if (newValue === null) {
      skipped.delete(key);
      pending.delete(key);
      if (map.delete(parts.id)) changed();
      return;
    }
    const result = parseStoredItem(key, newValue);
    if (!result.ok) {
      skip(key, result.reason);
      return;
    }
    skipped.delete(key);
    const mine = map.get(parts.id);
    if (mine && pending.has(key) && isLater(mine, result.item)) return;
    pending.delete(key);
    map.set(parts.id, result.item);
    changed();
  }

  function getDefaultTimeline(): string | null {
    return defaultTimeline;
  }

  function setDefaultTimeline(id: string | null): boolean {
    const reason = skipped.get(DEFAULT_TIMELINE_KEY);
    if (reason !== undefined) {
      onProblem({ kind: 'skipped', key: DEFAULT_TIMELINE_KEY, reason });
      return false;
    }
    if (id !== null && !isValidId(id)) throw new Error(`Invalid timeline id: ${id}`);
    defaultTimeline = id;
    pending.add(DEFAULT_TIMELINE_KEY);
    schedule();
    changed();
    return true;
  }

  function usage(): number {
    let chars = 0;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key === null || !isProductivityStorageKey(key)) continue;
      chars += key.length + (storage.getItem(key)?.length ?? 0);
    }
    return chars * 2;
  }

  return {
    load,
    get,
    all,
    put,
    remove,
    purgeTombstones,
    flush,
    subscribe,
    applyExternalChange,
    getDefaultTimeline,
    setDefaultTimeline,
    skippedKeys: () => skipped,
    hasPendingWrites: () => pending.size > 0,
    usage,
    batch,
  };
}
