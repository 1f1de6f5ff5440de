/**
 * Nowou on a site served over plain HTTP by a host name (not a secure context: no
 * crypto.randomUUID, no service worker): to-dos and boards are still made and kept.
 */
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { useAccountsSite } from '#test-support/accounts-site';
import { storedTitles } from '#test-support/nowou-storage';

const site = useAccountsSite({ hostName: 'nowou-plain.test' });

test('on plain HTTP Nowou makes and keeps to-dos and boards', async () => {
  const { page } = await site.open(paths.nowou, { width: 1280, theme: 'light' });
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined');

  await page.getByLabel('Add a to-do').fill('Fix the gate');
  await page.getByLabel('Add a to-do').press('Enter');
  await page.getByRole('checkbox', { name: 'Fix the gate' }).waitFor();

  await page.goto(`${site.url}${paths.nowou}?section=boards`);
  await page.getByRole('button', { name: 'New board' }).click();
  await expect.poll(async () => (await storedTitles(page, 'brainstorm-')).length).toBe(1);
  await page.goto(`${site.url}${paths.nowou}`);
  await page.getByRole('checkbox', { name: 'Fix the gate' }).waitFor();
  const keys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => /^(todo|brainstorm)-/.test(key)),
  );
  expect(keys.filter((key) => key.startsWith('todo-'))).toHaveLength(1);
  expect(keys.filter((key) => key.startsWith('brainstorm-'))).toHaveLength(1);
  for (const key of keys) {
    expect(key).toMatch(/-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
});
