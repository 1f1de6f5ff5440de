/**
 * Spreads a backup's work over time so the site it copies keeps its share of cores and disk: after
 * each step, a pause `restRatio` times as long as the step took (1: it works at most half the time).
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** A pause never waits longer than this, however long its step took. */
const MAX_PAUSE_MS = 250;

export type Pace = () => Promise<void>;

/** `pace()` after each step; `restRatio` 0 only yields to the event loop. */
export function pacer(restRatio = 0): Pace {
  let stepStarted = performance.now();
  return async () => {
    const worked = performance.now() - stepStarted;
    await sleep(Math.min(MAX_PAUSE_MS, worked * restRatio));
    stepStarted = performance.now();
  };
}
