/**
 * The real server (`src/server/main.ts`) on a free loopback port with a throwaway DATA_DIR, so the
 * bench measures what `npm start` serves. It serves a copy of the build (CLIENT_DIR), so a rebuild
 * of dist/client during the bench cannot pull files from under it. BENCH_URL points the bench at a
 * server that already runs (and reads sizes from dist/client). The fan-out run starts its own
 * servers without the client (`serveClient: false`, extra env such as DATABASE_URL) and reads their
 * memory through `pid`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '#test-support/free-port';
import { makeTempDir } from '#test-support/temp-dir';
import { delay, errorMessage } from './timeout.ts';

export const HOST = '127.0.0.1';
const BUILD_DIR = 'dist/client';
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_LINES = 30;

export interface SiteServer {
  origin: string;
  /** The build the server answers from. */
  clientDir: string;
  /** The server process (null for BENCH_URL's server). */
  pid: number | null;
  /** The configuration it was started with (what `npm run admin` needs to reach the same storage). */
  env: Record<string, string>;
  /** Idempotent; never throws. */
  stop(): Promise<void>;
}

export interface SiteServerOptions {
  /** false: SERVE_CLIENT=false, no build needed (the API alone). Default true. */
  serveClient?: boolean;
  /** More configuration, e.g. DATABASE_URL. */
  env?: Record<string, string>;
  /** Ignore BENCH_URL: a measurement that reads the process itself needs its own server. */
  own?: boolean;
  /** Node options before the server's module (e.g. the fan-out run's GC preload). */
  nodeArgs?: string[];
}

export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  const { serveClient = true, own = false } = options;
  const external = process.env.BENCH_URL;
  if (external && !own) {
    const origin = new URL(external).origin;
    await waitForHealth(origin, null, []);
    return { origin, clientDir: BUILD_DIR, pid: null, env: {}, stop: async () => {} };
  }

  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const root = makeTempDir('bench-');
  const dataDir = join(root, 'data');
  const clientDir = join(root, 'client');
  mkdirSync(dataDir);
  if (serveClient) {
    try {
      await snapshotBuild(clientDir);
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      throw error;
    }
  }
  const env: Record<string, string> = {
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    ...(serveClient ? { CLIENT_DIR: clientDir } : { SERVE_CLIENT: 'false' }),
    ...options.env,
  };
  let child: BenchChild;
  try {
    child = await startBenchChild(
      ['--import', 'tsx', ...(options.nodeArgs ?? []), 'src/server/main.ts'],
      env,
      origin,
    );
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const stop = once(async () => {
    await child.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return { origin, clientDir, pid: child.pid, env, stop };
}

/** Servers still running when the bench exits (say, one started while a stop signal was handled). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

export interface BenchChild {
  pid: number;
  /** Idempotent; never throws. */
  stop(): Promise<void>;
}

/**
 * A Node child process (`args` after the node binary) that serves GET /api/health at `origin`;
 * resolves once it answers 200, and names the last lines it printed when it never does.
 */
export async function startBenchChild(
  args: string[],
  env: Record<string, string>,
  origin: string,
): Promise<BenchChild> {
  const log: string[] = [];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      log.push(...chunk.split('\n').filter(Boolean));
      log.splice(0, Math.max(0, log.length - LOG_TAIL_LINES));
    });
  }
  const stop = once(() => stopChild(child));
  try {
    await waitForHealth(origin, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error(`${args.join(' ')} has no process id`);
  return { pid: child.pid, stop };
}

/** Runs `task` on the first call; every call (a stop signal's clean-up too) waits for that run. */
export function once(task: () => Promise<void>): () => Promise<void> {
  let run: Promise<void> | undefined;
  return () => (run ??= task());
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
      last = errorMessage(error);
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
