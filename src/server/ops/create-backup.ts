/**
 * `npm run backup`: one file holding a consistent snapshot of a running site (docs/product/command-line.md#backups).
 * SQLite: `VACUUM INTO` a temporary file (an online copy that sees one moment, never a file copy),
 * integrity-checked, then read. PostgreSQL: one REPEATABLE READ transaction. The parts are written
 * to a staging folder, checksummed into the manifest, packed with tar and gzip under a temporary
 * name, synced and renamed, so a backup file either is whole or does not exist. The work pauses
 * between steps (pacer.ts) so a running site keeps its share of the machine.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '#server/config';
import { createPostgresPool, SQLITE_FILE_NAME } from '#server/db/connect';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  CONTENT_FOLDER,
  DATA_FOLDER,
  encodeValue,
  MANIFEST_FILE,
  REPO_CONTENT_DIR,
  type Manifest,
  type TableEntry,
} from '#server/ops/backup-format';
import {
  readPostgresSnapshot,
  readSqliteSnapshot,
  type SnapshotReader,
  type TableShape,
} from '#server/ops/table-reader';
import { pacer, type Pace } from '#server/ops/pacer';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '#server/private-files';

export const BACKUPS_FOLDER = 'backups';
export const BACKUP_SUFFIX = '.backup.tar.gz';

export interface BackupOptions {
  /** A file path, or an existing folder to write into; default DATA_DIR/backups/. */
  out?: string;
  /** The content/ folder to include (default: the repository's). */
  contentDir?: string;
  /** How the default file name starts (`site`; scheduled and pre-migration backups differ). */
  prefix?: string;
  /**
   * After each step of the work, a pause this many times as long as the step took (pacer.ts);
   * default 0, only a yield to the event loop, for when no site is running.
   */
  restRatio?: number;
}

export interface BackupResult {
  path: string;
  manifest: Manifest;
}

/** `{prefix}-20261127T051358077Z.backup.tar.gz`: names sort by time. */
export function backupFileName(prefix = 'site', now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${prefix}-${stamp}${BACKUP_SUFFIX}`;
}

function targetPath(
  config: Pick<Config, 'dataDir'>,
  out: string | undefined,
  prefix: string | undefined,
): string {
  if (!out) return join(config.dataDir, BACKUPS_FOLDER, backupFileName(prefix));
  const path = resolve(out);
  if (existsSync(path) && statSync(path).isDirectory()) return join(path, backupFileName(prefix));
  return path;
}

async function writeTable(
  reader: SnapshotReader,
  table: TableShape,
  staging: string,
  pace: Pace,
): Promise<TableEntry> {
  const file = `${DATA_FOLDER}/${table.name}.jsonl`;
  const stream = createWriteStream(join(staging, file));
  const hash = createHash('sha256');
  let bytes = 0;
  let rows = 0;
  for await (const batch of reader.rows(table)) {
    const chunk = Buffer.from(
      batch.map((row) => `${JSON.stringify(row.map(encodeValue))}\n`).join(''),
      'utf8',
    );
    hash.update(chunk);
    bytes += chunk.length;
    rows += batch.length;
    if (!stream.write(chunk)) await once(stream, 'drain');
    await pace();
  }
  stream.end();
  await once(stream, 'finish');
  return { ...table, rows, file, bytes, sha256: hash.digest('hex') };
}

function listFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listFiles(root, path);
    return entry.isFile() ? [relative(root, path)] : [];
  });
}

function copyContent(contentDir: string, staging: string): Manifest['content'] {
  if (!existsSync(contentDir)) return [];
  const target = join(staging, CONTENT_FOLDER);
  cpSync(contentDir, target, { recursive: true });
  return listFiles(target)
    .sort()
    .map((name) => {
      const data = readFileSync(join(target, name));
      return {
        file: `${CONTENT_FOLDER}/${name.split('\\').join('/')}`,
        bytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
    });
}

/** Synced to disk a piece at a time, so no single large flush holds up the site's own writes. */
const SYNC_EVERY_BYTES = 1 << 20;

async function writeSynced(path: string, chunks: AsyncIterable<Buffer>, pace: Pace): Promise<void> {
  const file = await open(path, 'w', PRIVATE_FILE_MODE);
  try {
    let unsynced = 0;
    for await (const chunk of chunks) {
      await file.write(chunk);
      unsynced += chunk.length;
      if (unsynced >= SYNC_EVERY_BYTES) {
        await file.datasync();
        unsynced = 0;
        await pace();
      }
    }
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Takes the snapshot the configuration's storage allows, then hands a reader to `use`. */
async function withSnapshot<T>(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  scratch: string,
  use: (reader: SnapshotReader) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) {
    const pool = createPostgresPool(config.databaseUrl, undefined, {
      applicationName: 'creator-site-backup',
    });
    const client = await pool.connect();
    try {
      const reader = await readPostgresSnapshot(client);
      try {
        return await use(reader);
      } finally {
        await reader.close();
      }
    } finally {
      client.release();
      await pool.end();
    }
  }
  const live = join(config.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(live)) throw new BackupRefused(`No database to back up at ${live}.`);
  const snapshot = join(scratch, 'snapshot.db');
  const source = new SQLite(live, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // The copy is scratch, read and removed within the run: never forced to disk, where it would
    // queue ahead of the site's own synced writes.
    source.pragma('synchronous = OFF');
    source.prepare('vacuum into ?').run(snapshot);
  } finally {
    source.close();
  }
  const check = new SQLite(snapshot, { readonly: true });
  const verdict = check.pragma('integrity_check', { simple: true });
  check.close();
  if (verdict !== 'ok') throw new Error(`the snapshot failed its integrity check (${verdict})`);
  const reader = readSqliteSnapshot(snapshot);
  try {
    return await use(reader);
  } finally {
    await reader.close();
  }
}

export async function createBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const path = targetPath(config, options.out, options.prefix);
  const pace = pacer(options.restRatio);
  // The backups folder in DATA_DIR is the site's own; a folder of the owner's choosing is made
  // private when it is made, and otherwise left as it is. The file itself is always 0600.
  const folder = dirname(path);
  if (folder === join(config.dataDir, BACKUPS_FOLDER)) makePrivateDir(folder);
  else mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
  const staging = `${partial}.d`;
  mkdirSync(join(staging, DATA_FOLDER), { recursive: true, mode: PRIVATE_DIR_MODE });
  const scratch = `${partial}.snapshot`;
  mkdirSync(scratch, { mode: PRIVATE_DIR_MODE });
  try {
    const manifest = await withSnapshot(config, scratch, async (reader) => {
      const tables: TableEntry[] = [];
      for (const table of reader.tables)
        tables.push(await writeTable(reader, table, staging, pace));
      return {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        appVersion: appVersion(),
        databaseKind: reader.kind,
        migrations: reader.migrations,
        mfaKeyIncluded: false,
        tables,
        content: [],
      } satisfies Manifest as Manifest;
    });
    rmSync(scratch, { recursive: true, force: true });
    manifest.content = copyContent(options.contentDir ?? REPO_CONTENT_DIR, staging);
    writeFileSync(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [
      MANIFEST_FILE,
      DATA_FOLDER,
      ...(manifest.content.length ? [CONTENT_FOLDER] : []),
    ];
    await writeSynced(
      partial,
      tar.create({ gzip: true, cwd: staging, portable: true }, entries),
      pace,
    );
    renameSync(partial, path);
    return { path, manifest };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
