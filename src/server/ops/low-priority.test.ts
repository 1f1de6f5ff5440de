/** Run in a child process: lowering a priority cannot be undone without privileges. */
import { spawnSync } from 'node:child_process';
import { getPriority } from 'node:os';
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

/** The nice value of every thread after lowerOwnPriority, in a process started at `startNice`. */
function nicesAfterLowering(startNice: number): number[] {
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', SCRIPT];
  const [command, ...args] = startNice ? ['nice', '-n', String(startNice), ...node] : node;
  const run = spawnSync(command!, args, { cwd: REPO_ROOT, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as number[];
}

test.runIf(process.platform === 'linux')(
  'every thread of the process, and each started after, runs at nice 10',
  () => {
    const nices = nicesAfterLowering(0);
    expect(nices.length).toBeGreaterThan(3);
    expect(new Set(nices)).toEqual(new Set([10]));
  },
  30_000,
);

test.runIf(process.platform === 'linux')(
  'a process started lower stays lower, even where it could raise itself (root)',
  () => {
    expect(new Set(nicesAfterLowering(19))).toEqual(new Set([19]));
  },
  30_000,
);

const THREAD_SCRIPT = `
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const niceOf = (task) => {
  const stat = readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const worker = new Worker(
  [
    "import { readlinkSync } from 'node:fs';",
    "import { parentPort } from 'node:worker_threads';",
    "import { register } from 'tsx/esm/api';",
    'register();',
    "const { lowerThisThreadPriority } = await import('#server/ops/low-priority');",
    'lowerThisThreadPriority();',
    "parentPort.postMessage(readlinkSync('/proc/thread-self').split('/').pop());",
    'setTimeout(() => {}, 300);',
  ].join('\\n'),
  { eval: true },
);
const workerThread = await new Promise((resolve) => worker.once('message', resolve));
console.log(JSON.stringify({ main: niceOf(process.pid), worker: niceOf(workerThread) }));
`;

test.runIf(process.platform === 'linux')(
  'lowering this thread (the renderer) leaves the thread that answers requests as it was',
  () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', THREAD_SCRIPT],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    // The test runs at its own nice (0 unless started lower); the renderer at 10 or lower.
    const started = getPriority();
    expect(JSON.parse(run.stdout)).toEqual({ main: started, worker: Math.max(started, 10) });
  },
  30_000,
);
