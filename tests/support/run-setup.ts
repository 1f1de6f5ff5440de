/**
 * vitest globalSetup of both projects: what every test file would otherwise make for itself, made
 * once per run and handed over through tests/support/run-shared.ts: the migrated SQLite template
 * with the shipped words (each test server starts from a copy), the known password's scrypt hash,
 * and, when a PostgreSQL server answers, a migrated template database (dropped after the run).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '#server/features/accounts/passwords';
import { KNOWN_PASSWORD } from './accounts';
// At the suite's low cost, as the test files hash (setHashParamsForTests on import).
import './quick-password-hashing';
import { probePostgres } from './postgres';
import { dropTemplate, makeMigratedTemplate } from './postgres-template';
import { writeMigratedTemplate } from './server';
import { makeTempDir } from './temp-dir';

async function postgresTemplateIfAvailable(): Promise<string | undefined> {
  return (await probePostgres()).available ? makeMigratedTemplate() : undefined;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = makeTempDir('creator-site-run-');
  const [template, hash, pgTemplate] = await Promise.all([
    writeMigratedTemplate(dir),
    hashPassword(KNOWN_PASSWORD),
    postgresTemplateIfAvailable(),
  ]);
  project.provide('sqliteTemplate', template);
  project.provide('knownPasswordHash', hash);
  if (pgTemplate) project.provide('postgresTemplate', pgTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgTemplate) await dropTemplate(pgTemplate);
  };
}
