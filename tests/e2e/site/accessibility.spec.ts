/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules) finds nothing in any pop-up, at 400 and 1280 px, in the
 * light and the dark theme; each check scans the pop-up, whose pages the page walk checks
 * (tests/e2e/site/page-walk.spec.ts).
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

const site = useSite();

const COMBINATIONS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
  (['light', 'dark'] as const).map((theme) => ({ width, theme })),
);

/** Opens a pop-up of the navigation panel: inline on desktop, inside the Navigation pop-up elsewhere. */
async function openFromNavigation(page: Page, button: string) {
  const desktop = (page.viewportSize()?.width ?? 0) > 1040;
  if (!desktop) await page.getByRole('button', { name: 'Open navigation' }).click();
  const panel = desktop
    ? page.getByRole('navigation', { name: 'Navigation' })
    : page.getByRole('dialog', { name: 'Navigation' });
  await panel.getByRole('button', { name: button }).click();
}

/** The blocked page module and the error report the test makes fail are logged by the browser. */
const EXPECTED_ERRORS = /Failed to load resource|Failed to fetch dynamically imported module/;

test.each(COMBINATIONS)(
  'every pop-up at $width px in the $theme theme has no axe violations',
  async ({ width, theme }) => {
    const { page, context } = await site.open(paths.about, {
      width,
      theme,
      expectErrors: EXPECTED_ERRORS,
    });
    const desktop = width > 1040;

    async function check(dialogName: string) {
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.waitFor();
      // Account forms are lazily loaded chunks: check the form, not its loading spinner.
      await dialog.locator('.account-popup__loading').waitFor({ state: 'detached' });
      expect.soft(await axeViolations(page, dialog), dialogName).toEqual([]);
    }
    async function closeAll() {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    // On desktop the panel is inline; the pop-up is offered where no inline panel exists: on the
    // Nowou page with its layout shown.
    if (desktop) {
      await gotoPage(page, `${site.url}${paths.nowou}`);
      await page.getByRole('button', { name: 'Show layout' }).click();
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await check('Navigation');
    await closeAll();
    if (desktop) await gotoPage(page, `${site.url}${paths.about}`);
    await openFromNavigation(page, 'Sign Up');
    await check('Sign up');
    await closeAll();

    await openFromNavigation(page, 'Log in');
    await check('Log in');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await check('Reset password');
    await closeAll();

    await openFromNavigation(page, 'Edit avatar');
    await check('Edit avatar');
    await closeAll();

    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    await check('Donate');
    await page.getByRole('button', { name: /^Bitcoin/ }).click();
    await check('Bitcoin');
    await closeAll();

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: siteJson.socialLinks[0]?.label, exact: true })
      .click();
    await check('Leave this website?');
    await closeAll();

    await context.route('**/assets/ArtPage-*.js', (route) => route.abort());
    await gotoPage(page, `${site.url}${paths.art}`);
    await page.getByRole('button', { name: 'Report this error' }).click();
    await check(COPY.errorReportTitle);
    // With the thank-you showing after Yes.
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('dialog', { name: COPY.errorReportTitle }).getByRole('status').waitFor();
    await check(COPY.errorReportTitle);
    await closeAll();
    // With the failure message showing too: the server made to refuse the report.
    await context.route('**/api/errors', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'unavailable', message: 'Unavailable.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Report this error' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('alert').waitFor();
    await check(COPY.errorReportTitle);
  },
);
