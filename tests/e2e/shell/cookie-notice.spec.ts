/** docs/product/shell.md#cookie-notice: cookie consent, the cookie notice, only necessary cookies. */
import { expect, test } from 'vitest';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

const site = useSite();

test.each([VIEWPORTS.mobile.width, VIEWPORTS.desktop.width])(
  'at %i px the cookie notice says the site only uses necessary cookies until Close saves consent for good',
  async (width) => {
    const { page } = await site.open(paths.home, { width, cookieConsent: false });
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.getByText(COPY.cookieNotice).isVisible()).toBe(true);
    expect(await notice.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      paths.privacyPolicy,
    );

    // Still there on the next page until it is closed.
    await gotoPage(page, `${site.url}${paths.about}`);
    expect(await notice.isVisible()).toBe(true);

    await notice.getByRole('button', { name: 'Close' }).click();
    expect(await notice.count()).toBe(0);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cookieConsent),
    ).toBe(JSON.stringify({ consent: true }));

    await page.reload();
    await page.locator('main').waitFor();
    expect(await notice.count()).toBe(0);
  },
);
