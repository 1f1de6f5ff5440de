/**
 * `npm run backup -- PATH` as its own process, for the server's scheduled backups: the snapshot and
 * the packing never run on the server's event loop, and the command lowers its own priority and
 * paces itself (backup-cli.ts, backup-command.ts), so visitors are served at their usual pace while it runs.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Config } from '#server/config';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BACKUP_CLI = 'src/server/ops/backup-cli.ts';

/** Writes the backup file `path` of the configuration's storage; returns the path it printed. */
export async function backupInOwnProcess(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  path: string,
): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', BACKUP_CLI, path], {
    cwd: REPO_ROOT,
    // An empty DATABASE_URL counts as unset: SQLite in DATA_DIR.
    env: { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => Promise.reject(error as Error)),
  ])) as [number | null];
  if (code !== 0) throw new Error(stderr.trim() || `npm run backup exited with ${code}`);
  return stdout.trim().split('\n').at(-1)!;
}
