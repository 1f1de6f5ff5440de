/**
 * docs/product/shell.md#donate-button (the donate button, its delay of 300 ms) and
 * docs/product/shell.md#donation-and-wallets (Donation, the donation wallets, the copy label reset after
 * 1000 ms).
 */
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { expect, test } from 'vitest';
import donationJson from '#content/donation.json';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { COPY_LABEL_RESET_MS, DONATE_BUTTON_DELAY_MS } from '#shared/timing';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS, type ThemeName } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

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
  // Watches from inside the page: when the button is inserted, how it looks in the first frame
  // after (the parser can reach the header before the stylesheets are in; nothing is painted
  // before they are), and when it first becomes visible.
  await context.addInitScript(() => {
    const record: AppearanceRecord = {};
    (window as Window & { donateRecord?: AppearanceRecord }).donateRecord = record;
    const observer = new MutationObserver(() => {
      const button = document.querySelector('button[aria-label="Donate"]');
      if (!button) return;
      observer.disconnect();
      requestAnimationFrame(() => firstFrame(button));
    });
    function firstFrame(button: Element) {
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
    }
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
  // The pop-up's content is its own chunk (fetched on hover): it shows as soon as it is in.
  await page.getByRole('dialog', { name: 'Donate' }).waitFor({ timeout: 5000 });
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

test('Donate sits in the header, is not offered on /admin, and opens the Donation pop-up', async () => {
  const { page } = await site.newTab({ width: VIEWPORTS.mobile.width });
  await gotoPage(page, `${site.url}${paths.music}`);
  const donate = donateButton(page);
  expect(await donate.evaluate((el) => !!el.closest('header'))).toBe(true);
  await gotoPage(page, `${site.url}${paths.admin}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await donate.count()).toBe(0);
  await gotoPage(page, `${site.url}${paths.about}`);
  await donate.click();
  await page.getByRole('dialog', { name: 'Donate' }).waitFor();
});

test('there is no Donate button on the Nowou page', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
  expect(await donateButton(page).count()).toBe(1);
  await gotoPage(page, `${site.url}${paths.nowou}`);
  expect(await donateButton(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Show layout' }).click();
  expect(await donateButton(page).count()).toBe(0);
});

const WALLETS = [
  {
    name: 'Bitcoin',
    address: donationJson.walletAddresses.bitcoin,
    // A BIP-21 payment URI, so a phone's camera opens the wallet app with the address filled in.
    qrText: `bitcoin:${donationJson.walletAddresses.bitcoin}`,
  },
  {
    name: 'Ethereum',
    address: donationJson.walletAddresses.ethereum,
    qrText: donationJson.walletAddresses.ethereum,
  },
] as const;

type Wallet = (typeof WALLETS)[number];

/** Opens the Donate dialog, then the wallet's pop-up, and waits for its QR image to be drawn. */
async function openWallet(page: Page, wallet: Wallet): Promise<Locator> {
  await donateButton(page).click();
  await page
    .getByRole('dialog', { name: 'Donate' })
    .getByRole('button', { name: new RegExp(`^${wallet.name}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: wallet.name });
  await waitForQr(dialog, wallet);
  return dialog;
}

async function waitForQr(dialog: Locator, wallet: Wallet): Promise<void> {
  const image = qrImageOf(dialog, wallet);
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

const qrImageOf = (dialog: Locator, wallet: Wallet) =>
  dialog.getByRole('img', { name: `QR code for the ${wallet.name} address`, exact: true });

/** What the QR image says, read from its pixels as a phone's camera would. */
async function decodeQr(image: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test.each(WALLETS)(
  'the $name pop-up shows its name, icon and address and a QR code that reads back as the address',
  async (wallet) => {
    const { page } = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
    const dialog = await openWallet(page, wallet);
    await dialog.getByRole('heading', { name: wallet.name, exact: true }).waitFor();
    await dialog.locator('.wallet__badge svg').waitFor();
    await dialog.getByText(wallet.address, { exact: true }).waitFor();
    expect(await decodeQr(qrImageOf(dialog, wallet))).toBe(wallet.qrText);
  },
);

test.each(WALLETS)(
  'Copy address puts the $name address on the clipboard and reads Copied! for one second',
  async (wallet) => {
    const { page, context } = await site.newTab({ width: VIEWPORTS.desktop.width });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await gotoPage(page, `${site.url}${paths.about}`);
    const dialog = await openWallet(page, wallet);
    const copy = dialog.getByRole('button', { name: COPY.copyAddress, exact: true });
    // Timestamps from the page's own clock of each change of the button's label.
    await copy.evaluate((button) => {
      const changes: { text: string; at: number }[] = [];
      (window as Window & { labelChanges?: typeof changes }).labelChanges = changes;
      new MutationObserver(() => {
        const text = button.textContent ?? '';
        if (text !== changes.at(-1)?.text) changes.push({ text, at: performance.now() });
      }).observe(button, { childList: true, subtree: true, characterData: true });
    });

    await copy.click();
    await dialog.getByRole('button', { name: COPY.copied, exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);
    await expect
      .poll(() => copy.textContent(), { timeout: 10 * COPY_LABEL_RESET_MS })
      .toBe(COPY.copyAddress);

    const changes = await page.evaluate(
      () => (window as Window & { labelChanges?: { text: string; at: number }[] }).labelChanges,
    );
    expect(changes?.map((change) => change.text)).toEqual([COPY.copied, COPY.copyAddress]);
    const shownFor = changes![1]!.at - changes![0]!.at;
    // Still Copied! well past half a second; back to Copy address by two seconds at the latest.
    expect(shownFor).toBeGreaterThanOrEqual(COPY_LABEL_RESET_MS - 50);
    expect(shownFor).toBeLessThan(2 * COPY_LABEL_RESET_MS);
  },
);

test('without a clipboard, Copy address selects the address and says how to copy it', async () => {
  const { page, context } = await site.newTab({ width: VIEWPORTS.mobile.width });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
  });
  await gotoPage(page, `${site.url}${paths.about}`);
  const wallet = WALLETS[1];
  const dialog = await openWallet(page, wallet);
  await dialog.getByRole('button', { name: COPY.copyAddress, exact: true }).click();
  await dialog
    .getByRole('alert')
    .getByText(/did not let this site copy/)
    .waitFor();
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(wallet.address);
  expect(await dialog.getByRole('button', { name: COPY.copied }).count()).toBe(0);
});

test('the back arrow of a wallet pop-up returns to the Donate dialog, which offers the other wallet', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
  const [bitcoin, ethereum] = WALLETS;
  const dialog = await openWallet(page, bitcoin);
  await dialog.getByRole('button', { name: 'Back' }).click();
  const donation = page.getByRole('dialog', { name: 'Donate' });
  await donation.waitFor();
  await donation.getByRole('button', { name: /^Ethereum/ }).click();
  const second = page.getByRole('dialog', { name: ethereum.name });
  await second.getByText(ethereum.address, { exact: true }).waitFor();
  await waitForQr(second, ethereum);
  expect(await decodeQr(qrImageOf(second, ethereum))).toBe(ethereum.qrText);
  expect(await page.getByRole('dialog').count()).toBe(1);
});

const A11Y_CASES = WIDTHS.flatMap((width) =>
  (['light', 'dark'] as ThemeName[]).map((theme) => ({ width, theme })),
);

test.each(A11Y_CASES)(
  'the Donate dialog and both wallet pop-ups have no axe violations at $width px in the $theme theme',
  async ({ width, theme }) => {
    const { page, context } = await site.newTab({ width, theme });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await gotoPage(page, `${site.url}${paths.about}`);
    await donateButton(page).click();
    await page.getByRole('dialog', { name: 'Donate' }).waitFor();
    expect.soft(await axeViolations(page), 'Donate').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    for (const wallet of WALLETS) {
      const dialog = await openWallet(page, wallet);
      expect.soft(await axeViolations(page), wallet.name).toEqual([]);
      await dialog.getByRole('button', { name: COPY.copyAddress, exact: true }).click();
      await dialog.getByRole('button', { name: COPY.copied, exact: true }).waitFor();
      expect.soft(await axeViolations(page), `${wallet.name}, copied`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  },
);
