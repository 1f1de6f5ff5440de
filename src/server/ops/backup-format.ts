/**
 * What a backup file holds (docs/product/command-line.md#backups): a gzipped tar with `manifest.json`, one
 * `data/<table>.jsonl` per table (a JSON array of values per row, in the manifest's column order) and
 * the owner's `content/`. Values are database-neutral (text, numbers, null), so a SQLite backup
 * restores into PostgreSQL and back. The MFA sealing key is never in it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const BACKUP_FORMAT = 'creator-site-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const DATA_FOLDER = 'data';
export const CONTENT_FOLDER = 'content';

/** Kysely's own bookkeeping: the manifest lists applied migrations instead. */
export const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The repository's content/ folder, which `npm start` serves from. */
export const REPO_CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const partPath = z.string().regex(/^(?!.*\.\.)[\w./-]+$/, 'a relative path');

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  appVersion: z.string(),
  databaseKind: z.enum(['sqlite', 'postgres']),
  migrations: z.array(z.string()),
  mfaKeyIncluded: z.literal(false),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().min(0),
      file: partPath,
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  content: z.array(z.object({ file: partPath, bytes: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest['tables'][number];

export function appVersion(): string {
  const file = fileURLToPath(new URL('../../../package.json', import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A backup file that must not be used; its message is the one line the command prints. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** A cell as stored in a part: binary data as {"$b64": …}, dates as ISO text. */
export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') };
  if (value instanceof Uint8Array) return { $b64: Buffer.from(value).toString('base64') };
  return JSON.stringify(value);
}

export function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '$b64' in value)
    return Buffer.from(String((value as { $b64: string }).$b64), 'base64');
  return value;
}
