/**
 * A backup yields the CPU to the site it copies (docs/product/command-line.md#backups): the process takes
 * nice 10, so the site gets about ten times its share when both want a core. Not 19: then a backup
 * of a site whose cores are busy all the time nearly stops. On Linux each thread has its own nice
 * value and new threads inherit their creator's, so every thread running now is lowered too (V8's
 * and libuv's start before our code).
 */
import { readdirSync } from 'node:fs';
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
