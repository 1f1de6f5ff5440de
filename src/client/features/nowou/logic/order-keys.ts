/**
 * Fractional order keys: each item holds a short string, and sorting the strings gives the order.
 * A key for a new place is made between its two neighbours' keys, so moving or inserting an item
 * writes that one item and never renumbers the rest (which, with local-first storage and several
 * tabs, would mean many writes and many chances to conflict).
 *
 * A key is a fraction 0.d1d2d3… in base 62, written with the digits 0-9, A-Z, a-z, whose ASCII
 * order is their value order. Keys never end in the smallest digit '0', so plain string order is
 * value order and there is always room for another key between two (between "V" and "W" lies
 * "VV"). Compare keys with `<` or compareOrderKeys, not localeCompare, which sorts "a" before "B".
 */

import { orderSchema } from '#shared/nowou-records';

export const ORDER_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const BASE = BigInt(ORDER_DIGITS.length);

/** A key as the records store it (`orderSchema`). */
export function isValidOrderKey(key: unknown): key is string {
  return orderSchema.safeParse(key).success;
}

/** For Array.prototype.sort: code-unit order, which is the keys' order. */
export function compareOrderKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first `length` digits of a key as an integer, padded with zeros when the key is shorter. */
function leadingDigits(key: string, length: number): bigint {
  let value = 0n;
  for (let i = 0; i < length; i += 1) {
    value = value * BASE + BigInt(i < key.length ? ORDER_DIGITS.indexOf(key.charAt(i)) : 0);
  }
  return value;
}

/** `length` digits for an integer, the trailing zeros left off. */
function keyOfDigits(value: bigint, length: number): string {
  let digits = '';
  for (let i = 0; i < length; i += 1) {
    digits = ORDER_DIGITS.charAt(Number(value % BASE)) + digits;
    value /= BASE;
  }
  return digits.replace(/0+$/, '');
}

function checkBounds(a: string | null, b: string | null): void {
  for (const key of [a, b]) {
    if (key !== null && !isValidOrderKey(key)) throw new RangeError(`not an order key: "${key}"`);
  }
  if (a !== null && b !== null && a >= b) {
    throw new RangeError(`order key "${a}" is not before "${b}"`);
  }
}

/**
 * The keys of `length` digits strictly between a and b, as the integers [low, high] (empty when
 * low > high). A bound longer than `length` is cut short: its remaining digits are not all zero,
 * so the cut value itself still lies before b.
 */
function keyRange(a: string | null, b: string | null, length: number): [bigint, bigint] {
  const low = a === null ? 1n : leadingDigits(a, length) + 1n;
  const high =
    b === null
      ? BASE ** BigInt(length) - 1n
      : leadingDigits(b, length) - (b.length <= length ? 1n : 0n);
  return [low, high];
}

/**
 * `count` keys strictly between a and b (null: the open start or end), in order and evenly spread.
 * They are as short as they can be: at each length the keys of that many digits that lie between
 * a and b are counted, and the first length with enough of them is used.
 */
export function keysBetween(a: string | null, b: string | null, count: number): string[] {
  checkBounds(a, b);
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`not a number of keys: ${count}`);
  }
  if (count === 0) return [];
  const wanted = BigInt(count);
  for (let length = 1; ; length += 1) {
    const [low, high] = keyRange(a, b, length);
    const room = high - low + 1n;
    if (room < wanted) continue;
    const keys: string[] = [];
    for (let i = 1n; i <= wanted; i += 1n) {
      keys.push(keyOfDigits(low + (i * (room + 1n)) / (wanted + 1n) - 1n, length));
    }
    return keys;
  }
}

/**
 * One key strictly between a and b (null: the open start or end); throws unless a < b.
 *
 * Between two keys it is the middle of the shortest keys that fit. Against an open end it is the
 * shortest key next to the one given ("V" → "W" at the end, "V" → "U" at the start), so adding
 * to the top or the bottom of a list again and again grows keys by one digit per 61 items instead
 * of one per 5 or so that halving the gap to the end would give. The first key of all is "V", in
 * the middle.
 */
export function keyBetween(a: string | null, b: string | null): string {
  checkBounds(a, b);
  if (a === null && b === null) return 'V';
  for (let length = 1; ; length += 1) {
    const [low, high] = keyRange(a, b, length);
    if (low > high) continue;
    if (a === null) return keyOfDigits(high, length);
    if (b === null) return keyOfDigits(low, length);
    return keyOfDigits((low + high) / 2n, length);
  }
}

/** A fresh, evenly spaced set of `count` keys, for renumbering a list whose keys grew long. */
export function rebalance(count: number): string[] {
  return keysBetween(null, null, count);
}

/**
 * Past this length a new key renumbers its list instead (see placeAmong): inserting again and
 * again at one spot grows a key by a digit about every 5 inserts, and the schema takes 500.
 */
export const RENUMBER_AT = 50;

export interface Ordered {
  id: string;
  order: string;
}

export interface Placement {
  /** The key for the placed item. */
  key: string;
  /** New keys for other items, by id: empty unless the list was renumbered. */
  renumbered: Map<string, string>;
}

function byKeyThenId(a: Ordered, b: Ordered): number {
  return compareOrderKeys(a.order, b.order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Where in a list: after an item (null: first), before an item, or at the end. */
export type Spot = { after: string | null } | { before: string } | 'end';

/**
 * Where an item goes among its siblings (every item sharing the order, in any order; the item
 * itself may be among them; a spot naming an item not among them means the end). Usually that is
 * one key between the two neighbours, so a move writes one item. When that key would be longer
 * than RENUMBER_AT, or no key fits (two neighbours share a key, written by two tabs at once), the
 * whole list gets fresh, short, evenly spread keys in its new order instead, so no key ever nears
 * the schema's limit.
 */
export function placeAmong(
  siblings: readonly Ordered[],
  movedId: string | null,
  spot: Spot = 'end',
): Placement {
  const others = siblings.filter((item) => item.id !== movedId).sort(byKeyThenId);
  let index = others.length;
  if (spot !== 'end') {
    const target = 'before' in spot ? spot.before : spot.after;
    const at = target === null ? -1 : others.findIndex((item) => item.id === target);
    if (target === null) index = 0;
    else if (at >= 0) index = 'before' in spot ? at : at + 1;
  }
  const before = others[index - 1]?.order ?? null;
  const after = others[index]?.order ?? null;
  if (before === null || after === null || before < after) {
    const key = keyBetween(before, after);
    if (key.length <= RENUMBER_AT) return { key, renumbered: new Map() };
  }
  const keys = rebalance(others.length + 1);
  const renumbered = new Map<string, string>();
  others.forEach((item, i) => {
    const key = keys[i < index ? i : i + 1]!;
    if (key !== item.order) renumbered.set(item.id, key);
  });
  return { key: keys[index]!, renumbered };
}
