/**
 * How much of the machine a process's main thread got while the sync part timed pushes: Linux's
 * /proc/<pid>/schedstat gives the time the thread ran on a CPU and the time it was ready to run but
 * waited for one (both in ns, since it started). For a Node process the main thread is the event
 * loop, so "waited" is delay the machine's other work added to every request it served then.
 */
import { readFileSync } from 'node:fs';

export interface CpuShare {
  /** The thread ran on a CPU, ms. */
  ranMs: number;
  /** The thread was ready to run and waited for a CPU, ms. */
  waitedMs: number;
}

function read(pid: number | 'self'): CpuShare | null {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/);
    return { ranMs: Number(ran) / 1e6, waitedMs: Number(waited) / 1e6 };
  } catch {
    // Not Linux, or the kernel keeps no scheduler statistics: the figures are left out.
    return null;
  }
}

/** Starts counting for `pids`; the returned function gives the sum since then (null: unknown). */
export function countCpu(pids: (number | 'self')[]): () => CpuShare | null {
  const before = pids.map(read);
  return () => {
    let ranMs = 0;
    let waitedMs = 0;
    for (const [index, pid] of pids.entries()) {
      const start = before[index];
      const end = read(pid);
      if (!start || !end) return null;
      ranMs += end.ranMs - start.ranMs;
      waitedMs += end.waitedMs - start.waitedMs;
    }
    return { ranMs, waitedMs };
  };
}
