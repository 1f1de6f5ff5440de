/**
 * A migrated PostgreSQL database for tests, copied from a template migrated once per test run
 * (CREATE DATABASE … TEMPLATE takes a fraction of migrating from empty). tests/support/run-setup.ts
 * makes the template when a server answers at TEST_DATABASE_URL and drops it after the run.
 */
import { randomBytes } from 'node:crypto';
import { connectDatabase } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';
import {
  createThrowawayDatabase,
  databaseUrl,
  untilUnused,
  withAdmin,
  type ThrowawayDatabase,
  type ThrowawayDatabaseOptions,
} from './postgres';
import { postgresTemplate } from './run-shared';

/** Makes a database migrated to the latest schema, with no session left on it; returns its name. */
export async function makeMigratedTemplate(): Promise<string> {
  const name = `test_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}"`));
  const db = connectDatabase({ dataDir: '/nonexistent', databaseUrl: databaseUrl(name) });
  await migrateToLatest(db).finally(() => db.destroy());
  await withAdmin((client) => untilUnused(client, name));
  return name;
}

export async function dropTemplate(name: string): Promise<void> {
  await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * A throwaway database already migrated to the latest schema: a copy of the run's template, or
 * (outside a test run) migrated here.
 */
export async function createMigratedDatabase(
  options: Omit<ThrowawayDatabaseOptions, 'template'> = {},
): Promise<ThrowawayDatabase> {
  const template = postgresTemplate();
  if (template) return createThrowawayDatabase({ ...options, template });
  const database = await createThrowawayDatabase(options);
  const db = connectDatabase({ dataDir: '/nonexistent', databaseUrl: database.url });
  await migrateToLatest(db).finally(() => db.destroy());
  return database;
}
