/**
 * Start-up and shutdown of the server process: configuration, migrations, listen; on SIGTERM or
 * SIGINT stop accepting, let in-flight requests finish, close storage and exit 0 (forced after 10 s).
 * Anything the owner must fix ends start-up with one line on stderr and exit code 1, never a stack.
 */
import { buildApp, type BuildAppOptions } from '#server/app';
import { parseConfig, type ConfigEnv } from '#server/config';
import { ConfigError } from '#server/config-error';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest, MigrationError } from '#server/db/migrate';
import { describeError } from '#server/describe-error';
import { mfaKeyWarnings } from '#server/features/mfa/mfa-key';
import { claimDataDir } from '#server/ops/live-instance';
import { contentWarnings } from '#server/site-content';

export const SHUTDOWN_GRACE_MS = 10_000;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
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

  let db;
  try {
    db = connectDatabase(config);
  } catch (error) {
    fail(`Could not open the database: ${describeError(error)}`);
  }
  if (!config.databaseUrl) {
    // A restore refuses while this file names a live process (docs/product.md#backups).
    const release = claimDataDir(config.dataDir);
    process.on('exit', release);
  }
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    fail(
      error instanceof MigrationError
        ? error.message
        : `Migrations failed: ${describeError(error)}`,
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
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await db.destroy();
    fail(`Could not listen on ${config.host}:${config.port}: ${describeError(error)}`);
  }
  app.log.info(`Site ready at ${config.publicUrl}`);
  for (const line of [...contentWarnings(), ...mfaKeyWarnings(config)]) app.log.warn(line);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then stopping`);
    setTimeout(() => {
      app.log.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await db.destroy();
    app.log.info('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
