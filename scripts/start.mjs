// `npm start`: build the client when needed, then run the server (TypeScript through tsx).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

/** How often this process checks that whoever started it is still there. */
const PARENT_CHECK_MS = 500;

buildIfNeeded();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
});
const stop = (signal) => server.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// `kill <npm's pid>` reaches the shell npm runs this script in, and the shell ends without passing
// the signal on: when this process loses its parent, the server stops as if it had been signalled.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  stop('SIGTERM');
}, PARENT_CHECK_MS);
server.on('exit', (code, signal) => {
  clearInterval(watch);
  process.exit(code ?? (signal ? 1 : 0));
});
