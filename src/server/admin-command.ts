/**
 * `npm run admin -- <command>`: the owner's command line (docs/product/command-line.md#command-line), for what
 * must work without the desk (the first admin has to come from somewhere, and an admin who lost
 * their authenticator cannot open it): set-rank, list, disable, enable, end-sessions, reset-mfa.
 * Same configuration as `npm start` (SQLite or PostgreSQL), migrations first; a bad argument or an
 * unknown email is one line on stderr and exit code 1. Each change is written to the audit log
 * with the source `command line`, and the running servers are told, so the account's open tabs
 * follow at once. admin-cli.ts is the command's entry.
 */
import type { Kysely } from 'kysely';
import { emailSchema } from '#shared/account-schemas';
import { ACCOUNT_RANK_MAX, disableAccountSchema } from '#shared/desk-accounts-schemas';
import {
  disableAccount,
  enableAccount,
  endAccountSessions,
  findAccountByEmail,
  setAccountRank,
} from '#server/features/accounts/accounts.service';
import { listUsers } from '#server/features/accounts/users.repository';
import { recordAudit } from '#server/features/audit/audit.service';
import { issueEnrolmentCode, resetMfa } from '#server/features/mfa/mfa.service';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import { MFA_ENROLMENT_CODE_MINUTES } from '#shared/admin-security-schemas';
import { parseConfig, type Config } from '#server/config';
import { ConfigError } from '#server/config-error';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest, MigrationError } from '#server/db/migrate';
import type { Database, User } from '#server/db/schema';
import { describeError } from '#server/describe-error';
import { notifyServers } from '#server/features/live/live.service';
import { processIo, type CommandIo } from '#server/ops/command-io';
import { mailPauseReason, releaseMail } from '#server/ops/site-flags';

const USAGE =
  'Usage: npm run admin -- set-rank <email> <rank> | list | disable <email> <reason…> | ' +
  'enable <email> | end-sessions <email> | reset-mfa <email> | release-mail';
const ACTOR = 'command line' as const;

class UsageError extends Error {}

type Command =
  | { name: 'list' }
  | { name: 'release-mail' }
  | { name: 'set-rank'; email: string; rank: number }
  | { name: 'disable'; email: string; reason: string }
  | { name: 'enable' | 'end-sessions' | 'reset-mfa'; email: string };

function parseEmail(raw: string): string {
  const email = emailSchema.safeParse(raw);
  if (!email.success)
    throw new UsageError(`Not an email address: ${JSON.stringify(raw)}. ${USAGE}`);
  return email.data;
}

