/**
 * The real server (`src/server/main.ts`) on a free loopback port with a throwaway DATA_DIR, so the
 * bench measures what `npm start` serves. It serves a copy of the build (CLIENT_DIR), so a rebuild
 * of dist/client during the bench cannot pull files from under it. BENCH_URL points the bench at a
 * server that already runs (and reads sizes from dist/client).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delay } from './timeout.ts';

const HOST = '127.0.0.1';
const BUILD_DIR = 'dist/client';
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_LINES = 30;

export interface SiteServer {
  origin: string;
  /** The build the server answers from. */
  clientDir: string;
  /** Idempotent; never throws. */
  stop(): Promise<void>;
}

export async function startSiteServer(): Promise<SiteServer> {
  const external = process.env.BENCH_URL;
  if (external) {
    const origin = new URL(external).origin;
    await waitForHealth(origin, null, []);
    return { origin, clientDir: BUILD_DIR, stop: async () => {} };
  }

  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const root = mkdtempSync(join(tmpdir(), 'bench-'));
  const dataDir = join(root, 'data');
  const clientDir = join(root, 'client');
  mkdirSync(dataDir);
  try {
    await snapshotBuild(clientDir);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      log.push(...chunk.split('\n').filter(Boolean));
      log.splice(0, Math.max(0, log.length - LOG_TAIL_LINES));
    });
  }

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopChild(child);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await waitForHealth(origin, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, clientDir, stop };
}

/** Copies the build; waits out a rebuild that has emptied dist/client for the moment. */
async function snapshotBuild(target: string): Promise<void> {
  for (let attempt = 1; attempt <= 10; attempt++) {
    if (existsSync(join(BUILD_DIR, 'index.html'))) {
      rmSync(target, { recursive: true, force: true });
      cpSync(BUILD_DIR, target, { recursive: true });
      if (existsSync(join(target, 'index.html'))) return;
    }
    await delay(3_000);
  }
  throw new Error(`${BUILD_DIR}/index.html is missing (is another build running?)`);
}

async function waitForHealth(
  origin: string,
  child: ChildProcess | null,
  log: string[],
): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `the server exited with code ${child.exitCode} before answering /api/health${tail(log)}`,
      );
    }
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(250);
  }
  throw new Error(
    `${origin}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})${tail(log)}`,
  );
}

function tail(log: string[]): string {
  return log.length ? `\nserver output:\n  ${log.join('\n  ')}` : '';
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const graceful = await Promise.race([
    exited.then(() => true),
    delay(STOP_TIMEOUT_MS).then(() => false),
  ]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}
