/**
 * A server script as its own process, started the way `npm start` does it (through tsx) with only
 * the given variables set, for tests of start-up, shutdown and what survives a killed process.
 */
import { spawn } from 'node:child_process';

export interface ServerProcess {
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal: NodeJS.Signals) => void;
  waitForOutput: (text: string) => Promise<void>;
}

/** Starts a server process the way `npm start` does, with only the given variables set. */
export function runProcess(script: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
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
