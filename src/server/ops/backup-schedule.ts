/**
 * Backups on a schedule (docs/product/command-line.md#scheduled-backups): with BACKUP_EVERY set the server writes
 * `scheduled-{time}.backup.tar.gz` to DATA_DIR/backups/ every interval and keeps the newest
 * BACKUP_KEEP of them (other backups in the folder are the owner's and never removed). A run that
 * fails is logged and the next one tries again; runs never overlap. Each run is `npm run backup` in
 * its own process (backup-process.ts), off the server's event loop.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import { describeError } from '#server/describe-error';
import { backupInOwnProcess } from '#server/ops/backup-process';
import { BACKUP_SUFFIX, BACKUPS_FOLDER, backupFileName } from '#server/ops/create-backup';

export const SCHEDULED_PREFIX = 'scheduled';

export interface BackupSchedule {
  /** The last backup that succeeded, if any. */
  last(): { path: string; at: Date } | null;
  stop(): Promise<void>;
}

/** Removes all but the newest `keep` scheduled backups; returns what it removed. */
export function pruneScheduledBackups(dataDir: string, keep: number): string[] {
  const folder = join(dataDir, BACKUPS_FOLDER);
  const scheduled = readdirSync(folder)
    .filter((name) => name.startsWith(`${SCHEDULED_PREFIX}-`) && name.endsWith(BACKUP_SUFFIX))
    .sort();
  const removed = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const name of removed) rmSync(join(folder, name), { force: true });
  return removed;
}

export function scheduleBackups(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backupEveryMs' | 'backupKeep'>,
  log: FastifyBaseLogger,
): BackupSchedule | null {
  const every = config.backupEveryMs;
  if (every === undefined) return null;
  let last: { path: string; at: Date } | null = null;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const path = await backupInOwnProcess(
        config,
        join(config.dataDir, BACKUPS_FOLDER, backupFileName(SCHEDULED_PREFIX)),
      );
      last = { path, at: new Date() };
      const removed = pruneScheduledBackups(config.dataDir, config.backupKeep);
      log.info({ path, removed: removed.length }, 'scheduled backup written');
    } catch (error) {
      log.error(
        { reason: describeError(error) },
        'scheduled backup failed; the next run tries again',
      );
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = run().finally(() => (running = null));
  }, every);
  timer.unref();
  return {
    last: () => last,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
