/** For the board actions' tests. */
import type { BoardWrites } from './types';

/** Writes that record what an action asked for. */
export function recorder() {
  const calls: [string, ...unknown[]][] = [];
  const writes = new Proxy({} as BoardWrites, {
    get:
      (_target, name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return null;
      },
  });
  return { calls, writes };
}
