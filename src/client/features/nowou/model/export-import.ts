/**
 * A file of every Nowou item, to keep a copy or move to another browser, with the timeline that
 * opens first. An import is planned first and applied only when the whole file is valid; items
 * merge by id, the later modifiedAt winning, so importing an older copy never undoes newer work.
 */
import { z } from 'zod';
import type { History } from './history';
import type { ItemStore } from './item-store';
import { ITEM_KINDS, isValidId, parseRecord, storageKeyOf, type Item } from '#shared/nowou-records';

export const EXPORT_FORMAT = 'nowou';
export const EXPORT_VERSION = 1;

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  items: Item[];
  /** The id of the timeline that opens first (`defaultTimeline`), or null; older files lack it. */
  defaultTimeline?: string | null;
}

export type ImportPlan =
  | { ok: false; reason: string }
  | {
      ok: true;
      add: Item[];
      change: Item[];
      unchanged: number;
      /**
       * The file's timeline that opens first, taken when this browser has none (or its own is
       * gone) and that timeline is there once imported; null otherwise.
       */
      defaultTimeline: string | null;
    };

export type ReadyImport = Extract<ImportPlan, { ok: true }>;

const fileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number(),
  exportedAt: z.string(),
  items: z.array(z.unknown()),
  defaultTimeline: z.string().nullable().optional(),
});

/** Every item, tombstones included, so a deletion travels with the file. */
export function exportItems(store: ItemStore, now: Date = new Date()): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    items: ITEM_KINDS.flatMap((kind) => [...store.all(kind, { includeDeleted: true })]),
    defaultTimeline: store.getDefaultTimeline(),
  };
}

export function planImport(store: ItemStore, fileText: string): ImportPlan {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch {
    return { ok: false, reason: 'The file is not JSON.' };
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) return { ok: false, reason: 'The file is not a Nowou export.' };
  if (file.data.version > EXPORT_VERSION) {
    return { ok: false, reason: 'The file comes from a newer version of Nowou.' };
  }
  const add: Item[] = [];
  const change: Item[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const [index, value] of file.data.items.entries()) {
    const result = parseRecord(value);
    if (!result.ok) return { ok: false, reason: `Item ${index + 1} is invalid: ${result.reason}.` };
    const { item } = result;
    const key = storageKeyOf(item.kind, item.id);
    if (seen.has(key)) return { ok: false, reason: `Item ${index + 1} repeats ${key}.` };
    seen.add(key);
    if (store.skippedKeys().has(key)) {
      return {
        ok: false,
        reason: `Item ${index + 1} would replace ${key}, which this version cannot read.`,
      };
    }
    const current = store.get(item.kind, item.id, { includeDeleted: true });
    if (!current) add.push(item);
    else if (isNewer(item, current)) change.push(item);
    else unchanged += 1;
  }
  return {
    ok: true,
    add,
    change,
    unchanged,
    defaultTimeline: defaultToTake(store, file.data.defaultTimeline, [...add, ...change]),
  };
}

/**
 * The file's default timeline, when this browser has no default of its own that still stands and
 * the file's is a timeline this browser will have (already, or from the file) and not deleted.
 */
function defaultToTake(
  store: ItemStore,
  fileDefault: string | null | undefined,
  incoming: readonly Item[],
): string | null {
  if (!fileDefault || !isValidId(fileDefault)) return null;
  const own = store.getDefaultTimeline();
  if (own && store.get('timeline', own)) return null;
  const coming = incoming.find((item) => item.kind === 'timeline' && item.id === fileDefault);
  const timeline = coming ?? store.get('timeline', fileDefault, { includeDeleted: true });
  return timeline && !timeline.deleted && own !== fileDefault ? fileDefault : null;
}

function isNewer(item: Item, current: Item | undefined): boolean {
  return !current || Date.parse(item.modifiedAt) > Date.parse(current.modifiedAt);
}

/**
 * Writes the planned items with their own modification times as one undo step, and flushes. An
 * item changed in the store since the plan was made is left alone if it is now the later one.
 * Returns how many were written, or null when the store refused one (then none is written).
 */
export function applyImport(
  store: ItemStore,
  history: History,
  plan: ReadyImport,
  label: string,
): number | null {
  const items = itemsToImport(store, plan);
  if (items.length > 0 && !history.change(items, { label, keepModifiedAt: true })) return null;
  if (plan.defaultTimeline && store.get('timeline', plan.defaultTimeline)) {
    store.setDefaultTimeline(plan.defaultTimeline);
  }
  store.flush();
  return items.length;
}

/** The planned items still later than the store's copies (for writing them through the history). */
function itemsToImport(store: ItemStore, plan: ReadyImport): Item[] {
  return [...plan.add, ...plan.change].filter((item) =>
    isNewer(item, store.get(item.kind, item.id, { includeDeleted: true })),
  );
}
