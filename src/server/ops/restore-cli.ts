/** The entry of `npm run restore` (restore-command.ts does the work). */
import { runRestoreCommand } from '#server/ops/restore-command';

process.exitCode = await runRestoreCommand(process.argv.slice(2));
