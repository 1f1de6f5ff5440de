/**
 * `npm run backup [-- PATH]` writes one backup file and prints its path as the last line;
 * `npm run backup -- --verify FILE` checks a file without restoring it (docs/product/command-line.md#backups).
 * Same configuration as `npm start`. Anything wrong is one line on stderr and exit code 1. A backup
 * pauses between steps, so the running site keeps its pace; backup-cli.ts, the command's entry,
 * has lowered the process's CPU priority before this module loads.
 */
import { parseConfig } from '#server/config';
import { ConfigError } from '#server/config-error';
import { describeError } from '#server/describe-error';
import { MFA_KEY_NOTE } from '#server/ops/backup-cli-notes';
import { BackupRefused, type Manifest } from '#server/ops/backup-format';
import { processIo, type CommandIo } from '#server/ops/command-io';
import { createBackup } from '#server/ops/create-backup';
import { verifyBackup } from '#server/ops/verify-backup';

const USAGE = 'Usage: npm run backup [-- PATH] | npm run backup -- --verify FILE';

function summary(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  return (
    `${manifest.tables.length} tables, ${rows} rows and ${manifest.content.length} content files ` +
    `from ${manifest.databaseKind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ` +
    `schema at ${manifest.migrations.at(-1) ?? 'none'}, made ${manifest.createdAt} by version ${manifest.appVersion}`
  );
}

async function run(args: string[], io: CommandIo): Promise<number> {
  if (args[0] === '--verify') {
    if (args.length !== 2) throw new BackupRefused(USAGE);
    const backup = await verifyBackup(args[1]!);
    backup.dispose();
    io.stdout(`OK: ${summary(backup.manifest)}.\n`);
    return 0;
  }
  if (args.length > 1 || args[0]?.startsWith('-')) throw new BackupRefused(USAGE);
  const config = parseConfig(io.env);
  // Beside a running site: as much rest as work.
  const { path, manifest } = await createBackup(config, { out: args[0], restRatio: 1 });
  io.stdout(`Backed up ${summary(manifest)}.\n${MFA_KEY_NOTE}\n${path}\n`);
  return 0;
}

/** Runs the command with `args`; resolves to its exit code. */
export async function runBackupCommand(args: string[], io = processIo): Promise<number> {
  try {
    return await run(args, io);
  } catch (error) {
    const known = error instanceof BackupRefused || error instanceof ConfigError;
    io.stderr(`${known ? error.message : `Backup failed: ${describeError(error)}`}\n`);
    return 1;
  }
}
