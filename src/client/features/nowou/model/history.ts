/**
 * Undo and redo for every change Nowou makes (docs/product/nowou.md#nowou). The UI writes through
 * `history.change` instead of `store.put`: each call is one step, holding each item as it was before
 * and after. A gesture (one drag) is one call; a typing burst is several calls with the same `group`
 * that fold into one step while they come less than `groupMs` apart.
 *
 * Undoing writes the earlier copy again with a fresh modification time, so it wins over the undone
 * one in other tabs, an import or a sync; an item the step created is deleted (a tombstone). A step
 * is skipped, not half-applied, when another tab changed one of its items since (its copy is no
 * longer the one the step left).
 */
import type { ItemStore } from './item-store';
import { itemSchema, storageKeyOf, type Item, type ItemKind } from '#shared/nowou-records';

export interface ChangeOptions {
  /** What the step did, for the status line: "Moved Buy milk". */
  label: string;
  /** Consecutive changes with the same group, less than groupMs apart, are one step. */
  group?: string;
  /** Keep the items' own modifiedAt (an import), instead of stamping now. */
  keepModifiedAt?: boolean;
}

export interface HistoryStep {
  label: string;
}

export interface History {
  /** Writes the items (new or changed) as one step; false when the store refused one of them. */
  change(items: readonly Item[], options: ChangeOptions): boolean;
  /** Deletes items (tombstones) as one step; false when none was there to delete. */
  remove(items: readonly { kind: ItemKind; id: string }[], options: ChangeOptions): boolean;
  /** Undoes the last step; answers it, or null when there was nothing to undo. */
  undo(): HistoryStep | null;
  redo(): HistoryStep | null;
  canUndo(): boolean;
  canRedo(): boolean;
  subscribe(listener: () => void): () => void;
}

interface Entry {
  kind: ItemKind;
  id: string;
  /** The item before the step; undefined when the step created it. */
  before: Item | undefined;
  /** The item the step left. */
  after: Item | undefined;
}

interface Step {
  label: string;
  group: string | undefined;
  at: number;
  entries: Entry[];
}

export interface HistoryOptions {
  now?: () => number;
  groupMs?: number;
  /** Steps kept; the oldest go first. */
  limit?: number;
}

export function createHistory(
  store: ItemStore,
  { now = Date.now, groupMs = 1000, limit = 200 }: HistoryOptions = {},
): History {
  const done: Step[] = [];
  const undone: Step[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const current = (kind: ItemKind, id: string) => store.get(kind, id, { includeDeleted: true });
  /** The modifiedAt of the copy this history last wrote, per item. */
  const lastWritten = new Map<string, string | undefined>();
  const keyOf = ({ kind, id }: { kind: ItemKind; id: string }) => `${kind}:${id}`;
  const remember = (entry: { kind: ItemKind; id: string }) =>
    lastWritten.set(keyOf(entry), current(entry.kind, entry.id)?.modifiedAt);

  function record(entries: Entry[], { label, group }: ChangeOptions) {
    if (entries.length === 0) return;
    const at = now();
    const last = done.at(-1);
    if (group !== undefined && last && last.group === group && at - last.at < groupMs) {
      // Fold into the last step: keep its "before", take the new "after".
      for (const entry of entries) {
        const earlier = last.entries.find((e) => e.kind === entry.kind && e.id === entry.id);
        if (earlier) earlier.after = entry.after;
        else last.entries.push(entry);
      }
      last.at = at;
      last.label = label;
    } else {
      done.push({ label, group, at, entries });
      if (done.length > limit) done.shift();
    }
    undone.length = 0;
    notify();
  }

  /** Whether the store would take every item: valid, and not on a key it cannot read. */
  function writable(items: readonly Item[]): boolean {
    return items.every(
      (item) =>
        !store.skippedKeys().has(storageKeyOf(item.kind, item.id)) &&
        itemSchema.safeParse(item).success,
    );
  }

  /** All or nothing: when one item would be refused, nothing is written and it answers false. */
  function change(items: readonly Item[], options: ChangeOptions): boolean {
    if (!writable(items)) return false;
    const entries: Entry[] = [];
    for (const item of items) {
      const before = current(item.kind, item.id);
      const after = store.put(item, { keepModifiedAt: options.keepModifiedAt ?? false });
      if (after === null) continue;
      entries.push({ kind: item.kind, id: item.id, before, after });
      remember(item);
    }
    record(entries, options);
    return entries.length === items.length;
  }

  function remove(items: readonly { kind: ItemKind; id: string }[], options: ChangeOptions) {
    const entries: Entry[] = [];
    const deletedAt = new Date(now()).toISOString();
    for (const { kind, id } of items) {
      const before = current(kind, id);
      if (!store.remove(kind, id, deletedAt)) continue;
      entries.push({ kind, id, before, after: current(kind, id) });
      remember({ kind, id });
    }
    record(entries, options);
    return entries.length > 0;
  }

  /**
   * Writes each entry's copy for that direction, unless one of its items is no longer the copy this
   * history last wrote (another tab or a sync changed it since): then the step is skipped whole.
   */
  function travel(step: Step, direction: 'back' | 'forward'): boolean {
    const untouched = step.entries.every(
      (entry) =>
        current(entry.kind, entry.id)?.modifiedAt === lastWritten.get(keyOf(entry)) &&
        !store.skippedKeys().has(storageKeyOf(entry.kind, entry.id)),
    );
    if (!untouched) return false;
    for (const entry of step.entries) {
      const target = direction === 'back' ? entry.before : entry.after;
      if (target === undefined) store.remove(entry.kind, entry.id);
      else store.put(target);
      remember(entry);
    }
    return true;
  }

  function move(from: Step[], to: Step[], direction: 'back' | 'forward'): HistoryStep | null {
    while (from.length > 0) {
      const step = from.pop()!;
      if (travel(step, direction)) {
        to.push(step);
        notify();
        return { label: step.label };
      }
      // Changed elsewhere since: that step can no longer be undone or redone cleanly.
    }
    notify();
    return null;
  }

  return {
    change,
    remove,
    undo: () => move(done, undone, 'back'),
    redo: () => move(undone, done, 'forward'),
    canUndo: () => done.length > 0,
    canRedo: () => undone.length > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
