// `npm start` builds the client only when a source is newer than the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src/client',
  'src/shared',
  'content',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const STAMP = 'dist/client/index.html';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

export function buildIfNeeded({ force = false } = {}) {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map(newestMtime));
  if (!force && built > newest) return false;
  // A NODE_ENV left in the caller's environment (a test runner's `test`) must not make a
  // development build, whose JSX runtime the prerenderer does not have.
  execFileSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfNeeded({ force: process.argv.includes('--force') });
