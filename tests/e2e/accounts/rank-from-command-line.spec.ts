/**
 * A rank given from the command line shows in the person's open tab without a reload
 * (docs/product/command-line.md#set-rank): `npm run admin -- set-rank` makes the Admin button appear within a
 * second, on SQLite (through live_notices) and on PostgreSQL (through NOTIFY).
 */
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { createUser } from '#test-support/accounts';
import { navigationPanel, useAccountsSite, type AccountsSite } from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';
import { probePostgres, type ThrowawayDatabase } from '#test-support/postgres';
import { createMigratedDatabase } from '#test-support/postgres-template';
import { adminCommand } from '#test-support/server-process';

async function adminButtonAppears(site: AccountsSite): Promise<void> {
  const user = await createUser(site.server);
  const { page } = await site.openAs(user, paths.about, { width: VIEWPORTS.desktop.width });
  const panel = await navigationPanel(page);
  await panel.getByRole('link', { name: user.username }).waitFor();
  expect(await panel.getByRole('link', { name: 'Admin' }).count()).toBe(0);

  const { config } = site.server;
  const result = await adminCommand(['set-rank', user.email, '10'], {
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
  });
  expect(result.code, result.stderr).toBe(0);
  const ranked = Date.now();
  await panel.getByRole('link', { name: 'Admin' }).waitFor({ timeout: 1000 });
  expect(Date.now() - ranked).toBeLessThan(1000);
}

describe('on SQLite', () => {
  const site = useAccountsSite();

  test('set-rank makes the Admin button appear in the open tab within a second', async () => {
    await adminButtonAppears(site);
  });
});

const pg = await probePostgres();

describe.skipIf(!pg.available)(pg.title('on PostgreSQL'), () => {
  let database: ThrowawayDatabase | undefined;
  const site = useAccountsSite({
    env: async () => {
      database = await createMigratedDatabase();
      return { DATABASE_URL: database.url };
    },
    afterClose: async () => database?.drop(),
  });

  test('set-rank makes the Admin button appear in the open tab within a second', async () => {
    await adminButtonAppears(site);
  });
});
