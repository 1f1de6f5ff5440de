/**
 * `npm run restore -- FILE [--content-to DIR | --no-content]` (docs/product/command-line.md#backups): restores a
 * backup into the storage the configuration names (DATABASE_URL, else DATA_DIR). Anything wrong is
 * one line on stderr, exit code 1, and nothing changed. restore-cli.ts is the command's entry.
 */
import { parseConfig } from '#server/config';
import { ConfigError } from '#server/config-error';
import { MigrationError } from '#server/db/migrate';
import { describeError } from '#server/describe-error';
import { MFA_KEY_NOTE } from '#server/ops/backup-cli-notes';
import { BackupRefused } from '#server/ops/backup-format';
import { processIo, type CommandIo } from '#server/ops/command-io';
import { restoreBackup } from '#server/ops/restore-backup';

const USAGE = 'Usage: npm run restore -- FILE [--content-to DIR | --no-content]';

function parseArguments(args: string[]): { file: string; contentDir?: string | null } {
  const [file, option, value, ...rest] = args;
  if (!file || file.startsWith('-') || rest.length > 0) throw new BackupRefused(USAGE);
  if (option === undefined) return { file };
  if (option === '--no-content' && value === undefined) return { file, contentDir: null };
  if (option === '--content-to' && value) return { file, contentDir: value };
  throw new BackupRefused(USAGE);
}

async function run(args: string[], io: CommandIo): Promise<number> {
  const { file, contentDir } = parseArguments(args);
  const config = parseConfig(io.env);
  const { manifest, keptAside } = await restoreBackup(config, file, { contentDir });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
  io.stdout(
    [
      `Restored ${rows} rows of ${manifest.tables.length} tables from a ${manifest.databaseKind} backup of ${manifest.createdAt} into ${target}.`,
      'The mail queue is paused so old mail is not sent again: check the site, then run npm run admin -- release-mail.',
      keptAside.length > 0
        ? `The replaced data is kept aside: ${keptAside.join(', ')}. Remove it once the restored site looks right.`
        : 'There was no data to replace.',
      MFA_KEY_NOTE,
    ].join('\n') + '\n',
  );
  return 0;
}

/** Runs the command with `args`; resolves to its exit code. */
export async function runRestoreCommand(args: string[], io = processIo): Promise<number> {
  try {
    return await run(args, io);
  } catch (error) {
    const known =
      error instanceof BackupRefused ||
      error instanceof ConfigError ||
      error instanceof MigrationError;
    io.stderr(`${known ? error.message : `Restore failed: ${describeError(error)}`}\n`);
    return 1;
  }
}
