/**
 * What happens when a device pushes a change made on an older version of an item than the server
 * holds (docs/product/nowou.md#nowou-sync): the later change wins the item as a whole, the device id
 * breaking a tie; but two changes to different fields of one to-do are both kept, field by field,
 * when the version both started from is still known. Pure: the caller stores the outcome.
 */
import { parseRecord, type Item, type Todo } from '#shared/nowou-records';

export interface Copy {
  item: Item;
  device: string;
}

export type Outcome =
  /** Both copies say the same: nothing to write. */
  | { kind: 'same' }
  /** The pushed copy wins; the server's goes to the history. */
  | { kind: 'pushed-wins' }
  /** The server's copy wins; the pushed one goes to the history. */
  | { kind: 'server-wins' }
  /** A to-do holding both sides' changes. */
  | { kind: 'merged'; item: Item };

/** Fields that only make sense together, so they always come from the same side. */
const TODO_FIELD_GROUPS: readonly (readonly (keyof Todo)[])[] = [
  ['list', 'time', 'duration', 'schedule'],
  ['done', 'doneAt'],
  ['recurrence', 'seriesId'],
  ['deleted', 'deletedAt'],
];
/** The envelope fields that say nothing about what the person changed. */
const NOT_CONTENT = new Set(['id', 'kind', 'v', 'modifiedAt']);

function contentOf(item: Item): string {
  const { modifiedAt: _ignored, ...content } = item;
  return stableJson(content);
}

/** JSON with object keys in sorted order, so equal values compare equal. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** True when `a` is the later change: later modification time, then the larger device id. */
export function isLaterChange(a: Copy, b: Copy): boolean {
  const at = Date.parse(a.item.modifiedAt);
  const bt = Date.parse(b.item.modifiedAt);
  if (at !== bt) return at > bt;
  return a.device > b.device;
}

function groupsOf(...items: Item[]): string[][] {
  const grouped = new Set<string>(TODO_FIELD_GROUPS.flat());
  const single = new Set<string>();
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (!grouped.has(key) && !NOT_CONTENT.has(key)) single.add(key);
    }
  }
  return [...TODO_FIELD_GROUPS.map((group) => [...group]), ...[...single].map((key) => [key])];
}

function pick(item: Item, group: readonly string[]): string {
  const record = item as unknown as Record<string, unknown>;
  return stableJson(group.map((key) => record[key] ?? null));
}

/**
 * Merges two to-dos changed from `base`: each group of fields comes from the side that changed it;
 * where both changed it differently, from the later change. Null when the result is not a valid to-do.
 */
function mergeTodos(base: Todo, server: Copy, pushed: Copy): Item | null {
  const later = isLaterChange(pushed, server) ? pushed : server;
  const merged: Record<string, unknown> = { ...server.item };
  for (const group of groupsOf(base, server.item, pushed.item)) {
    const pushedChanged = pick(pushed.item, group) !== pick(base, group);
    const serverChanged = pick(server.item, group) !== pick(base, group);
    const from = pushedChanged && serverChanged ? later : pushedChanged ? pushed : server;
    const source = from.item as unknown as Record<string, unknown>;
    for (const key of group) {
      if (source[key] === undefined) delete merged[key];
      else merged[key] = source[key];
    }
  }
  // Later than both copies, so every device and tab takes the merged one over either.
  const newest = Math.max(Date.parse(server.item.modifiedAt), Date.parse(pushed.item.modifiedAt));
  merged.modifiedAt = new Date(newest + 1).toISOString();
  const parsed = parseRecord(merged);
  return parsed.ok ? parsed.item : null;
}

/**
 * Decides between the server's copy and a pushed one made on another version. `base` is the
 * version the pushed change was made on, when the history still has it.
 */
export function resolveConflict(server: Copy, pushed: Copy, base: Item | null): Outcome {
  if (contentOf(server.item) === contentOf(pushed.item)) return { kind: 'same' };
  const whole: Outcome = isLaterChange(pushed, server)
    ? { kind: 'pushed-wins' }
    : { kind: 'server-wins' };
  if (base?.kind !== 'todo' || server.item.kind !== 'todo' || pushed.item.kind !== 'todo') {
    return whole;
  }
  const merged = mergeTodos(base, server, pushed);
  if (!merged) return whole;
  if (contentOf(merged) === contentOf(pushed.item)) return { kind: 'pushed-wins' };
  if (contentOf(merged) === contentOf(server.item)) return { kind: 'server-wins' };
  return { kind: 'merged', item: merged };
}
