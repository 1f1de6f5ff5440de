/**
 * docs/product/shell.md#page-errors and docs/product/forms.md#error-reports: a page whose module fails to load
 * shows the route error boundary inside the shell, and "Report this error" asks for consent with a
 * preview of what would be sent.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { useAccountsSite } from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();

/** The blocked chunk is logged by the browser; nothing else may be. */
const EXPECTED_ERRORS =
  /Failed to load resource|Failed to fetch dynamically imported module|AboutPage/;

/** Opens Home, blocks the About page's module and follows the header's About link. */
async function openFailingAbout(width: number): Promise<Page> {
  const { page, context } = await site.open(paths.home, { width, expectErrors: EXPECTED_ERRORS });
  await context.route('**/assets/AboutPage-*.js', (route) => route.abort());
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: COPY.errorReportTitle }).waitFor();
  return page;
}

test.each([VIEWPORTS.mobile.width, VIEWPORTS.desktop.width])(
  'at %i px a page that fails to load says "Something went wrong.." inside the shell',
  async (width) => {
    const page = await openFailingAbout(width);
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe(COPY.errorReportTitle);
    expect(await main.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: 'Report this error' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(paths.about);
  },
);

test('Report this error opens the consent pop-up with its fixed text and a preview; No closes it', async () => {
  const page = await openFailingAbout(VIEWPORTS.desktop.width);
  const report = page.getByRole('button', { name: 'Report this error' });
  await report.click();

  const dialog = page.getByRole('dialog', { name: COPY.errorReportTitle });
  // Pop-ups load their content on first use.
  await dialog.waitFor();
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.getByText(COPY.errorReportBody, { exact: true }).isVisible()).toBe(true);
  // The body is the dialog's description, read out with its name.
  const describedBy = await dialog.getAttribute('aria-describedby');
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(COPY.errorReportBody);

  const preview = dialog.getByRole('figure');
  expect(await preview.getByText('What would be sent').isVisible()).toBe(true);
  const previewText = (await preview.textContent()) ?? '';
  expect(previewText).toContain('Error name');
  expect(previewText).toContain('TypeError');
  expect(previewText).toMatch(/AboutPage-[\w-]+\.js/);

  await dialog.getByRole('button', { name: 'No' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => report.evaluate((el) => el === document.activeElement)).toBe(true);
});

test('Yes sends the previewed report, thanks the visitor, and the report is stored', async () => {
  const page = await openFailingAbout(VIEWPORTS.mobile.width);
  await page.getByRole('button', { name: 'Report this error' }).click();
  const dialog = page.getByRole('dialog', { name: COPY.errorReportTitle });
  const previewText = (await dialog.getByRole('figure').textContent()) ?? '';

  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/errors'),
    dialog.getByRole('button', { name: 'Yes' }).click(),
  ]);
  expect(request.method()).toBe('POST');
  const sent = request.postDataJSON() as Record<string, string>;
  expect(sent).toMatchObject({
    errorName: 'TypeError',
    error: expect.stringMatching(/AboutPage/),
    page: 'about',
  });
  // The preview showed exactly what went out.
  for (const value of [sent.errorName, sent.error, sent.page, sent.timestamp])
    expect(previewText).toContain(value);

  const thanks = dialog.getByRole('status');
  await thanks.waitFor();
  expect(await thanks.textContent()).toBe('Thank you — the report was sent.');
  await expect.poll(() => thanks.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await dialog.getByRole('alert').count()).toBe(0);

  const rows = await site.server.app.db.selectFrom('error_reports').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    error_name: 'TypeError',
    error: sent.error,
    page: 'about',
    user_id: null,
  });

  // The pop-up's own Close under the thank-you (the X in the corner is named Close too).
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'detached' });
});
