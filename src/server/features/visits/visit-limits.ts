/**
 * The visit limit per client address (docs/product/constants.md#attempt-limits), counted by this process in
 * memory: the same sliding window as the limits counted in storage (rate-limit.ts), without a
 * storage row written for every visit (docs/decisions/2026-11-27-visit-limit-in-memory.md).
 */
import {
  judge,
  slidingWindow,
  type RateLimitHit,
  type RateLimitRule,
} from '#server/plugins/rate-limit';

/**
 * Addresses followed in one window at most, so a flood from many networks cannot grow the memory
 * without end: past it, a new address is refused until the next window.
 */
export const MAX_TRACKED_ADDRESSES = 200_000;

export interface VisitLimits {
  /** Counts one visit from `address` and says whether it is within the limit. */
  hit(address: string, now?: Date): RateLimitHit;
}

export function createVisitLimits(rule: RateLimitRule): VisitLimits {
  let windowStart = Number.NEGATIVE_INFINITY;
  let current = new Map<string, number>();
  let previous = new Map<string, number>();

  return {
    hit(address, now = new Date()) {
      const window = slidingWindow(rule, now);
      if (window.start !== windowStart) {
        previous = window.previousStart === windowStart ? current : new Map();
        current = new Map();
        windowStart = window.start;
      }
      const counted = current.get(address);
      if (counted === undefined && current.size >= MAX_TRACKED_ADDRESSES) {
        const waitMs = window.start + rule.windowMs - now.getTime();
        return {
          count: 0,
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        };
      }
      const count = (counted ?? 0) + 1;
      current.set(address, count);
      return judge(rule, window, count, previous.get(address) ?? 0, now);
    },
  };
}
