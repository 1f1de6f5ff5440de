/**
 * The owner's commands (`npm run admin`, `backup`, `restore`) called as functions in the test's own
 * process, with only the given variables as their settings and their lines captured: for tests that
 * need a command's effect and words, not its process (tests/support/server-process.ts starts the
 * process, for tests of exit codes, signals, file modes and other processes).
 */
import { runAdminCommand } from '#server/admin-command';
import { runBackupCommand } from '#server/ops/backup-command';
import type { CommandIo } from '#server/ops/command-io';
import { runRestoreCommand } from '#server/ops/restore-command';
import type { CommandResult } from './server-process';

type Command = (args: string[], io: CommandIo) => Promise<number>;

async function inProcess(
  command: Command,
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** `npm run admin -- …` in this process. */
export const adminInProcess = (args: string[], env: Record<string, string>) =>
  inProcess(runAdminCommand, args, env);

/** `npm run backup -- …` in this process. */
export const backupInProcess = (args: string[], env: Record<string, string>) =>
  inProcess(runBackupCommand, args, env);

/** `npm run restore -- …` in this process. */
export const restoreInProcess = (args: string[], env: Record<string, string>) =>
  inProcess(runRestoreCommand, args, env);
