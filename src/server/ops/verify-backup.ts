/**
 * Checks a whole backup file before anything uses it (docs/product/command-line.md#backups): it unpacks (gzip's
 * and tar's own checks catch a truncated or altered file), the manifest is ours and of a format this
 * code reads, every part has the checksum, size and row count the manifest gives, every row is a
 * JSON array of the table's width, and every migration it was made with is one this code knows.
 * Any failure is a BackupRefused whose message is the one line to print.
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import { KNOWN_MIGRATIONS } from '#server/db/migrate';
import { describeError } from '#server/describe-error';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  MANIFEST_FILE,
  manifestSchema,
  type Manifest,
  type TableEntry,
} from '#server/ops/backup-format';

export interface VerifiedBackup {
  manifest: Manifest;
  /** The unpacked parts; `dispose()` removes them. */
  folder: string;
  dispose(): void;
}

function listFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory()
      ? listFiles(root, path)
      : [relative(root, path).split('\\').join('/')];
  });
}

async function unpack(file: string, folder: string): Promise<void> {
  if (!existsSync(file)) throw new BackupRefused(`No such file: ${file}`);
  if (!statSync(file).isFile()) throw new BackupRefused(`Not a file: ${file}`);
  // Only plain files and folders are unpacked: a link could point a later copy outside the folder.
  let other: string | null = null;
  try {
    await tar.extract({
      file,
      cwd: folder,
      strict: true,
      preservePaths: false,
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type === 'File' || type === 'Directory') return true;
        other ??= path;
        return false;
      },
    });
  } catch (error) {
    throw new BackupRefused(
      `${file} is not a readable backup (truncated, altered or not a backup file: ${describeError(error)}).`,
    );
  }
  if (other !== null)
    throw new BackupRefused(`${file} is not a backup of this site (it holds a link: ${other}).`);
}

function readManifest(file: string, folder: string): Manifest {
  const path = join(folder, MANIFEST_FILE);
  if (!existsSync(path))
    throw new BackupRefused(`${file} is not a backup of this site (no manifest).`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new BackupRefused(`${file} has an unreadable manifest (altered or not a backup file).`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT)
    throw new BackupRefused(`${file} is not a backup of this site (foreign manifest).`);
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupRefused(
      `${file} was written by a newer version (backup format ${format.formatVersion}); upgrade this site first.`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupRefused(`${file} has a manifest this code cannot read (altered?).`);
  return parsed.data;
}

function checkMigrations(file: string, manifest: Manifest): void {
  const known = new Set(KNOWN_MIGRATIONS);
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupRefused(
      `${file} comes from a newer schema (migration ${unknown[0]} is unknown to this code); upgrade this site first.`,
    );
  if (manifest.migrations.length === 0)
    throw new BackupRefused(`${file} records no applied migrations; it cannot be restored.`);
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function checkTable(file: string, folder: string, table: TableEntry): Promise<void> {
  const path = join(folder, table.file);
  const bad = (why: string) =>
    new BackupRefused(`${file} is damaged: the part ${table.file} ${why}.`);
  if (!existsSync(path)) throw bad('is missing');
  if (statSync(path).size !== table.bytes) throw bad('has the wrong size');
  if ((await hashFile(path)) !== table.sha256) throw bad('does not match its checksum');
  let rows = 0;
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw bad(`has an unreadable row (${rows + 1})`);
    }
    if (!Array.isArray(row) || row.length !== table.columns.length)
      throw bad(`has a row of the wrong width (${rows + 1})`);
    rows += 1;
  }
  if (rows !== table.rows) throw bad(`holds ${rows} rows, the manifest says ${table.rows}`);
}

/** Unpacks and checks `file`; the caller disposes of the result. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const folder = mkdtempSync(join(tmpdir(), 'creator-site-restore-'));
  const dispose = () => rmSync(folder, { recursive: true, force: true });
  try {
    await unpack(file, folder);
    const manifest = readManifest(file, folder);
    checkMigrations(file, manifest);
    const listed = new Set([MANIFEST_FILE]);
    for (const table of manifest.tables) {
      await checkTable(file, folder, table);
      listed.add(table.file);
    }
    for (const part of manifest.content) {
      const path = join(folder, part.file);
      if (!existsSync(path) || (await hashFile(path)) !== part.sha256)
        throw new BackupRefused(`${file} is damaged: ${part.file} does not match its checksum.`);
      listed.add(part.file);
    }
    const extra = listFiles(folder).find((name) => !listed.has(name));
    if (extra)
      throw new BackupRefused(`${file} holds a file its manifest does not list (${extra}).`);
    return { manifest, folder, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
