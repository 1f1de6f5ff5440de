/**
 * docs/product/shell.md#pop-ups: pop-ups are accessible dialogs; a pop-up closes by its X button, by
 * Escape, or by a click outside unless the theme button is hovered; reopening resets it. And the
 * previous arrows of docs/product/shell.md#pop-up-chains-and-previous-arrows.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { paths } from '#shared/paths';
import { VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();

const DESKTOP = VIEWPORTS.desktop.width;
const MOBILE = VIEWPORTS.mobile.width;
const START = paths.support;

interface PopupCase {
  label: string;
  width: number;
  dialog: string;
  /** Shows the element that opens the pop-up (opening any pop-ups on the way) and returns it. */
  opener: (page: Page) => Promise<Locator>;
}

const openerOf = {
  navigation: async (page: Page) => page.getByRole('button', { name: 'Open navigation' }),
  logInDesktop: async (page: Page) =>
    page.getByRole('navigation', { name: 'Navigation' }).getByRole('button', { name: 'Log in' }),
  donate: async (page: Page) => page.getByRole('button', { name: 'Donate', exact: true }),
  socialLink: async (page: Page) =>
    page
      .getByRole('contentinfo')
      .getByRole('link', { name: siteJson.socialLinks[0]?.label, exact: true }),
};

const CASES: PopupCase[] = [
  { label: 'Navigation', width: MOBILE, dialog: 'Navigation', opener: openerOf.navigation },
  { label: 'Log in', width: DESKTOP, dialog: 'Log in', opener: openerOf.logInDesktop },
  { label: 'Donate', width: MOBILE, dialog: 'Donate', opener: openerOf.donate },
  { label: 'Donate', width: DESKTOP, dialog: 'Donate', opener: openerOf.donate },
  {
    label: 'leave-site',
    width: DESKTOP,
    dialog: 'Leave this website?',
    opener: openerOf.socialLink,
  },
];

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const holdsFocus = (dialog: Locator) =>
  dialog.evaluate((el) => el.contains(document.activeElement));

async function openCase(page: Page, popup: PopupCase) {
  const opener = await popup.opener(page);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: popup.dialog });
  await dialog.waitFor();
  return { opener, dialog };
}

/** A point on the backdrop: left of the centred card, half-way down. */
async function clickBackdrop(page: Page) {
  const viewport = page.viewportSize();
  await page.mouse.click(4, (viewport?.height ?? 800) / 2);
}

test.each(CASES)(
  'the $label pop-up at $width px is a named modal dialog that takes focus, keeps Tab and Shift+Tab inside and leaves the page inert',
  async (popup) => {
    const { page } = await site.open(START, { width: popup.width });
    const headerLink = page.locator('header a[href="/about"]').first();
    const headerLinkBox = await headerLink.boundingBox();
    const { dialog } = await openCase(page, popup);

    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await expect.poll(() => holdsFocus(dialog)).toBe(true);

    const stops = await dialog.locator('a[href], button, input, select, textarea').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 2; i++) {
        await page.keyboard.press(key);
        expect(await holdsFocus(dialog), `${key} #${i + 1}`).toBe(true);
      }
    }

    // The page behind: not focusable, not clickable (a click lands on the backdrop instead).
    expect(await headerLink.evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    await headerLink.evaluate((el) => (el as HTMLElement).focus());
    expect(await isFocused(headerLink)).toBe(false);
    if (!headerLinkBox) throw new Error('no header link');
    await page.mouse.click(
      headerLinkBox.x + headerLinkBox.width / 2,
      headerLinkBox.y + headerLinkBox.height / 2,
    );
    expect(new URL(page.url()).pathname).toBe(START);
  },
);

test.each(CASES)(
  'the $label pop-up at $width px closes by Close, by Escape and by a click on the backdrop, and focus returns to its opener',
  async (popup) => {
    const { page } = await site.open(START, { width: popup.width });
    const ways: [string, (dialog: Locator) => Promise<void>][] = [
      ['Close', (dialog) => dialog.getByRole('button', { name: 'Close' }).click()],
      ['Escape', () => page.keyboard.press('Escape')],
      ['backdrop', () => clickBackdrop(page)],
    ];
    for (const [way, close] of ways) {
      const { opener, dialog } = await openCase(page, popup);
      await close(dialog);
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByRole('dialog').count(), way).toBe(0);
      await expect.poll(() => isFocused(opener), { message: `focus after ${way}` }).toBe(true);
    }
  },
);

