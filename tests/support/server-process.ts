/**
 * The project's processes as their own processes, started the way the npm scripts start them
 * (through tsx) with only the given variables set: a server (`npm start`), for tests of start-up,
 * shutdown and what survives a killed process, and the owner's command line (`npm run admin`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal: NodeJS.Signals) => void;
  waitForOutput: (text: string) => Promise<void>;
}

export interface ProcessOptions {
  /** The file-mode creation mask to run with (`022`: files readable by all unless made otherwise). */
  umask?: string;
}

/** node --import tsx SCRIPT ARGS, through a shell that sets the umask first when one is given. */
function command(script: string, args: string[], options: ProcessOptions): [string, string[]] {
  const node = [process.execPath, '--import', 'tsx', script, ...args];
  if (options.umask === undefined) return [node[0]!, node.slice(1)];
  if (!/^[0-7]{3,4}$/.test(options.umask)) throw new Error(`not a umask: ${options.umask}`);
  return ['/bin/sh', ['-c', `umask ${options.umask} && exec "$@"`, 'sh', ...node]];
}

/** Starts a server process the way `npm start` does, with only the given variables set. */
export function runProcess(
  script: string,
  env: Record<string, string>,
  options: ProcessOptions = {},
): ServerProcess {
  const [file, args] = command(script, [], options);
  const child = spawn(file, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SERVE_CLIENT: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    waiters.forEach((check) => check());
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exit,
    kill: (signal) => child.kill(signal),
    waitForOutput: (text) =>
      new Promise((resolve, reject) => {
        const check = () => stdout.includes(text) && resolve();
        waiters.push(check);
        check();
        void exit.then(() =>
          reject(new Error(`exited before printing "${text}": ${stdout}${stderr}`)),
        );
      }),
  };
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a command-line script the way its npm script does (tsx), with only the given variables set. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: ProcessOptions = {},
): Promise<CommandResult> {
  const [file, argv] = command(script, args, options);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `npm run admin -- …` the way the script does (tsx), with only the given variables set. */
export function adminCommand(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return runCommand('src/server/admin-cli.ts', args, env);
}

/** `npm run backup -- …` */
export function backupCommand(
  args: string[],
  env: Record<string, string>,
  options: ProcessOptions = {},
): Promise<CommandResult> {
  return runCommand('src/server/ops/backup-cli.ts', args, env, options);
}

/** `npm run restore -- …` */
export function restoreCommand(
  args: string[],
  env: Record<string, string>,
  options: ProcessOptions = {},
): Promise<CommandResult> {
  return runCommand('src/server/ops/restore-cli.ts', args, env, options);
}
