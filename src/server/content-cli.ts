/**
 * `npm run content -- export DIR | import DIR` (docs/product/desk.md#content-in-git): the site's words as
 * a `content/`-shaped folder, for owners who keep them in git. Same configuration as `npm start`
 * (SQLite or PostgreSQL), migrations first. Import publishes as the desk does (a revision of each
 * document that changed, in the audit log) and tells the running servers, which serve it within a
 * second; a folder with any problem changes nothing and each problem is one line on stderr.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { parseConfig, type Config } from '#server/config';
import { ConfigError } from '#server/config-error';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest, MigrationError } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { describeError } from '#server/describe-error';
import { recordAudit } from '#server/features/audit/audit.service';
import { exportContent, importFolder } from '#server/features/content/content-transfer';
import { servableMedia } from '#server/features/content/render/site-build';
import { notifyServers } from '#server/features/live/live.service';

const USAGE = 'Usage: npm run content -- export DIR | import DIR';

async function execute(
  command: 'export' | 'import',
  dir: string,
  db: Kysely<Database>,
  config: Config,
): Promise<number> {
  if (command === 'export') {
    const files = await exportContent(db, dir);
    process.stdout.write(`Wrote ${files.length} files to ${dir}\n`);
    return 0;
  }
  if (!existsSync(dir)) {
    process.stderr.write(`No folder at ${dir}\n`);
    return 1;
  }
  const outcome = await importFolder(db, dir, { servable: servableMedia(config.clientDir) });
  if (!outcome.ok) {
    process.stderr.write(
      `Nothing was imported: ${outcome.problems.length === 1 ? 'a problem' : `${outcome.problems.length} problems`} to fix first\n${outcome.problems.join('\n')}\n`,
    );
    return 1;
  }
  if (outcome.published.length === 0) {
    process.stdout.write('The site shows these words already; nothing was published.\n');
    return 0;
  }
  await recordAudit(db, {
    actorId: null,
    actorLabel: 'command line',
    action: 'content.import',
    targetId: null,
    outcome: 'success',
    details: { documents: outcome.published, version: outcome.version },
    source: 'command line',
  });
  await notifyServers(db, config, { kind: 'content', version: outcome.version }, 'command line');
  process.stdout.write(
    `Published ${outcome.published.join(', ')} as version ${outcome.version}; running servers show it within a second.\n`,
  );
  return 0;
}

async function run(args: string[]): Promise<number> {
  const [command, dir, ...rest] = args;
  if ((command !== 'export' && command !== 'import') || !dir || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
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
    return await execute(command, resolve(dir), db, config);
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
