import { describe, expect, test } from 'vitest';
import {
  compareOrderKeys,
  isValidOrderKey,
  keyBetween,
  keysBetween,
  ORDER_DIGITS,
  RENUMBER_AT,
  placeAmong,
  rebalance,
} from './order-keys';

/** A small seeded generator (mulberry32), so a failure can be run again. */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fails unless every key is valid and each is strictly before the next. */
function expectStrictlySorted(keys: readonly string[]): void {
  for (const [i, key] of keys.entries()) {
    expect(isValidOrderKey(key), key).toBe(true);
    const next = keys[i + 1];
    if (next !== undefined) expect(key < next, `${key} < ${next}`).toBe(true);
  }
}

/** A key's value as a fraction with `digits` base-62 digits, as an integer. */
function valueOf(key: string, digits: number): bigint {
  let value = 0n;
  for (let i = 0; i < digits; i += 1)
    value = value * 62n + BigInt(ORDER_DIGITS.indexOf(key[i] ?? '0'));
  return value;
}

test('the digits are in ASCII order, so string order is value order', () => {
  expect(ORDER_DIGITS).toHaveLength(62);
  expect([...ORDER_DIGITS].sort().join('')).toBe(ORDER_DIGITS);
  expect(['a', 'B', '0', 'Z', 'z'].sort(compareOrderKeys)).toEqual(['0', 'B', 'Z', 'a', 'z']);
  expect(compareOrderKeys('V', 'V')).toBe(0);
  expect(compareOrderKeys('V', 'VV')).toBe(-1);
});

test('valid keys: base-62 digits, not empty, never ending in 0', () => {
  for (const key of ['V', '0V', 'zz', 'a1B2']) expect(isValidOrderKey(key)).toBe(true);
  for (const key of ['', '0', 'V0', 'a-b', 'ä', ' V', 1, null])
    expect(isValidOrderKey(key)).toBe(false);
});

