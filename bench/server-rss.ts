/**
 * A fan-out server's resident memory (RSS), read from /proc/<pid>/status (VmRSS) from outside once
 * the heap has settled. The fan-out servers are started with GC_PRELOAD (gc-on-signal.ts), which
 * runs a full collection on SIGUSR2 and nothing else.
 */
import { readFileSync } from 'node:fs';
import { endProgress } from './progress.ts';
import { delay } from './timeout.ts';

/** Node options for the fan-out servers: a full garbage collection on SIGUSR2 (gc-on-signal.ts). */
export const GC_PRELOAD = ['--expose-gc', '--import', './bench/gc-on-signal.ts'];

/** RSS counts as settled when this many readings half a second apart vary by at most this much. */
const RSS_STEADY_READINGS = 4;
const RSS_STEADY_BYTES = 256 * 1024;
const RSS_SETTLE_MIN_MS = 10_000;
const RSS_SETTLE_MAX_MS = 40_000;
/** No RSS baseline from a server younger than this (see settledRss). */
export const MIN_SERVER_AGE_MS = 15_000;

export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/**
 * The servers' RSS once it has settled: each is asked for a full collection every half second
 * (gc-on-signal.ts) for at least RSS_SETTLE_MIN_MS, and then until the total has stayed within
 * RSS_STEADY_BYTES for RSS_STEADY_READINGS readings in a row, and not before `notBefore`
 * (Date.now() time). Why so long: after a burst of allocation (start-up, or opening a thousand
 * streams) V8 keeps its young generation grown to tens of MB through forced collections, and gives
 * it back only some seconds later; a reading before that counts tens of MB of empty young space.
 */
export async function settledRss(pids: number[], notBefore = 0): Promise<number> {
  const readings: number[] = [];
  const earliest = Math.max(notBefore, Date.now() + RSS_SETTLE_MIN_MS);
  const deadline = Date.now() + RSS_SETTLE_MAX_MS;
  for (;;) {
    for (const pid of pids) process.kill(pid, 'SIGUSR2');
    await delay(500);
    readings.push(pids.reduce((sum, pid) => sum + rssBytes(pid), 0));
    const recent = readings.slice(-RSS_STEADY_READINGS);
    const steady =
      recent.length === RSS_STEADY_READINGS &&
      Math.max(...recent) - Math.min(...recent) <= RSS_STEADY_BYTES;
    if (steady && Date.now() >= earliest) return recent.at(-1)!;
    if (Date.now() > deadline) {
      endProgress();
      console.error(
        `bench: server RSS did not settle within ${RSS_SETTLE_MAX_MS / 1000} s (last readings ${recent.map((bytes) => (bytes / 1e6).toFixed(1)).join(', ')} MB); using the last one`,
      );
      return recent.at(-1)!;
    }
  }
}
