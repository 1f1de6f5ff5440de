/**
 * `npm start` itself, as the README has an owner run it: it serves the whole site from the build on
 * an embedded SQLite file, and a stop signal sent to npm's own process (what a process manager or
 * `kill` sends) stops the server too. npm passes the signal to the shell it runs the script in,
 * and that shell ends without passing it on (scripts/start.mjs).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PID_FILE, processAlive } from '#server/ops/live-instance';
import { freePort, makeTempDir } from '#test-support/server';

const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

test('npm start serves the site, and a SIGTERM to npm stops the server it started', async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk) => (output += chunk));
  npm.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(npm, 'exit');
  let serverPid = 0;
  try {
    expect(await until(() => output.includes('Site ready'), 45_000), output).toBe(true);
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1');
    serverPid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8').trim());
    expect(serverPid).not.toBe(npm.pid);

    npm.kill('SIGTERM');
    await exited;
    expect(await until(() => !processAlive(serverPid), 15_000), output).toBe(true);
    await expect(fetch(`${origin}/api/health/live`)).rejects.toThrow();
  } finally {
    npm.kill('SIGKILL');
    // Without the fix the server outlives npm: it must not outlive the test.
    if (serverPid && processAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
  }
}, 90_000);