describe('keyBetween', () => {
  test('the first key is in the middle, and keys are as short as they can be', () => {
    expect(keyBetween(null, null)).toBe('V');
    expect(keyBetween('A', 'z')).toHaveLength(1);
    expect(keyBetween('VVVVV', 'X')).toBe('W');
    expect(keyBetween('V', 'W')).toBe('VV');
    expect(keyBetween('V', 'V1')).toBe('V0V');
    expect(keyBetween(null, '1')).toBe('0z');
    expect(keyBetween('z', null)).toBe('z1');
  });

  test.each<[string | null, string | null]>([
    [null, 'V'],
    ['V', null],
    ['V', 'W'],
    ['V', 'VV'],
    ['V', 'V01'],
    ['0z', '1'],
    ['1', '11'],
    ['Vz', 'W'],
    ['Vzzz', 'W'],
    ['zzzz', null],
    [null, '0001'],
    ['A1', 'A2'],
    ['1', 'z'],
  ])('between %s and %s', (a, b) => {
    const key = keyBetween(a, b);
    expect(isValidOrderKey(key)).toBe(true);
    if (a !== null) expect(a < key).toBe(true);
    if (b !== null) expect(key < b).toBe(true);
  });

  test('throws unless a is before b, or for a key that is not one', () => {
    expect(() => keyBetween('V', 'V')).toThrow(RangeError);
    expect(() => keyBetween('W', 'V')).toThrow(RangeError);
    expect(() => keyBetween('V', 'A')).toThrow(/not before/);
    expect(() => keyBetween('V0', null)).toThrow(/not an order key/);
    expect(() => keyBetween(null, '')).toThrow(RangeError);
    expect(() => keyBetween('a b', null)).toThrow(RangeError);
  });

  test('10,000 inserts at random places stay strictly sorted, and keys stay short', () => {
    for (const seed of [1, 2, 3]) {
      const random = randomNumbers(seed);
      const keys: string[] = [];
      for (let i = 0; i < 10_000; i += 1) {
        const at = Math.floor(random() * (keys.length + 1));
        const before = keys[at - 1] ?? null;
        const after = keys[at] ?? null;
        const key = keyBetween(before, after);
        if (before !== null && !(before < key)) throw new Error(`${key} is not after ${before}`);
        if (after !== null && !(key < after)) throw new Error(`${key} is not before ${after}`);
        keys.splice(at, 0, key);
      }
      expectStrictlySorted(keys);
      expect(new Set(keys).size).toBe(10_000);
      const lengths = keys.map((key) => key.length);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(8);
      expect(lengths.reduce((sum, length) => sum + length, 0) / keys.length).toBeLessThan(4.5);
    }
  });

  test('adding to the top or the bottom again and again grows a digit per 61 items', () => {
    const top: string[] = [];
    const bottom: string[] = [];
    for (let i = 0; i < 1000; i += 1) {
      top.unshift(keyBetween(null, top[0] ?? null));
      bottom.push(keyBetween(bottom.at(-1) ?? null, null));
    }
    expectStrictlySorted(top);
    expectStrictlySorted(bottom);
    expect(Math.max(...top.map((key) => key.length))).toBeLessThanOrEqual(18);
    expect(Math.max(...bottom.map((key) => key.length))).toBeLessThanOrEqual(18);
  });

  test('inserting again and again between the same two neighbours halves the gap each time', () => {
    // Each new item goes right after "V" (before the last one added), then right before "W".
    let afterFirst = 'W';
    let beforeLast = 'V';
    const rightAfter: string[] = [];
    const rightBefore: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      afterFirst = keyBetween('V', afterFirst);
      beforeLast = keyBetween(beforeLast, 'W');
      rightAfter.unshift(afterFirst);
      rightBefore.push(beforeLast);
    }
    expectStrictlySorted(['V', ...rightAfter, 'W']);
    expectStrictlySorted(['V', ...rightBefore, 'W']);
    // log2(62) ≈ 6 halvings fit in a digit; at least 4.5 of them are used.
    expect(afterFirst.length).toBeLessThanOrEqual(300 / 4.5);
    expect(beforeLast.length).toBeLessThanOrEqual(300 / 4.5);
    // The same two neighbours always give the same key: callers pass the current neighbours.
    expect(keyBetween('V', 'W')).toBe(keyBetween('V', 'W'));
  });

  test('keys made between random pairs of long keys still fit between them', () => {
    const random = randomNumbers(7);
    const randomKey = () => {
      const length = 1 + Math.floor(random() * 12);
      let key = '';
      for (let i = 0; i < length; i += 1) key += ORDER_DIGITS[Math.floor(random() * 62)];
      return key.replace(/0+$/, '') || 'V';
    };
    for (let i = 0; i < 2000; i += 1) {
      const [a, b] = [randomKey(), randomKey()].sort(compareOrderKeys) as [string, string];
      if (a === b) continue;
      const key = keyBetween(a, b);
      expect(isValidOrderKey(key) && a < key && key < b, `${a} < ${key} < ${b}`).toBe(true);
      expect(key.length).toBeLessThanOrEqual(Math.max(a.length, b.length) + 1);
    }
  });
});

