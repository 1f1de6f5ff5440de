/** Brings the schema up to date; runs at every start and from `npm run db:migrate`. */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { describeError } from '#server/describe-error';
import * as initial from '#server/db/migrations/2026-11-21-0001-initial';
import * as accounts from '#server/db/migrations/2026-11-21-0002-accounts';
import * as assistant from '#server/db/migrations/2026-11-22-0003-assistant';
import * as productAccess from '#server/db/migrations/2026-11-22-0004-product-access';
import * as mailLists from '#server/db/migrations/2026-11-22-0005-mail-lists';
import * as rateLimitExpiry from '#server/db/migrations/2026-11-22-0006-rate-limit-expiry';
import * as liveNotices from '#server/db/migrations/2026-11-25-0007-live-notices';
import * as adminSecurity from '#server/db/migrations/2026-11-25-0008-admin-security';
import * as accountSearch from '#server/db/migrations/2026-11-25-0009-account-search';
import * as mfaCascade from '#server/db/migrations/2026-11-25-0010-mfa-cascade';
import * as mfaReplacement from '#server/db/migrations/2026-11-25-0011-mfa-replacement';
import * as nowouSync from '#server/db/migrations/2026-11-25-0012-nowou-sync';
import * as nowouPurgedSeq from '#server/db/migrations/2026-11-26-0013-nowou-purged-seq';
import * as mailListEvents from '#server/db/migrations/2026-11-26-0014-mail-list-events';
import * as knownDevices from '#server/db/migrations/2026-11-27-0015-known-devices';
import * as usernameSkeletons from '#server/db/migrations/2026-11-27-0016-username-skeletons';
import * as mfaEnrolmentCodes from '#server/db/migrations/2026-11-27-0017-mfa-enrolment-codes';
import * as sessionDevices from '#server/db/migrations/2026-11-27-0020-session-devices';
import * as visitSources from '#server/db/migrations/2026-11-27-0021-visit-sources';
import * as errorGroups from '#server/db/migrations/2026-11-27-0022-error-groups';
import * as assistantSchedule from '#server/db/migrations/2026-11-27-0023-assistant-schedule';
import * as adminNotifications from '#server/db/migrations/2026-11-27-0024-admin-notifications';
import * as siteFlags from '#server/db/migrations/2026-11-27-0035-site-flags';
import * as mfaEnrolmentSession from '#server/db/migrations/2026-11-29-0040-mfa-enrolment-session';
import * as heldNotices from '#server/db/migrations/2026-11-29-0041-held-notices';
import * as nowouHistoryBudget from '#server/db/migrations/2026-11-29-0042-nowou-history-budget';
import * as content from '#server/db/migrations/2026-11-29-0045-content';
import * as passkeys from '#server/db/migrations/2026-11-29-0050-passkeys';

/** Every migration, by name; names sort by date, which is the order they run in. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-accounts': accounts,
  '2026-11-22-0003-assistant': assistant,
  '2026-11-22-0004-product-access': productAccess,
  '2026-11-22-0005-mail-lists': mailLists,
  '2026-11-22-0006-rate-limit-expiry': rateLimitExpiry,
  '2026-11-25-0007-live-notices': liveNotices,
  '2026-11-25-0008-admin-security': adminSecurity,
  '2026-11-25-0009-account-search': accountSearch,
  '2026-11-25-0010-mfa-cascade': mfaCascade,
  '2026-11-25-0011-mfa-replacement': mfaReplacement,
  '2026-11-25-0012-nowou-sync': nowouSync,
  '2026-11-26-0013-nowou-purged-seq': nowouPurgedSeq,
  '2026-11-26-0014-mail-list-events': mailListEvents,
  '2026-11-27-0015-known-devices': knownDevices,
  '2026-11-27-0016-username-skeletons': usernameSkeletons,
  '2026-11-27-0017-mfa-enrolment-codes': mfaEnrolmentCodes,
  '2026-11-27-0020-session-devices': sessionDevices,
  '2026-11-27-0021-visit-sources': visitSources,
  '2026-11-27-0022-error-groups': errorGroups,
  '2026-11-27-0023-assistant-schedule': assistantSchedule,
  '2026-11-27-0024-admin-notifications': adminNotifications,
  '2026-11-27-0035-site-flags': siteFlags,
  '2026-11-29-0040-mfa-enrolment-session': mfaEnrolmentSession,
  '2026-11-29-0041-held-notices': heldNotices,
  '2026-11-29-0042-nowou-history-budget': nowouHistoryBudget,
  '2026-11-29-0045-content': content,
  '2026-11-29-0050-passkeys': passkeys,
};

/** The names of every migration this code knows, in the order they run (backups check against it). */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(MIGRATIONS).sort();

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrateOptions {
  /**
   * The PostgreSQL schema of Kysely's own tables, for a restore that builds a database in a schema
   * of its own beside `public` (whose tables Kysely would otherwise take for its own).
   */
  migrationTableSchema?: string;
}

/** Applies the migrations up to and including `name` (tests of a migration's handling of old rows). */
export async function migrateUpTo<DB>(
  db: Kysely<DB>,
  name: string,
  options: MigrateOptions = {},
): Promise<void> {
  const { error } = await new Migrator({ db, provider, ...options }).migrateTo(name);
  if (error) throw new MigrationError(`Migrations up to ${name} failed: ${describeError(error)}`);
}

/** Applies pending migrations and returns their names; throws a MigrationError naming the one that failed. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...options });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = describeError(error);
    throw new MigrationError(
      failed ? `Migration ${failed} failed: ${reason}` : `Migrations could not run: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** How many migrations have run and which are still to run (a start-up backup first, on SQLite). */
export async function migrationStatus<DB>(
  db: Kysely<DB>,
): Promise<{ applied: number; pending: string[] }> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return {
    applied: migrations.filter((m) => m.executedAt !== undefined).length,
    pending: migrations.filter((m) => m.executedAt === undefined).map((m) => m.name),
  };
}
