// `npm test`: every check and every test, in the order that fails fastest.
import { execFileSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureDebianPackage } from './debian-package.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });

try {
  ensureChromium();
  // The HTTPS test runs Caddy in front of the server; without it that test skips with one line.
  ensureDebianPackage({ binary: '/usr/bin/caddy', pkg: 'caddy' });
  // The systemd unit is checked with systemd-analyze and run under systemd; without it that test
  // skips with one line.
  ensureDebianPackage({ binary: '/usr/bin/systemd-analyze', pkg: 'systemd' });
  run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('npx', ['eslint', '.']);
  buildIfNeeded({ force: true });
  run('npm', ['run', 'test:unit']);
  run('npm', ['run', 'test:e2e']);
} catch (error) {
  process.exit(typeof error?.status === 'number' ? error.status : 1);
}
