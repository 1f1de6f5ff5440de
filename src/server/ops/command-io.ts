/**
 * Where a command-line command (`npm run admin`, `backup`, `restore`) reads its settings and writes
 * its lines: the process's own when run from the shell, a test's when a test calls the command's
 * function for its effect without starting a process.
 */
import type { ConfigEnv } from '#server/config';

export interface CommandIo {
  env: ConfigEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const processIo: CommandIo = {
  env: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};
