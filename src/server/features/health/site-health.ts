/**
 * The owner's view of a running site (docs/product/command-line.md#site-health): the database and whether it
 * answers, free space in DATA_DIR, the mail queue's backlog, its oldest item and whether a restore
 * paused it, and the newest backup file.
 */
import { readdir, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { SiteHealth } from '#shared/site-health-schemas';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { BACKUP_SUFFIX, BACKUPS_FOLDER } from '#server/ops/create-backup';
import { mailPauseReason } from '#server/ops/site-flags';

/**
 * Below this, the next writes (SQLite's write-ahead log grows by pages, a backup by megabytes) fail:
 * the site refuses them with `Storage is full.` (docs/deploy.md#when-something-fails).
 */
export const DISK_FULL_BYTES = 1_000_000;

async function disk(dataDir: string): Promise<SiteHealth['disk']> {
  try {
    const fs = await statfs(dataDir);
    const freeBytes = fs.bavail * fs.bsize;
    return { freeBytes, totalBytes: fs.blocks * fs.bsize, full: freeBytes < DISK_FULL_BYTES };
  } catch {
    return null;
  }
}

async function lastBackup(dataDir: string): Promise<SiteHealth['lastBackup']> {
  const folder = join(dataDir, BACKUPS_FOLDER);
  let newest: SiteHealth['lastBackup'] = null;
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(BACKUP_SUFFIX));
  } catch {
    return null;
  }
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info && (!newest || info.mtime.toISOString() > newest.at))
      newest = { file: name, at: info.mtime.toISOString(), bytes: info.size };
  }
  return newest;
}

async function mailQueue(db: Kysely<Database>): Promise<SiteHealth['mailQueue']> {
  const row = await db
    .selectFrom('mail_outbox')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`min(created_at)`.as('oldest')])
    .where('status', '=', 'queued')
    .executeTakeFirst();
  // A failed attempt moves next_attempt_at to its time plus a backoff that grows with each
  // attempt: the latest one is the newest failure, near enough for the owner.
  const failing = await db
    .selectFrom('mail_outbox')
    .select('last_error')
    .where('status', '=', 'queued')
    .where('last_error', 'is not', null)
    .orderBy('next_attempt_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    queued: Number(row?.n ?? 0),
    oldestQueuedAt: row?.oldest ?? null,
    lastError: failing?.last_error ?? null,
    paused: (await mailPauseReason(db)) !== null,
  };
}

export async function readSiteHealth(
  db: Kysely<Database>,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): Promise<SiteHealth> {
  const kind = config.databaseUrl ? 'postgres' : 'sqlite';
  let answers = true;
  let queue: SiteHealth['mailQueue'] = {
    queued: 0,
    oldestQueuedAt: null,
    lastError: null,
    paused: false,
  };
  try {
    queue = await mailQueue(db);
  } catch {
    answers = false;
  }
  return {
    database: { kind, answers },
    disk: await disk(config.dataDir),
    mailQueue: queue,
    lastBackup: await lastBackup(config.dataDir),
  };
}
