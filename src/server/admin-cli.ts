/** The entry of `npm run admin -- <command>` (admin-command.ts does the work). */
import { runAdminCommand } from '#server/admin-command';

process.exitCode = await runAdminCommand(process.argv.slice(2));
