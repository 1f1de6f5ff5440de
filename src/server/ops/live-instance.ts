/**
 * Whether a site is running on a storage (docs/product/command-line.md#backups): a restore must not swap the data
 * under it. On SQLite the server keeps DATA_DIR/server.pid while it runs (a file left by a killed
 * server names a process that is gone, and counts for nothing); on PostgreSQL every server connection
 * carries the application name SERVER_APPLICATION_NAME, seen in pg_stat_activity.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { SERVER_APPLICATION_NAME } from '#server/db/connect';
import { PRIVATE_FILE_MODE } from '#server/private-files';

export const PID_FILE = 'server.pid';

/** Whether a process with this pid exists (one we may not signal counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks DATA_DIR as in use by this process; the returned function unmarks it. */
export function claimDataDir(dataDir: string): () => void {
  const file = join(dataDir, PID_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The pid of a live server on DATA_DIR's SQLite file, or null. */
export function sqliteServerPid(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}

/** How many server connections are open on the client's database. */
export async function postgresServerConnections(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number | string }>(
    `select count(*) as n from pg_stat_activity
      where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
    [SERVER_APPLICATION_NAME],
  );
  return Number(rows[0]?.n ?? 0);
}
