/**
 * Keeps one browser's Nowou items in step with its owner's account (docs/product/nowou.md#nowou-sync),
 * item by item. A round pushes every item whose modification time differs from the one last agreed
 * with the server (its shadow), with the server version the change was made on; takes what the
 * server answers (its own copy where it kept or merged one); then pulls everything after its
 * cursor, leaving alone items changed here meanwhile (their push settles them next round).
 *
 * Every step can be repeated safely: a copy pushed twice is "the same" to the server, and an item
 * pulled twice is written twice. So a round cut short (a closed tab, a lost connection) only
 * costs traffic, and two tabs syncing at once lose nothing.
 *
 * The items a browser held before the person signed in wait for their word (Add to my account):
 * they are neither pushed nor overwritten meanwhile, while everything else syncs, so the account's
 * items show at once on a new browser whatever the answer.
 */
import { ITEM_KINDS, itemKeyParts, storageKeyOf, type Item } from '#shared/nowou-records';
import {
  isDatedAhead,
  NOWOU_SYNC_LIMITS,
  NOWOU_SYNC_MESSAGES,
  type NowouPullAnswer,
  type NowouPush,
  type NowouPushAnswer,
} from '#shared/nowou-sync-schemas';
import type { AccountSyncState, NowouSyncStore, ShadowEntry } from '../../../lib/nowou-sync-store';
import type { ItemStore } from '../model/item-store';
import { isUntouchedFirstTimeline } from '../logic/new-timeline';

export type SyncStatus =
  | { kind: 'idle' }
  | { kind: 'syncing' }
  | { kind: 'synced'; at: Date }
  | { kind: 'offline' }
  /** Some items were refused by a limit; `message` says which. Everything stays on the device. */
  | { kind: 'limit'; message: string }
  | { kind: 'error'; message: string }
  /** The session ended: nothing syncs until someone logs in again. */
  | { kind: 'signed-out' };

export interface SyncApi {
  push(body: NowouPush): Promise<NowouPushAnswer>;
  pull(after: number): Promise<NowouPullAnswer>;
}

/** Why a round failed, as the engine needs to know it. */
export type FailureKind = 'offline' | 'signed-out' | 'busy' | 'other';

export interface SyncEngineOptions {
  store: ItemStore;
  api: SyncApi;
  syncStore: NowouSyncStore;
  userId: string;
  onStatus: (status: SyncStatus) => void;
  classify: (error: unknown) => { kind: FailureKind; message: string };
  /** Runs a round so that no other tab runs one for the account at the same time, where it can. */
  exclusive?: <T>(name: string, run: () => Promise<T>) => Promise<T>;
  /**
   * Keys of the items this browser held (not deleted) when the person signed in. Only those wait
   * for their word before joining an account that never synced here: what they make while signed
   * in is the account's own, even when it is made before the sync code has loaded. Without it,
   * every item held at the first round waits. The first timeline as Nowou made it never waits.
   */
  keysAtSignIn?: ReadonlySet<string>;
  /** How many items (not deleted) wait for the person's word; 0 once they are added. */
  onWaiting?: (count: number) => void;
  /** Quiet time after a change before it is pushed. */
  debounceMs?: number;
  now?: () => Date;
}

export interface SyncEngine {
  /** Starts syncing; with `consent`, the items waiting for the person's word join the account. */
  start(options?: { consent?: boolean }): void;
  /** Asks for a round soon (a change, a live event, the network back). */
  request(): void;
  /** Runs a round now (Retry); resolves when it ended. */
  syncNow(): Promise<void>;
  stop(): void;
}

/** Keeps a push body well under the server's limit; one item may reach that alone. */
const PUSH_BATCH_BYTES = 1_500_000;
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 120_000;

interface Dirty {
  key: string;
  item: Item;
  baseSeq: number | null;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { store, api, syncStore, userId, onStatus, classify } = options;
  const debounceMs = options.debounceMs ?? 800;
  const now = options.now ?? (() => new Date());
  const exclusive = options.exclusive ?? ((_name, run) => run());

