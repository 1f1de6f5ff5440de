/**
 * The entry of `npm run backup` (backup-command.ts does the work). It lowers the process's CPU
 * priority first, before the command's modules load: loading them takes about a second of CPU,
 * which at full priority held up the running site's answers beside it.
 */
import { lowerOwnPriority } from '#server/ops/low-priority';

lowerOwnPriority();
const { runBackupCommand } = await import('#server/ops/backup-command');
process.exitCode = await runBackupCommand(process.argv.slice(2));
