/**
 * Spec §8 "Error-report pop-up": a page whose module fails to load shows the route error boundary
 * inside the shell, and "Report this error" asks for consent with a preview of what would be sent.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { VIEWPORTS } from '../support/browser';
import { useSite } from '../support/site';

const site = useSite();

/** The blocked chunk and the failed report are logged by the browser; nothing else may be. */
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

test('Report this error opens the consent pop-up with the spec text and a preview; No closes it', async () => {
  const page = await openFailingAbout(VIEWPORTS.desktop.width);
  const report = page.getByRole('button', { name: 'Report this error' });
  await report.click();

  const dialog = page.getByRole('dialog', { name: COPY.errorReportTitle });
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

test('Yes tries to send the report and, while the server has no /api/errors yet, says it could not be sent', async () => {
  const page = await openFailingAbout(VIEWPORTS.mobile.width);
  await page.getByRole('button', { name: 'Report this error' }).click();
  const dialog = page.getByRole('dialog', { name: COPY.errorReportTitle });

  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/errors'),
    dialog.getByRole('button', { name: 'Yes' }).click(),
  ]);
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toMatchObject({
    errorName: 'TypeError',
    error: expect.stringMatching(/AboutPage/),
  });

  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(
    /^The report could not be sent: .+\. Please try again later\.$/,
  );
  expect(await dialog.isVisible()).toBe(true);
});