  let started = false;
  let consent = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let applying = false;
  let shadow: Map<string, ShadowEntry> | null = null;
  let generation = -1;
  let deviceId: string | null = null;
  /** Items a limit refused, by key, with the time of the copy refused: not sent again unchanged. */
  const refused = new Map<string, { modifiedAt: string; message: string }>();

  const unsubscribe = store.subscribe(() => {
    if (!applying) request();
  });

  function status(next: SyncStatus): void {
    if (!stopped) onStatus(next);
  }

  function request(): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void syncNow(), debounceMs);
  }

  function allItems(): Item[] {
    return ITEM_KINDS.flatMap((kind) => store.all(kind, { includeDeleted: true }) as Item[]);
  }

  /** Made here by Nowou itself and never agreed with the account: the account's copy wins. */
  function selfMade(item: Item, entry: ShadowEntry | undefined): boolean {
    return entry === undefined && isUntouchedFirstTimeline(item);
  }

  function dirtyItems(known: Map<string, ShadowEntry>, waiting: ReadonlySet<string>): Dirty[] {
    const dirty: Dirty[] = [];
    for (const item of allItems()) {
      const key = storageKeyOf(item.kind, item.id);
      const entry = known.get(key);
      if (entry?.modifiedAt === item.modifiedAt) continue;
      if (waiting.has(key) || selfMade(item, entry)) continue;
      // The server refuses a push holding a change dated more than a day ahead (an imported file,
      // a clock that ran fast): such an item waits here, said so, until its time comes.
      if (isDatedAhead(item.modifiedAt, now())) {
        refused.set(key, {
          modifiedAt: item.modifiedAt,
          message: NOWOU_SYNC_MESSAGES.changedAhead,
        });
        continue;
      }
      if (refused.get(key)?.message === NOWOU_SYNC_MESSAGES.changedAhead) refused.delete(key);
      if (refused.get(key)?.modifiedAt === item.modifiedAt) continue;
      dirty.push({ key, item, baseSeq: entry?.seq ?? null });
    }
    return dirty;
  }

  function batches(dirty: Dirty[]): Dirty[][] {
    const out: Dirty[][] = [];
    let current: Dirty[] = [];
    let bytes = 0;
    for (const entry of dirty) {
      const size = JSON.stringify(entry.item).length;
      if (
        current.length > 0 &&
        (current.length >= NOWOU_SYNC_LIMITS.pushItems || bytes + size > PUSH_BATCH_BYTES)
      ) {
        out.push(current);
        current = [];
        bytes = 0;
      }
      current.push(entry);
      bytes += size;
    }
    if (current.length > 0) out.push(current);
    return out;
  }

  function localItem(key: string): Item | undefined {
    const parts = itemKeyParts(key);
    return parts ? store.get(parts.kind, parts.id, { includeDeleted: true }) : undefined;
  }

  /** Writes the server's copy here; false when it could not be kept (this version cannot read it). */
  function take(value: unknown, key: string): Item | null {
    const parts = itemKeyParts(key);
    const candidate = value as Partial<Item> | null;
    if (!parts || candidate?.kind !== parts.kind || candidate.id !== parts.id) return null;
    try {
      return store.put(value as Item, { keepModifiedAt: true });
    } catch {
      // A copy from a newer version of the app, or broken: left alone, the local copy stays.
      return null;
    }
  }

  async function push(
    known: Map<string, ShadowEntry>,
    changes: Map<string, ShadowEntry>,
    waiting: ReadonlySet<string>,
  ): Promise<string | null> {
    let limitMessage: string | null = null;
    const device = (deviceId ??= await syncStore.deviceId());
    for (const batch of batches(dirtyItems(known, waiting))) {
      const answer = await api.push({
        device,
        items: batch.map(({ key, item, baseSeq }) => ({ key, value: item, baseSeq })),
      });
      const sent = new Map(batch.map((entry) => [entry.key, entry.item]));
      applying = true;
      try {
        store.batch(() => {
          for (const result of answer.results) {
            const pushed = sent.get(result.key);
            if (!pushed) continue;
            if (result.status === 'refused') {
              refused.set(result.key, { modifiedAt: pushed.modifiedAt, message: result.message });
              limitMessage = result.message;
              continue;
            }
            refused.delete(result.key);
            const local = localItem(result.key);
            const unchangedHere = local?.modifiedAt === pushed.modifiedAt;
            if (result.status === 'accepted') {
              const entry = { seq: result.seq, modifiedAt: pushed.modifiedAt };
              known.set(result.key, entry);
              changes.set(result.key, entry);
            } else if (unchangedHere) {
              // The server kept its copy or merged both: this device takes the result.
              const taken = take(result.value, result.key);
              if (taken) {
                const entry = { seq: result.seq, modifiedAt: taken.modifiedAt };
                known.set(result.key, entry);
                changes.set(result.key, entry);
              }
            }
            // Changed here while the push was under way: the shadow stays, and the next push
            // settles the newer change against the server's copy.
          }
        });
      } finally {
        applying = false;
      }
    }
    return limitMessage;
  }

  async function pull(
    account: AccountSyncState,
    known: Map<string, ShadowEntry>,
    changes: Map<string, ShadowEntry>,
    waiting: Set<string>,
  ): Promise<void> {
    let pending = api.pull(account.cursor);
    /** Every key the account holds, gathered when this device reads it all again. */
    let onServer: Set<string> | null = null;
    const first = await pending;
    if (account.cursor > 0 && first.purged > account.cursor) {
      // Away so long that deletions made elsewhere were purged before this device heard of them:
      // read everything again, then retire what the account no longer holds (see retirePurged).
      onServer = new Set();
      account.cursor = 0;
      pending = api.pull(0);
    }
    // Read from the start, this device has seen every deletion the account still keeps, and
    // needs none of those purged: its cursor may pass them (else it would read everything again).
    const purgedSeen = account.cursor === 0 ? first.purged : 0;
    for (;;) {
      const page = await pending;
      for (const { key } of page.items) onServer?.add(key);
      if (page.more) {
        // The next page is on its way while this one is written here (a first sync of thousands
        // of items would otherwise wait for the server between pages). A failure shows when it
        // is awaited; until then it must not count as unhandled.
        pending = api.pull(page.cursor);
        pending.catch(() => undefined);
      }
      applying = true;
      try {
        store.batch(() => {
          for (const { key, seq, value } of page.items) {
            const local = localItem(key);
            const entry = known.get(key);
            const changedHere =
              local !== undefined &&
              entry?.modifiedAt !== local.modifiedAt &&
              !selfMade(local, entry);
            const incoming = value as Partial<Item> | null;
            // A changed item here, or one waiting for the person's word, is not overwritten.
            if (changedHere && incoming?.modifiedAt !== local.modifiedAt) continue;
            if (local && incoming?.modifiedAt === local.modifiedAt) {
              // This device's own copy coming back: only the version is new.
              waiting.delete(key);
              const agreed = { seq, modifiedAt: local.modifiedAt };
              known.set(key, agreed);
              changes.set(key, agreed);
              continue;
            }
            const taken = take(value, key);
            if (!taken) continue;
            const agreed = { seq, modifiedAt: taken.modifiedAt };
            known.set(key, agreed);
            changes.set(key, agreed);
          }
        });
      } finally {
        applying = false;
      }
      account.cursor = page.cursor;
      if (!page.more) {
        if (onServer) retirePurged(onServer, known);
        account.cursor = Math.max(account.cursor, purgedSeen);
        return;
      }
      // Progress is kept page by page: a first sync cut short goes on where it stopped.
      await save(account, changes);
    }
  }

  /**
   * After reading the whole account again: an item this device synced before, unchanged here since,
   * that the account no longer holds was deleted on another device more than 30 days ago. It goes
   * to this device's Recently deleted (restorable; its shadow stays, so the deletion is not sent
   * back). One changed here since is kept and sent again as new: the later change wins.
   */
  function retirePurged(onServer: ReadonlySet<string>, known: Map<string, ShadowEntry>): void {
    const deletedAt = now().toISOString();
    applying = true;
    try {
      store.batch(() => {
        for (const item of allItems()) {
          const key = storageKeyOf(item.kind, item.id);
          if (item.deleted || onServer.has(key)) continue;
          if (known.get(key)?.modifiedAt !== item.modifiedAt) continue;
          store.put({ ...item, deleted: true, deletedAt }, { keepModifiedAt: true });
        }
      });
    } finally {
      applying = false;
    }
  }

  async function save(account: AccountSyncState, changes: Map<string, ShadowEntry>): Promise<void> {
    account.generation += 1;
    await syncStore.save(userId, changes, account);
    generation = account.generation;
    changes.clear();
  }

  /** The person's own items held here from before signing in (docs/product/nowou.md#nowou-sync). */
  function itemsFromBefore(): string[] {
    const atSignIn = options.keysAtSignIn;
    return allItems()
      .filter((item) => !item.deleted && !isUntouchedFirstTimeline(item))
      .map((item) => storageKeyOf(item.kind, item.id))
      .filter((key) => !atSignIn || atSignIn.has(key));
  }

  function reportWaiting(waiting: ReadonlySet<string>): void {
    if (stopped) return;
    const live = [...waiting].filter((key) => localItem(key)?.deleted === false).length;
    options.onWaiting?.(live);
  }

  async function round(): Promise<void> {
    const known = await syncStore.account(userId);
    const account = known ?? {
      userId,
      cursor: 0,
      generation: 0,
      waiting: consent ? [] : itemsFromBefore(),
    };
    if (consent) account.waiting = [];
    const waiting = new Set(account.waiting ?? []);
    // On a first sync the count waits for the pull: items the account already holds as they are
    // here (a copy kept at log-out) are not asked about.
    if (known) reportWaiting(waiting);
    status({ kind: 'syncing' });
    if (!shadow || account.generation !== generation) {
      shadow = await syncStore.shadow(userId);
      generation = account.generation;
    }
    const changes = new Map<string, ShadowEntry>();
    const limitMessage = await push(shadow, changes, waiting);
    await pull(account, shadow, changes, waiting);
    account.waiting = [...waiting];
    await save(account, changes);
    reportWaiting(waiting);
    // A limit message stays until the refused items sync or change.
    const stillRefused = [...refused.values()].at(-1)?.message ?? limitMessage;
    status(stillRefused ? { kind: 'limit', message: stillRefused } : { kind: 'synced', at: now() });
  }

  function retryLater(): void {
    clearTimeout(retryTimer);
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** retries);
    retries += 1;
    retryTimer = setTimeout(() => void syncNow(), delay);
  }

  async function runRounds(): Promise<void> {
    do {
      again = false;
      try {
        await exclusive(`nowou-sync:${userId}`, round);
        retries = 0;
      } catch (error) {
        // What the server answered before the failure was kept; what was not is sent again.
        shadow = null;
        const failure = classify(error);
        if (failure.kind === 'signed-out') {
          status({ kind: 'signed-out' });
          stop();
          return;
        }
        status(
          failure.kind === 'offline'
            ? { kind: 'offline' }
            : { kind: 'error', message: failure.message },
        );
        if (failure.kind !== 'offline') retryLater();
        return;
      }
    } while (again && !stopped);
  }

  function syncNow(): Promise<void> {
    if (!started || stopped) return Promise.resolve();
    clearTimeout(timer);
    if (running) {
      again = true;
      return running;
    }
    running = runRounds().finally(() => {
      running = null;
    });
    return running;
  }

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(retryTimer);
    unsubscribe();
  }

  return {
    start(startOptions = {}) {
      if (stopped) return;
      consent ||= startOptions.consent ?? false;
      started = true;
      void syncNow();
    },
    request,
    syncNow,
    stop,
  };
}
