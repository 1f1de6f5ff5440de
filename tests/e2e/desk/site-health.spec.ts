/**
 * The desk's Site health (docs/product/command-line.md#site-health) at 400 and 1280 px: the database answers, no
 * backup yet says how to make one, and a mail queue paused by a restore says how to release it,
 * until it is released; a mail the mail server refused shows with the server's answer.
 */
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { createUser } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { pauseMail, releaseMail } from '../../../src/server/ops/site-flags';
import { enqueueMail } from '../../../src/server/mail/outbox.repository';

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

test('a mail the mail server refused waits on the desk with the server’s answer, marked', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const { db } = site.server.app;
  const id = await enqueueMail(db, { to: 'waiting@example.com', subject: 'S', text: 'T' });
  // Failed once, next try in an hour: the worker leaves it alone while the desk looks.
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: 1,
      last_error: '421 Service not available',
      next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    .where('id', '=', id)
    .execute();
  try {
    const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.mobile.width });
    const health = page.getByRole('region', { name: 'Site health' });
    const row = health.locator('.site-health__row').filter({ hasText: 'Mail queue' });
    await expect
      .poll(() => row.locator('dd').innerText())
      .toMatch(/^1 waiting, the oldest since .+; sending failed: 421 Service not available/);
    expect(await row.getAttribute('data-warn')).not.toBeNull();
  } finally {
    await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
  }
});