test('a click inside the card, even one that ends outside it, does not close the pop-up', async () => {
  const { page } = await site.open(START, { width: DESKTOP });
  const { dialog } = await openCase(page, {
    label: 'Donate',
    width: DESKTOP,
    dialog: 'Donate',
    opener: openerOf.donate,
  });
  const text = dialog.getByText(/Thank you for thinking of it/);
  await text.click();
  expect(await dialog.isVisible()).toBe(true);
  const box = await text.boundingBox();
  if (!box) throw new Error('no text');
  await page.mouse.move(box.x + 5, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(4, 450, { steps: 4 });
  await page.mouse.up();
  expect(await dialog.isVisible()).toBe(true);
});

test.each([
  [MOBILE, 'Navigation', openerOf.navigation],
  [DESKTOP, 'Log in', openerOf.logInDesktop],
  [DESKTOP, 'Donate', openerOf.donate],
] as const)(
  'at %i px a click where the theme button is, while the %s pop-up is open, switches the theme and keeps the pop-up open',
  async (width, dialogName, opener) => {
    const { page } = await site.open(START, { width });
    const box = await page.getByRole('button', { name: 'Dark theme' }).boundingBox();
    if (!box) throw new Error('no theme button');
    await (await opener(page)).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();

    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await dialog.isVisible()).toBe(true);

    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await dialog.isVisible()).toBe(true);
  },
);

test('reopening a pop-up starts it afresh, scrolled to the top', async () => {
  const { page } = await site.open(START, { width: MOBILE, height: 420 });
  const opener = await openerOf.donate(page);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Donate' });
  const scroller = page.locator('.popup-layer');
  const scrollTop = () => scroller.evaluate((el) => el.scrollTop);
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await dialog.getByRole('button', { name: /^Ethereum/ }).scrollIntoViewIfNeeded();
  expect(await scrollTop()).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await opener.click();
  await dialog.waitFor();
  expect(await scrollTop()).toBe(0);
});

test('reopening the Log in pop-up starts with empty fields', async () => {
  const { page } = await site.open(START, { width: DESKTOP });
  const opener = await openerOf.logInDesktop(page);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await opener.click();
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('someone@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await opener.click();
  expect(await email.inputValue()).toBe('');
  expect(await dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('');
});

test('at 1280 px Log in → Forgot your password? → Reset password, whose Back returns to Log in, whose Back closes', async () => {
  const { page } = await site.open(START, { width: DESKTOP });
  const opener = await openerOf.logInDesktop(page);
  await opener.click();
  const logIn = page.getByRole('dialog', { name: 'Log in' });
  await logIn.getByRole('button', { name: 'Forgot your password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  expect(await reset.isVisible()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(1);

  await reset.getByRole('button', { name: 'Back' }).click();
  expect(await logIn.isVisible()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(1);

  // The navigation is beside the page on desktop, so "back to the navigation" just closes.
  await logIn.getByRole('button', { name: 'Back' }).click();
  await logIn.waitFor({ state: 'detached' });
  expect(await page.getByRole('dialog').count()).toBe(0);
  await expect.poll(() => isFocused(opener)).toBe(true);
});

test('at 400 px the Back arrows lead from Reset password to Log in to the Navigation pop-up, and focus returns to the three-bar button', async () => {
  const { page } = await site.open(START, { width: MOBILE });
  const menu = await openerOf.navigation(page);
  await menu.click();
  const navigation = page.getByRole('dialog', { name: 'Navigation' });
  await navigation.getByRole('button', { name: 'Log in' }).click();
  const logIn = page.getByRole('dialog', { name: 'Log in' });
  await logIn.getByRole('button', { name: 'Forgot your password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });

  await reset.getByRole('button', { name: 'Back' }).click();
  expect(await logIn.isVisible()).toBe(true);
  await logIn.getByRole('button', { name: 'Back' }).click();
  expect(await navigation.isVisible()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(1);

  await page.keyboard.press('Escape');
  await navigation.waitFor({ state: 'detached' });
  await expect.poll(() => isFocused(menu)).toBe(true);
});

test.each([
  [DESKTOP, 'Sign up', 'Sign Up'],
  [DESKTOP, 'Edit avatar', 'Edit avatar'],
])(
  'at %i px the %s pop-up Back arrow closes it (the navigation is beside the page)',
  async (width, dialogName, button) => {
    const { page } = await site.open(START, { width });
    const opener = page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('button', { name: button });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => isFocused(opener)).toBe(true);
  },
);
