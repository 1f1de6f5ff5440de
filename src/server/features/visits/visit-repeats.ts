/**
 * Which visits this process has already counted today (docs/decisions/2026-11-29-second-probe.md):
 * a client address (an IPv6 /64) counts once per page and UTC day, and may bring at most
 * SOURCES_PER_ADDRESS sources other than Direct a day. Kept in memory of a fixed size, like the
 * visit limit: a set of hashed (address, page) and (address, source) pairs, and per address a count
 * of its sources, both forgotten when the UTC day turns. A hash seeded at random per process keeps
 * anyone from choosing pairs that collide; a collision only ever leaves a visit out, never counts
 * one twice.
 */
import { randomInt } from 'node:crypto';
import { DIRECT_SOURCE } from '#shared/visit-sources';

/** Sources other than Direct one address may bring in a UTC day; more are left out. */
export const SOURCES_PER_ADDRESS = 3;

/**
 * Bits of the set of pairs seen (4 MiB): a new pair is taken for one seen about once in 1,600 at a
 * million pairs a day, once in a million at 100,000.
 */
const SEEN_BITS = 2 ** 25;
/** Counters per row of the sources-per-address count (two rows of 1 MiB). */
const COUNTER_SLOTS = 2 ** 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What a hash is of: an (address, page) pair, an (address, source) pair, an address. */
const PAGE = 0x10000;
const SOURCE = 0x20000;
const ADDRESS = 0x30000;

/** Why a visit is not counted again, or null when it counts. */
export type RepeatVerdict = 'repeat' | 'manySources' | null;

export interface VisitRepeats {
  check(network: string, pageKey: string, source: string, now?: Date): RepeatVerdict;
}

export function createVisitRepeats(): VisitRepeats {
  const seed = randomInt(2 ** 31);
  let day = Number.NaN;
  let seen = new Uint32Array(SEEN_BITS / 32);
  let sourcesA = new Uint8Array(COUNTER_SLOTS);
  let sourcesB = new Uint8Array(COUNTER_SLOTS);
  // The two halves of the last hash (cyrb53's mixing, 2 × 32 bits), without an array per call.
  let h1 = 0;
  let h2 = 0;

  function mix(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    // A separator, so that ('ab', 'c') and ('a', 'bc') differ.
    h1 = Math.imul(h1 ^ 0xffff, 2654435761);
    h2 = Math.imul(h2 ^ 0xffff, 1597334677);
  }

  /** Hashes (kind, network, value) into h1 and h2, without building a string of them. */
  function hash(kind: number, network: string, value: string): void {
    h1 = 0xdeadbeef ^ seed ^ kind;
    h2 = 0x41c6ce57 ^ seed ^ kind;
    mix(network);
    mix(value);
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  }

  function isSet(bit: number): boolean {
    return (seen[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }

  function set(bit: number): void {
    seen[bit >>> 5] = seen[bit >>> 5]! | (1 << (bit & 31));
  }

  /** Whether the pair last hashed was seen; marks it seen when `mark`. Three bits per pair. */
  function seenBefore(mark: boolean): boolean {
    const a = h1 & (SEEN_BITS - 1);
    const b = h2 & (SEEN_BITS - 1);
    const c = (h1 + 2 * h2) & (SEEN_BITS - 1);
    const was = isSet(a) && isSet(b) && isSet(c);
    if (mark && !was) {
      set(a);
      set(b);
      set(c);
    }
    return was;
  }

  function turnDay(now: Date): void {
    const today = Math.floor(now.getTime() / DAY_MS);
    if (today === day) return;
    day = today;
    seen = new Uint32Array(SEEN_BITS / 32);
    sourcesA = new Uint8Array(COUNTER_SLOTS);
    sourcesB = new Uint8Array(COUNTER_SLOTS);
  }

  return {
    check(network, pageKey, source, now = new Date()) {
      turnDay(now);
      hash(PAGE, network, pageKey);
      const pageA = h1;
      const pageB = h2;
      if (seenBefore(false)) return 'repeat';
      if (source !== DIRECT_SOURCE) {
        hash(SOURCE, network, source);
        if (!seenBefore(false)) {
          hash(ADDRESS, network, '');
          const slotA = h1 & (COUNTER_SLOTS - 1);
          const slotB = h2 & (COUNTER_SLOTS - 1);
          // Two rows, the smaller count: another address sharing one slot rarely shares both.
          if (Math.min(sourcesA[slotA]!, sourcesB[slotB]!) >= SOURCES_PER_ADDRESS) {
            return 'manySources';
          }
          sourcesA[slotA] = Math.min(255, sourcesA[slotA]! + 1);
          sourcesB[slotB] = Math.min(255, sourcesB[slotB]! + 1);
          hash(SOURCE, network, source);
          seenBefore(true);
        }
      }
      h1 = pageA;
      h2 = pageB;
      seenBefore(true);
      return null;
    },
  };
}