function parseArguments(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === 'list' || name === 'release-mail') {
    if (rest.length > 0) throw new UsageError(`${name} takes no arguments. ${USAGE}`);
    return name === 'list' ? { name } : { name };
  }
  if (name === 'set-rank') {
    if (rest.length !== 2) throw new UsageError(`set-rank needs an email and a rank. ${USAGE}`);
    const [rawEmail = '', rawRank = ''] = rest;
    const email = parseEmail(rawEmail);
    if (!/^\d{1,4}$/.test(rawRank) || Number(rawRank) > ACCOUNT_RANK_MAX)
      throw new UsageError(
        `The rank must be a whole number from 0 to ${ACCOUNT_RANK_MAX} (got ${JSON.stringify(rawRank)}).`,
      );
    return { name, email, rank: Number(rawRank) };
  }
  if (name === 'disable') {
    const [rawEmail = '', ...words] = rest;
    if (rest.length < 2) throw new UsageError(`disable needs an email and a reason. ${USAGE}`);
    const email = parseEmail(rawEmail);
    const reason = disableAccountSchema.shape.reason.safeParse(words.join(' '));
    if (!reason.success) throw new UsageError(reason.error.issues[0]?.message ?? USAGE);
    return { name, email, reason: reason.data };
  }
  if (name === 'enable' || name === 'end-sessions' || name === 'reset-mfa') {
    if (rest.length !== 1) throw new UsageError(`${name} needs an email. ${USAGE}`);
    return { name, email: parseEmail(rest[0] ?? '') };
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

function sessions(count: number): string {
  return count === 1 ? '1 session' : `${count} sessions`;
}

async function list(db: Kysely<Database>, io: CommandIo): Promise<number> {
  const users = await listUsers(db);
  if (users.length === 0) {
    io.stdout('No accounts yet.\n');
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
  io.stdout(`${table(rows)}\n`);
  return 0;
}

/** Lets a restored copy's mail queue send again (docs/product/command-line.md#backups). */
async function release(db: Kysely<Database>, io: CommandIo): Promise<number> {
  const was = await mailPauseReason(db);
  await releaseMail(db);
  await recordAudit(db, {
    actorId: null,
    actorLabel: ACTOR,
    action: 'mail.release',
    targetId: null,
    outcome: 'success',
    details: { wasPaused: was !== null },
    source: 'command line',
  });
  io.stdout(
    was === null
      ? 'The mail queue was not paused; nothing to release.\n'
      : `The mail queue is released (it was paused: ${was}); queued mail goes out now.\n`,
  );
  return 0;
}

/** The audit log's name for each command's action. */
const ACTIONS = {
  'set-rank': 'accounts.rank',
  disable: 'accounts.disable',
  enable: 'accounts.enable',
  'end-sessions': 'accounts.end-sessions',
  'reset-mfa': 'mfa.reset',
} as const satisfies Record<AccountCommand['name'], string>;

type AccountCommand = Exclude<Command, { name: 'list' | 'release-mail' }>;

type Done = { details: Record<string, unknown>; said: string };
/** A command that could not be done: the line for stderr and the reason the audit log keeps. */
type Refused = { line: string; reason: string };

/**
 * The line that hands over the first set-up's enrolment code (docs/product/desk.md#admin-multi-factor):
 * the desk asks for it before it shows a key. Printed once; only its hash is kept.
 */
function enrolmentLine(code: string | null): string {
  if (!code) return '';
  return `\nEnrolment code for setting up the authenticator at /admin (works once, for ${MFA_ENROLMENT_CODE_MINUTES} minutes): ${code}`;
}

/** Carries out a command on one account. */
async function change(
  command: AccountCommand,
  db: Kysely<Database>,
  user: User,
): Promise<Done | Refused> {
  const who = `${user.email} (${user.username})`;
  // Gone between the look-up and the change.
  const missing = {
    line: `No account with the email ${command.email}.`,
    reason: 'no such account',
  };
  switch (command.name) {
    case 'set-rank': {
      const rank = await setAccountRank(db, user.id, command.rank, ACTOR);
      if (!rank.done) return missing;
      const code = rank.to > ADMIN_RANK_ABOVE ? await issueEnrolmentCode(db, user.id) : null;
      return {
        details: {
          adminRank: rank.to,
          previousAdminRank: rank.from,
          ...(code ? { enrolmentOffered: true } : {}),
        },
        said: `${who} now has adminRank ${rank.to}.${enrolmentLine(code)}`,
      };
    }
    case 'disable': {
      const outcome = await disableAccount(db, user.id, command.reason, ACTOR);
      if (!outcome.done)
        return outcome.why === 'already-disabled'
          ? { line: `${who} is already disabled.`, reason: 'already disabled' }
          : missing;
      return {
        details: { reason: command.reason, endedSessions: outcome.endedSessions },
        said: `${who} is disabled; ${sessions(outcome.endedSessions)} ended.`,
      };
    }
    case 'enable': {
      const outcome = await enableAccount(db, user.id, ACTOR);
      if (!outcome.done)
        return outcome.why === 'not-disabled'
          ? { line: `${who} is not disabled.`, reason: 'not disabled' }
          : missing;
      return { details: {}, said: `${who} can log in again.` };
    }
    case 'end-sessions': {
      const outcome = await endAccountSessions(db, user.id, ACTOR);
      if (!outcome.done) return missing;
      return {
        details: { endedSessions: outcome.ended },
        said: `Ended ${sessions(outcome.ended)} of ${who}.`,
      };
    }
    case 'reset-mfa': {
      const { hadAuthenticator: had, removedPasskeys: removed } = await resetMfa(db, user.id);
      const code =
        user.admin_rank > ADMIN_RANK_ABOVE ? await issueEnrolmentCode(db, user.id) : null;
      const passkeysLine =
        removed === 0
          ? ''
          : ` ${removed === 1 ? 'Its passkey was' : `Its ${removed} passkeys were`} removed.`;
      return {
        details: {
          hadAuthenticator: had,
          ...(removed ? { removedCredentials: removed } : {}),
          ...(code ? { enrolmentOffered: true } : {}),
        },
        said:
          (had
            ? `${who} sets up an authenticator again at the next visit to the desk.`
            : `${who} had no authenticator; the next visit to the desk sets one up.`) +
          passkeysLine +
          enrolmentLine(code),
      };
    }
  }
}

/**
 * Writes the command's row to the audit log, done or not (docs/product/command-line.md#command-line-audit). A
 * failed run is recorded too; if even that cannot be written (the database is the problem), the
 * one line on stderr says what went wrong with the command, not with its record.
 */
async function audit(
  db: Kysely<Database>,
  command: AccountCommand,
  targetId: string | null,
  outcome: Done | Refused | { failed: unknown },
): Promise<void> {
  const record = recordAudit(db, {
    actorId: null,
    actorLabel: ACTOR,
    action: ACTIONS[command.name],
    targetId,
    outcome: 'said' in outcome ? 'success' : 'failure',
    details:
      'said' in outcome
        ? outcome.details
        : { reason: 'reason' in outcome ? outcome.reason : 'error' },
    source: 'command line',
  });
  if ('said' in outcome) await record;
  else await record.catch(() => undefined);
}

async function execute(
  command: Command,
  db: Kysely<Database>,
  config: Config,
  io: CommandIo,
): Promise<number> {
  if (command.name === 'list') return list(db, io);
  if (command.name === 'release-mail') return release(db, io);
  const user = await findAccountByEmail(db, command.email);
  if (!user) {
    await audit(db, command, null, { line: '', reason: 'no such account' });
    io.stderr(`No account with the email ${command.email}.\n`);
    return 1;
  }
  let done: Done | Refused;
  try {
    done = await change(command, db, user);
  } catch (error) {
    await audit(db, command, user.id, { failed: error });
    throw error;
  }
  await audit(db, command, user.id, done);
  if (!('said' in done)) {
    io.stderr(`${done.line}\n`);
    return 1;
  }
  // Open tabs of that person show the change at once (the Admin button appears or goes, a disabled
  // account's tabs lose access).
  await notifyServers(db, config, { kind: 'user', userId: user.id }, ACTOR);
  io.stdout(`${done.said}\n`);
  return 0;
}

/** Runs the command with `args`; resolves to its exit code. */
export async function runAdminCommand(args: string[], io: CommandIo = processIo): Promise<number> {
  let command: Command;
  let config: Config;
  try {
    command = parseArguments(args);
    config = parseConfig(io.env);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }
  let db: Kysely<Database>;
  try {
    db = connectDatabase(config);
  } catch (error) {
    io.stderr(`Could not open the database: ${describeError(error)}\n`);
    return 1;
  }
  try {
    await migrateToLatest(db);
    return await execute(command, db, config, io);
  } catch (error) {
    io.stderr(`${error instanceof MigrationError ? error.message : describeError(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}
