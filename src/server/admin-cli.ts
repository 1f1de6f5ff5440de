/**
 * `npm run admin -- set-rank <email> <rank>` and `npm run admin -- list`: the owner's command line
 * for what no route may do (the first admin has to come from somewhere). Same configuration as
 * `npm start` (SQLite or PostgreSQL), migrations first; a bad argument or an unknown e-mail is one
 * line on stderr and exit code 1.
 */
import type { Kysely } from 'kysely';
import { emailSchema } from '#shared/account-schemas';
import { listUsers, setAdminRank } from '#server/features/accounts/users.repository';
import { parseConfig, type Config } from '#server/config';
import { ConfigError } from '#server/config-error';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest, MigrationError } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { describeError } from '#server/describe-error';
import { notifyServers } from '#server/features/live/live.service';

const USAGE = 'Usage: npm run admin -- set-rank <email> <rank> | npm run admin -- list';
const MAX_RANK = 1000;

class UsageError extends Error {}

type Command = { name: 'list' } | { name: 'set-rank'; email: string; rank: number };

function parseArguments(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === 'list') {
    if (rest.length > 0) throw new UsageError(`list takes no arguments. ${USAGE}`);
    return { name };
  }
  if (name === 'set-rank') {
    if (rest.length !== 2) throw new UsageError(`set-rank needs an e-mail and a rank. ${USAGE}`);
    const [rawEmail = '', rawRank = ''] = rest;
    const email = emailSchema.safeParse(rawEmail);
    if (!email.success)
      throw new UsageError(`Not an e-mail address: ${JSON.stringify(rawEmail)}. ${USAGE}`);
    if (!/^\d{1,4}$/.test(rawRank) || Number(rawRank) > MAX_RANK)
      throw new UsageError(
        `The rank must be a whole number from 0 to ${MAX_RANK} (got ${JSON.stringify(rawRank)}).`,
      );
    return { name, email: email.data, rank: Number(rawRank) };
  }
  throw new UsageError(name ? `Unknown command ${JSON.stringify(name)}. ${USAGE}` : USAGE);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function execute(command: Command, db: Kysely<Database>, config: Config): Promise<number> {
  if (command.name === 'list') {
    const users = await listUsers(db);
    if (users.length === 0) {
      process.stdout.write('No accounts yet.\n');
      return 0;
    }
    const rows = [
      ['EMAIL', 'USERNAME', 'RANK', 'EARLY USER', 'VERIFIED', 'CREATED'],
      ...users.map((user) => [
        user.email,
        user.username,
        String(user.admin_rank),
        user.early_user ? 'yes' : 'no',
        user.email_verified ? 'yes' : 'no',
        user.created_at,
      ]),
    ];
    process.stdout.write(`${table(rows)}\n`);
    return 0;
  }
  const user = await setAdminRank(db, command.email, command.rank);
  if (!user) {
    process.stderr.write(`No account with the e-mail ${command.email}.\n`);
    return 1;
  }
  // Open tabs of that person show the change at once (the Admin button appears or goes).
  await notifyServers(db, config, { kind: 'user', userId: user.id }, 'command line');
  process.stdout.write(`${user.email} (${user.username}) now has adminRank ${user.admin_rank}.\n`);
  return 0;
}

async function run(args: string[]): Promise<number> {
  let command: Command;
  let config: Config;
  try {
    command = parseArguments(args);
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  let db: Kysely<Database>;
  try {
    db = connectDatabase(config);
  } catch (error) {
    process.stderr.write(`Could not open the database: ${describeError(error)}\n`);
    return 1;
  }
  try {
    await migrateToLatest(db);
    return await execute(command, db, config);
  } catch (error) {
    process.stderr.write(
      `${error instanceof MigrationError ? error.message : describeError(error)}\n`,
    );
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await run(process.argv.slice(2));
