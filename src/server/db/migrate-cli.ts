/** `npm run db:migrate`: applies pending migrations with the same configuration as `npm start`. */
import { parseConfig } from '#server/config';
import { ConfigError } from '#server/config-error';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest, MigrationError } from '#server/db/migrate';
import { describeError } from '#server/describe-error';

async function run(): Promise<number> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const db = connectDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    process.stdout.write(
      applied.length ? `Applied: ${applied.join(', ')}\n` : 'The schema is up to date.\n',
    );
    return 0;
  } catch (error) {
    process.stderr.write(
      `${error instanceof MigrationError ? error.message : describeError(error)}\n`,
    );
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await run();
