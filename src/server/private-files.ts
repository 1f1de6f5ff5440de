/**
 * DATA_DIR holds password hashes, sessions, sealed keys, pending reset links and the mail-list
 * signing secret (docs/product/command-line.md#data-folder): every file the site makes there is readable by its
 * owner only (0600) and every folder 0700, whatever the process's umask, and start-up tightens what
 * an older version (or a copy) left open to others.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '#server/describe-error';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Makes the folder (and any missing parent) if needed, then 0700. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/** Makes an empty file readable by its owner only, unless it exists (then it is made 0600). */
export function makePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * Makes DATA_DIR 0700 and everything in it 0600 (files) or 0700 (folders), never following a
 * symbolic link. Answers one line per path it could not change (another owner's, say), for the log.
 */
export function tightenDataDir(dataDir: string): string[] {
  const problems: string[] = [];
  const walk = (path: string): void => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(describeError(error));
      return;
    }
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== mode) {
      try {
        chmodSync(path, mode);
      } catch (error) {
        problems.push(`${path} stays readable by others: ${describeError(error)}`);
      }
    }
    if (stat.isDirectory()) {
      try {
        for (const name of readdirSync(path)) walk(join(path, name));
      } catch (error) {
        problems.push(describeError(error));
      }
    }
  };
  walk(dataDir);
  return problems;
}