describe('keysBetween', () => {
  test('n keys strictly between, in order and evenly spread', () => {
    expect(keysBetween(null, null, 3)).toEqual(['F', 'V', 'k']);
    for (const [a, b, n] of [
      [null, null, 100],
      ['V', 'W', 50],
      ['A', null, 7],
      [null, '1', 10],
      ['Vz', 'W', 1000],
    ] as const) {
      const keys = keysBetween(a, b, n);
      expect(keys).toHaveLength(n);
      expectStrictlySorted([...(a ? [a] : []), ...keys, ...(b ? [b] : [])]);
      const digits = Math.max(...[a ?? '', b ?? '', ...keys].map((key) => key.length));
      const values = [
        a === null ? 0n : valueOf(a, digits),
        ...keys.map((key) => valueOf(key, digits)),
      ];
      values.push(b === null ? 62n ** BigInt(digits) : valueOf(b, digits));
      const gaps = values.slice(1).map((value, i) => value - (values[i] ?? 0n));
      const [smallest, largest] = [
        gaps.reduce((x, y) => (y < x ? y : x)),
        gaps.reduce((x, y) => (y > x ? y : x)),
      ];
      // Evenly spread: no gap more than twice another (integer steps round by at most one).
      expect(largest <= smallest * 2n + 1n, `${a}…${b} × ${n}: ${smallest}..${largest}`).toBe(true);
    }
  });

  test('between two close keys the spread keys share their prefix', () => {
    const keys = keysBetween('V', 'W', 100);
    expect(keys.every((key) => key.startsWith('V'))).toBe(true);
    expect(Math.max(...keys.map((key) => key.length))).toBe(3);
  });

  test('no keys for 0, and a throw for a count that is not one or bounds out of order', () => {
    expect(keysBetween('A', 'B', 0)).toEqual([]);
    expect(() => keysBetween(null, null, -1)).toThrow(RangeError);
    expect(() => keysBetween(null, null, 1.5)).toThrow(RangeError);
    expect(() => keysBetween('B', 'A', 2)).toThrow(RangeError);
  });
});

describe('rebalance', () => {
  test('a fresh evenly spaced set, as short as the count allows', () => {
    expect(rebalance(0)).toEqual([]);
    expect(rebalance(1)).toEqual(['V']);
    for (const [count, length] of [
      [61, 1],
      [62, 2],
      [3843, 2],
      [3844, 3],
      [20_000, 3],
    ] as const) {
      const keys = rebalance(count);
      expect(keys).toHaveLength(count);
      expectStrictlySorted(keys);
      expect(Math.max(...keys.map((key) => key.length))).toBe(length);
    }
  });

  test('spacing is even: neighbouring gaps differ by at most one step', () => {
    const keys = rebalance(1000);
    const values = keys.map((key) => valueOf(key, 2));
    const gaps = new Set(values.slice(1).map((value, i) => value - (values[i] ?? 0n)));
    expect([...gaps].sort()).toEqual([3n, 4n]);
  });

  test('after a rebalance there is room between every two keys', () => {
    const keys = rebalance(500);
    for (let i = 1; i < keys.length; i += 1) {
      const [before, after] = [keys[i - 1] ?? null, keys[i] ?? null];
      const key = keyBetween(before, after);
      expect(before !== null && after !== null && before < key && key < after).toBe(true);
    }
  });
});

describe('placeAmong', () => {
  const items = [
    { id: 'a', order: 'U' },
    { id: 'b', order: 'V' },
    { id: 'c', order: 'W' },
  ];

  test('one key between the neighbours of its spot, nothing renumbered', () => {
    const first = placeAmong(items, 'c', { after: null });
    expect(first.key < 'U').toBe(true);
    expect(first.renumbered.size).toBe(0);
    const before = placeAmong(items, 'c', { before: 'b' });
    expect(before.key > 'U' && before.key < 'V').toBe(true);
    const after = placeAmong(items, 'a', { after: 'b' });
    expect(after.key > 'V' && after.key < 'W').toBe(true);
    expect(placeAmong(items, null).key > 'W').toBe(true);
    // A spot naming no sibling means the end.
    expect(placeAmong(items, null, { before: 'gone' }).key > 'W').toBe(true);
  });

  test('a key past RENUMBER_AT renumbers every sibling in its new order, short and spread', () => {
    const crowded = [
      { id: 'a', order: 'U' },
      { id: 'b', order: `U${'0'.repeat(RENUMBER_AT - 2)}1` },
      { id: 'c', order: 'W' },
    ];
    const { key, renumbered } = placeAmong(crowded, 'c', { before: 'b' });
    const order = (id: string) => renumbered.get(id) ?? crowded.find((i) => i.id === id)!.order;
    expect(key.length).toBe(1);
    expect(order('a') < key && key < order('b')).toBe(true);
    for (const value of renumbered.values()) expect(value.length).toBe(1);
  });
});
