// `npm test`: every check and every test, in the order that fails fastest, ending with how long each
// phase took and each project's slowest files against their budgets (tests/support/file-budgets.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from './debian-package.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const phases = [];
const timingsDir = mkdtempSync(join(tmpdir(), 'creator-site-test-times-'));
const timingsFile = join(timingsDir, 'slowest-files.txt');
writeFileSync(timingsFile, '');

/** Runs one command; `buffered` holds its output back and prints it whole once it ends. */
function run(cmd, args, { buffered = false, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (buffered && output) process.stdout.write(output);
      if (code === 0) resolve();
      else
        reject(
          Object.assign(new Error(`${cmd} ${args.join(' ')} failed`), {
            status: code ?? 1,
            signal,
          }),
        );
    });
  });
}

async function phase(name, work) {
  const started = performance.now();
  try {
    await work();
    phases.push({ name, ms: performance.now() - started, ok: true });
  } catch (error) {
    phases.push({ name, ms: performance.now() - started, ok: false });
    throw error;
  }
}

function printTimes() {
  const width = Math.max(...phases.map((p) => p.name.length));
  const total = phases.reduce((sum, p) => sum + p.ms, 0);
  const line = (name, ms, note = '') =>
    `  ${name.padEnd(width)}  ${`${(ms / 1000).toFixed(1)} s`.padStart(9)}${note}`;
  console.log('\nTime per phase:');
  for (const p of phases) console.log(line(p.name, p.ms, p.ok ? '' : '  FAILED'));
  console.log(line('total', total));
  const slowest = readFileSync(timingsFile, 'utf8');
  if (slowest.trim()) console.log(slowest);
  rmSync(timingsDir, { recursive: true, force: true });
}

const vitest = (project, extra = []) =>
  run('npx', ['vitest', 'run', '--project', project, ...extra], {
    env: { TEST_TIMINGS_FILE: timingsFile },
  });

try {
  await phase('packages', async () => {
    ensureChromium();
    // The HTTPS test runs Caddy in front of the server; without it that test skips with one line.
    ensureDebianPackage({ binary: '/usr/bin/caddy', pkg: 'caddy' });
    // The systemd unit is checked with systemd-analyze and run under systemd; without it that test
    // skips with one line.
    ensureDebianPackage({ binary: '/usr/bin/systemd-analyze', pkg: 'systemd' });
  });
  // None reads another's output: side by side, each printed whole when it ends.
  await phase('typecheck + lint + build', async () => {
    const results = await Promise.allSettled([
      run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { buffered: true }),
      run('npx', ['eslint', '.'], { buffered: true }),
      // Production React whatever the caller's NODE_ENV (see build-if-needed.mjs).
      run('npm', ['run', '--silent', 'build'], { buffered: true, env: { NODE_ENV: 'production' } }),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });
  // The unit files mostly wait on servers and databases: every core.
  await phase('unit tests', () => vitest('unit', ['--maxWorkers=100%']));
  await phase('browser tests', () => vitest('e2e'));
  printTimes();
} catch (error) {
  printTimes();
  process.exit(typeof error?.status === 'number' ? error.status : 1);
}
