/** Spec §2 "donate button", §4 "Donation", §9 "donate button delay 300 ms". */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import donationJson from '#content/donation.json';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { DONATE_BUTTON_DELAY_MS } from '#shared/timing';
import { VIEWPORTS } from '../support/browser';
import { gotoPage, useSite } from '../support/site';

const site = useSite();

const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];

interface AppearanceRecord {
  mountedAt?: number;
  atMount?: { opacity: string; transform: string };
  /** The scale-in animation's delay as the browser runs it. */
  delay?: number;
  /** Wall-clock time and the animation's own clock when the button first showed. */
  visibleAt?: number;
  visibleAtAnimationTime?: number | null;
}

const opacityOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).opacity);
const donateButton = (page: Page) => page.getByRole('button', { name: 'Donate', exact: true });

test('the Donate button is invisible when it appears and scales in after 300 ms', async () => {
  const { page, context } = await site.newTab({
    width: VIEWPORTS.desktop.width,
    reducedMotion: false,
  });
  // Watches from inside the page: when the button is inserted, how it looks then, and when it
  // first becomes visible.
  await context.addInitScript(() => {
    const record: AppearanceRecord = {};
    (window as Window & { donateRecord?: AppearanceRecord }).donateRecord = record;
    const observer = new MutationObserver(() => {
      const button = document.querySelector('button[aria-label="Donate"]');
      if (!button) return;
      observer.disconnect();
      record.mountedAt = performance.now();
      const style = getComputedStyle(button);
      record.atMount = { opacity: style.opacity, transform: style.transform };
      const animation = button.getAnimations()[0];
      const delay = animation?.effect?.getComputedTiming().delay;
      if (delay !== undefined) record.delay = delay;
      const sample = () => {
        if (Number(getComputedStyle(button).opacity) > 0) {
          record.visibleAt = performance.now();
          const time = animation?.currentTime;
          record.visibleAtAnimationTime = typeof time === 'number' ? time : null;
        } else requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await gotoPage(page, `${site.url}${paths.about}`);
  const button = donateButton(page);
  await expect
    .poll(() => button.evaluate((el) => getComputedStyle(el).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  await expect.poll(() => opacityOf(button)).toBe('1');

  const record = (await page.evaluate(
    () => (window as Window & { donateRecord?: AppearanceRecord }).donateRecord,
  )) as AppearanceRecord;
  expect(record.atMount?.opacity).toBe('0');
  // scale(0.4) as a matrix.
  expect(record.atMount?.transform).toMatch(/^matrix\(0\.4, 0, 0, 0\.4, /);
  expect(record.delay).toBe(DONATE_BUTTON_DELAY_MS);
  // On the animation's own clock it showed only once the delay was over…
  expect(record.visibleAtAnimationTime).toBeGreaterThanOrEqual(DONATE_BUTTON_DELAY_MS);
  // …and by the wall clock it stayed hidden at least that long after it was inserted (one frame
  // of slack: the animation starts with the next frame).
  const hiddenFor = (record.visibleAt ?? NaN) - (record.mountedAt ?? NaN);
  expect(hiddenFor).toBeGreaterThanOrEqual(DONATE_BUTTON_DELAY_MS - 20);
});

test('the Donate button says THANK YOU! on hover and opens the Donate dialog', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.desktop.width });
  const button = donateButton(page);
  const thanks = button.getByText(COPY.donateHover, { exact: true });
  const label = button.getByText('Donate', { exact: true });
  await expect.poll(() => opacityOf(button)).toBe('1');
  expect(await opacityOf(thanks)).toBe('0');
  expect(await opacityOf(label)).toBe('1');

  await button.hover();
  await expect.poll(() => opacityOf(thanks)).toBe('1');
  expect(await opacityOf(label)).toBe('0');

  await button.click();
  expect(await page.getByRole('dialog', { name: 'Donate' }).isVisible()).toBe(true);
});

test.each(WIDTHS)(
  'at %i px the Donate dialog leads to crowd-funding and membership through the leave-site question and back',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    await donateButton(page).click();
    const donation = page.getByRole('dialog', { name: 'Donate' });
    for (const [name, href] of [
      [/^Crowd-funding/, donationJson.crowdFundingUrl],
      [/^Membership/, donationJson.membershipUrl],
    ] as const) {
      const link = donation.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      await link.click();
      const leave = page.getByRole('dialog', { name: 'Leave this website?' });
      expect(await leave.getByText(COPY.leaveSite, { exact: true }).isVisible()).toBe(true);
      expect(await leave.getByText(href, { exact: true }).isVisible()).toBe(true);
      await leave.getByRole('button', { name: 'No' }).click();
      expect(await donation.isVisible()).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(1);
    }
  },
);

test.each(WIDTHS)(
  'at %i px Bitcoin and Ethereum open their wallet pop-ups, whose Back arrow returns to Donate',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const button = donateButton(page);
    await button.click();
    const donation = page.getByRole('dialog', { name: 'Donate' });
    for (const wallet of ['Bitcoin', 'Ethereum']) {
      await donation.getByRole('button', { name: new RegExp(`^${wallet}`) }).click();
      const walletDialog = page.getByRole('dialog', { name: wallet });
      expect(await walletDialog.isVisible()).toBe(true);
      await walletDialog.getByRole('button', { name: 'Back' }).click();
      expect(await donation.isVisible()).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  },
);

test('there is no Donate button on the Nowou page', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
  expect(await donateButton(page).count()).toBe(1);
  await gotoPage(page, `${site.url}${paths.nowou}`);
  expect(await donateButton(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Show layout' }).click();
  expect(await donateButton(page).count()).toBe(0);
});
