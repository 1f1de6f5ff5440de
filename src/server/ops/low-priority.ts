/**
 * A backup yields the CPU to the site it copies (docs/product/command-line.md#backups): the process takes
 * nice 10, so the site gets about ten times its share when both want a core. Not 19: then a backup
 * of a site whose cores are busy all the time nearly stops. On Linux each thread has its own nice
 * value and new threads inherit their creator's, so every thread running now is lowered too (V8's
 * and libuv's start before our code).
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';

function ownThreads(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}

/** Never raises: a backup started lower (`nice -n 19 npm run backup`) stays there, root or not. */
export function lowerOwnPriority(): void {
  const target = constants.priority.PRIORITY_BELOW_NORMAL;
  for (const thread of ownThreads()) {
    try {
      if (getPriority(thread) < target) setPriority(thread, target);
    } catch {
      // a thread that has ended meanwhile
    }
  }
}

/**
 * Lowers only the thread that calls it (a worker thread: the renderer), so the thread answering
 * requests gets the core first when both want it. Linux names the calling thread `/proc/thread-self`;
 * elsewhere nothing changes.
 */
export function lowerThisThreadPriority(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    const target = constants.priority.PRIORITY_BELOW_NORMAL;
    if (thread > 0 && getPriority(thread) < target) setPriority(thread, target);
  } catch {
    // no /proc, or not allowed: the thread keeps its priority
  }
}
