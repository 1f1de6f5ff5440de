/**
 * The desk's Site health (docs/product/command-line.md#site-health) at 400 and 1280 px: the database answers, no
 * backup yet says how to make one, and a mail queue paused by a restore says how to release it,
 * until it is released.
 */
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { createUser } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { pauseMail, releaseMail } from '../../../src/server/ops/site-flags';

const site = useAccountsSite();

test('Site health on the desk shows the database, the mail queue paused after a restore until released, and the missing backup', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.mobile.width });
  const health = page.getByRole('region', { name: 'Site health' });
  const row = (term: string) => health.locator('.site-health__row').filter({ hasText: term });
  await row('Database').waitFor();
  expect(await row('Database').locator('dd').innerText()).toMatch(/^(SQLite|PostgreSQL), answers$/);
  expect(await row('Last backup').locator('dd').innerText()).toContain('npm run backup');
  expect(await row('Mail queue').getAttribute('data-warn')).toBeNull();

  await pauseMail(site.server.app.db, 'restored');
  try {
    await health.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => row('Mail queue').locator('dd').innerText())
      .toContain('npm run admin -- release-mail');
    expect(await row('Mail queue').getAttribute('data-warn')).not.toBeNull();
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await releaseMail(site.server.app.db);
  }
  await health.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => row('Mail queue').locator('dd').innerText()).not.toContain('Paused');
});
