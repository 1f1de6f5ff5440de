/** Run in a child process: lowering a priority cannot be undone without privileges. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const SCRIPT = `
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerOwnPriority } from '#server/ops/low-priority';
const niceOf = (task) => {
  const stat = readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
lowerOwnPriority();
const worker = new Worker('setTimeout(() => {}, 300)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
console.log(JSON.stringify(readdirSync('/proc/self/task').map(niceOf)));
`;

test.runIf(process.platform === 'linux')(
  'every thread of the process, and each started after, runs at nice 10',
  () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const nices = JSON.parse(run.stdout) as number[];
    expect(nices.length).toBeGreaterThan(3);
    expect(new Set(nices)).toEqual(new Set([10]));
  },
  30_000,
);
