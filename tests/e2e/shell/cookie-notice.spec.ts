/**
 * docs/product/shell.md#cookie-notice: cookie consent, the cookie notice, only necessary cookies; a
 * band above the header in the page's flow that covers nothing.
 */
import { expect, test } from 'vitest';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { VIEWPORTS } from '#test-support/browser';
import { fixedCovers } from '#test-support/page-checks';
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

test.each([320, VIEWPORTS.mobile.width, VIEWPORTS.desktop.width])(
  'at %i px the notice is a band above the header that covers nothing and closes from the keyboard',
  async (width) => {
    const { page } = await site.open(paths.music, { width, cookieConsent: false });
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    const noticeBox = (await notice.boundingBox())!;
    const headerBox = (await page.locator('header').first().boundingBox())!;
    expect(noticeBox.y).toBe(0);
    expect(noticeBox.width).toBe(width);
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headerBox.y + 0.5);
    expect(await fixedCovers(page)).toEqual([]);
    // Scrolled away with the page, not left floating over it.
    await page.evaluate(() => window.scrollTo(0, 600));
    expect((await notice.boundingBox())!.y).toBeLessThan(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await notice.getByRole('link', { name: 'Privacy policy' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await notice.count()).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute('data-cookie-notice')),
    ).toBe(false);
  },
);
