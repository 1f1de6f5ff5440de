/**
 * `npm run restore -- FILE` (docs/product/command-line.md#backups): verifies the whole file, refuses while a site
 * runs on the target storage, builds the restored database beside the current one (SQLite: a new
 * file; PostgreSQL: a new schema), migrates it to this code's schema, pauses its mail queue, and only
 * then swaps it in, keeping what it replaced aside. A failure at any step leaves the current data as
 * it was.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '#server/config';
import { createPostgresPool, openSqlite, SQLITE_FILE_NAME } from '#server/db/connect';
import { migrateToLatest, migrateUpTo } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import {
  BackupRefused,
  CONTENT_FOLDER,
  REPO_CONTENT_DIR,
  type Manifest,
} from '#server/ops/backup-format';
import { postgresServerConnections, sqliteServerPid } from '#server/ops/live-instance';
import { pauseMail } from '#server/ops/site-flags';
import { loadIntoPostgres, loadIntoSqlite } from '#server/ops/table-loader';
import { verifyBackup } from '#server/ops/verify-backup';
import { makePrivateDir } from '#server/private-files';

export interface RestoreOptions {
  /** Where the backup's content/ goes (default the repository's content/); null: left as it is. */
  contentDir?: string | null;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the replaced data was put: a folder (SQLite, content) or a schema name (PostgreSQL). */
  keptAside: string[];
}

function stamp(): string {
  return `${new Date().toISOString().replace(/[-:.]/g, '').toLowerCase()}_${randomBytes(3).toString('hex')}`;
}

const PAUSE_REASON = 'restored from a backup; release with npm run admin -- release-mail';

async function restoreSqlite(
  config: Pick<Config, 'dataDir'>,
  manifest: Manifest,
  folder: string,
  suffix: string,
): Promise<string[]> {
  const pid = sqliteServerPid(config.dataDir);
  if (pid !== null)
    throw new BackupRefused(
      `A site is running on ${config.dataDir} (process ${pid}); stop it before restoring.`,
    );
  makePrivateDir(config.dataDir);
  const live = join(config.dataDir, SQLITE_FILE_NAME);
  const fresh = join(config.dataDir, `${SQLITE_FILE_NAME}.restoring-${suffix}`);
  const sqlite = openSqlite(fresh);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateUpTo(db, manifest.migrations.at(-1)!);
    await loadIntoSqlite(sqlite, manifest, folder);
    await migrateToLatest(db);
    await pauseMail(db, PAUSE_REASON);
    const verdict = sqlite.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok')
      throw new Error(`the restored database failed its integrity check (${verdict})`);
    await db.destroy();
  } catch (error) {
    await db.destroy().catch(() => undefined);
    for (const end of ['', '-wal', '-shm']) rmSync(`${fresh}${end}`, { force: true });
    throw error;
  }
  if (sqliteServerPid(config.dataDir) !== null) {
    rmSync(fresh, { force: true });
    throw new BackupRefused(`A site started on ${config.dataDir} meanwhile; nothing was changed.`);
  }
  const aside = join(config.dataDir, `replaced-${suffix}`);
  const present = ['', '-wal', '-shm'].filter((end) => existsSync(`${live}${end}`));
  if (present.length > 0) {
    makePrivateDir(aside);
    for (const end of present)
      renameSync(`${live}${end}`, join(aside, `${SQLITE_FILE_NAME}${end}`));
  }
  renameSync(fresh, live);
  return present.length > 0 ? [aside] : [];
}

async function restorePostgres(
  databaseUrl: string,
  manifest: Manifest,
  folder: string,
  suffix: string,
): Promise<string[]> {
  const schema = `restore_${suffix}`;
  const admin = createPostgresPool(databaseUrl, undefined, {
    applicationName: 'creator-site-restore',
  });
  const refuseIfRunning = async () => {
    const client = await admin.connect();
    try {
      const open = await postgresServerConnections(client);
      if (open > 0)
        throw new BackupRefused(
          `A site is connected to this database (${open} connections); stop it before restoring.`,
        );
    } finally {
      client.release();
    }
  };
  try {
    await refuseIfRunning();
    await admin.query(`create schema "${schema}"`);
    const pool = createPostgresPool(databaseUrl, undefined, {
      applicationName: 'creator-site-restore',
      searchPath: schema,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateUpTo(db, manifest.migrations.at(-1)!, { migrationTableSchema: schema });
      const client = await pool.connect();
      try {
        await loadIntoPostgres(client, manifest, folder);
      } finally {
        client.release();
      }
      await migrateToLatest(db, { migrationTableSchema: schema });
      await pauseMail(db, PAUSE_REASON);
    } finally {
      await db.destroy();
    }
    await refuseIfRunning();
    const aside = `replaced_${suffix}`;
    const client = await admin.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query("select 1 from pg_namespace where nspname = 'public'");
      if (rows.length > 0) await client.query(`alter schema public rename to "${aside}"`);
      await client.query(`alter schema "${schema}" rename to public`);
      await client.query('commit');
      return rows.length > 0 ? [`schema ${aside}`] : [];
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } catch (error) {
    await admin.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    throw error;
  } finally {
    await admin.end();
  }
}

function restoreContent(from: string, to: string, aside: string): string[] {
  if (!existsSync(from)) return [];
  let kept: string[] = [];
  if (existsSync(to)) {
    makePrivateDir(aside);
    const target = join(aside, CONTENT_FOLDER);
    renameSync(to, target);
    kept = [target];
  }
  cpSync(from, to, { recursive: true });
  return kept;
}

export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const backup = await verifyBackup(file);
  try {
    const suffix = stamp();
    const keptAside = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, backup.manifest, backup.folder, suffix)
      : await restoreSqlite(config, backup.manifest, backup.folder, suffix);
    const contentDir = options.contentDir === undefined ? REPO_CONTENT_DIR : options.contentDir;
    if (contentDir !== null && backup.manifest.content.length > 0) {
      const aside = join(config.dataDir, `replaced-${suffix}`);
      const kept = restoreContent(join(backup.folder, CONTENT_FOLDER), contentDir, aside);
      if (kept.length > 0 && !keptAside.includes(aside)) keptAside.push(kept[0]!);
    }
    return { manifest: backup.manifest, keptAside };
  } finally {
    backup.dispose();
  }
}
