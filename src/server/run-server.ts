/**
 * Start-up and shutdown of the server process: configuration, migrations, listen; on SIGTERM or
 * SIGINT stop accepting, let in-flight requests finish, close storage and exit 0 (forced after 10 s).
 * Anything the owner must fix ends start-up with one line on stderr and exit code 1, never a stack.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp, type BuildAppOptions } from '#server/app';
import { parseConfig, type Config, type ConfigEnv } from '#server/config';
import { ConfigError } from '#server/config-error';
import { connectDatabase, SQLITE_FILE_NAME } from '#server/db/connect';
import { migrateToLatest, migrationStatus, MigrationError } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { describeError } from '#server/describe-error';
import { MFA_KEY_FILE, mfaKeyWarnings } from '#server/features/mfa/mfa-key';
import { authenticatorKeyWarnings } from '#server/features/mfa/mfa.service';
import { scheduleBackups } from '#server/ops/backup-schedule';
import { createBackup } from '#server/ops/create-backup';
import { claimDataDir } from '#server/ops/live-instance';
import { walletWarnings } from '#server/features/content/content.service';
import { tightenDataDir } from '#server/private-files';

export const SHUTDOWN_GRACE_MS = 10_000;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/**
 * SQLite's schema changes are not transactional: before migrations run on a SQLite file that has
 * data, a backup is written and named in the log, so a failed upgrade has a way back
 * (docs/product/command-line.md#backups). A backup that fails stops start-up with nothing migrated.
 */
async function backupBeforeMigrating(
  config: Config,
  db: Kysely<Database>,
): Promise<{ path: string; pending: string[] } | null> {
  let pending: string[];
  try {
    const status = await migrationStatus(db);
    if (status.applied === 0) return null;
    pending = status.pending;
  } catch {
    return null; // migrateToLatest says what is wrong with the database, in its own words
  }
  if (pending.length === 0) return null;
  try {
    const { path } = await createBackup(config, { prefix: 'pre-migration' });
    return { path, pending };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    fail(`Could not back up before migrating (nothing was migrated): ${describeError(error)}`);
  }
}

export async function runServer(
  env: ConfigEnv,
  options: Omit<BuildAppOptions, 'db'> = {},
): Promise<void> {
  let config;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Files and folders an older version (or a copy) left readable by others become the owner's only.
  const openToOthers = tightenDataDir(config.dataDir);
  const hadSqliteFile = !config.databaseUrl && existsSync(join(config.dataDir, SQLITE_FILE_NAME));
  const madeMfaKeyFile = !config.mfaKey && !existsSync(join(config.dataDir, MFA_KEY_FILE));
  let db;
  try {
    db = connectDatabase(config);
  } catch (error) {
    fail(`Could not open the database: ${describeError(error)}`);
  }
  if (!config.databaseUrl) {
    // A restore refuses while this file names a live process (docs/product/command-line.md#backups).
    const release = claimDataDir(config.dataDir);
    process.on('exit', release);
  }
  const preMigration = hadSqliteFile ? await backupBeforeMigrating(config, db) : null;
  // A migration may run longer than a request's statement timeout: on PostgreSQL it gets its own pool.
  const migrationDb = config.databaseUrl
    ? connectDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
    : db;
  try {
    await migrateToLatest(migrationDb);
    if (migrationDb !== db) await migrationDb.destroy();
  } catch (error) {
    if (migrationDb !== db) await migrationDb.destroy().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    const reason =
      error instanceof MigrationError
        ? error.message
        : `Migrations failed: ${describeError(error)}`;
    fail(
      preMigration
        ? `${reason} (the data from before is in ${preMigration.path}: npm run restore -- ${preMigration.path})`
        : reason,
    );
  }

  let app;
  try {
    app = await buildApp(config, { ...options, db });
  } catch (error) {
    // A part that cannot start with this configuration (the MFA key file) says so in one line.
    if (!(error instanceof ConfigError)) throw error;
    await db.destroy().catch(() => undefined);
    fail(error.message);
  }
  const keyCheck = await authenticatorKeyWarnings(db, config, madeMfaKeyFile).catch(
    (error: unknown) => [
      `Could not check the MFA key against the authenticators: ${describeError(error)}`,
    ],
  );
  // Read before "Site ready", so that the lines after it are written at once: whoever waits for
  // that line may stop the server next.
  const folderNotice = await app.content.folderNotice();
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await db.destroy();
    fail(`Could not listen on ${config.host}:${config.port}: ${describeError(error)}`);
  }
  if (preMigration)
    app.log.info(
      { backup: preMigration.path, migrations: preMigration.pending },
      `Backup before migrating written to ${preMigration.path}`,
    );
  app.log.info(`Site ready at ${config.publicUrl}`);
  for (const line of [
    ...(folderNotice ? [folderNotice] : []),
    ...walletWarnings(app.content.published().values.donation),
    ...mfaKeyWarnings(config),
    ...keyCheck,
    ...openToOthers,
  ])
    app.log.warn(line);
  const backups = scheduleBackups(config, app.log);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then stopping`);
    setTimeout(() => {
      app.log.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await backups?.stop();
    await app.close();
    await db.destroy();
    app.log.info('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
