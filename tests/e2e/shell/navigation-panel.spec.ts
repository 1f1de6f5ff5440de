/** docs/product/shell.md#side-navigation and docs/product/accounts.md#auth-state for a signed-out visitor. */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { VIEWPORTS } from '#test-support/browser';
import { useSite, waitForApp } from '#test-support/site';

const site = useSite();

const DESKTOP = VIEWPORTS.desktop.width;
const MOBILE = VIEWPORTS.mobile.width;

/** The panel: inline beside the page on desktop, inside the Navigation pop-up elsewhere. */
async function showNavigation(page: Page, width: number): Promise<Locator> {
  if (width === DESKTOP) return page.getByRole('navigation', { name: 'Navigation' });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const navigation = page.getByRole('dialog', { name: 'Navigation' }).getByRole('navigation', {
    name: 'Navigation',
  });
  // The pop-up's content loads on first use.
  await navigation.waitFor();
  return navigation;
}

test.each([DESKTOP, MOBILE])(
  'at %i px the signed-out navigation has the title Navigation, the avatar, Sign Up, Log in and Nowou, and no Admin',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const navigation = await showNavigation(page, width);
    const title =
      width === DESKTOP
        ? navigation.getByRole('heading', { name: 'Navigation' })
        : page.getByRole('dialog').getByRole('heading', { name: 'Navigation' });
    expect(await title.isVisible()).toBe(true);
    // The account part shows once the session check (GET /api/me) answered; a busy machine may
    // take a moment.
    await navigation.getByRole('button', { name: 'Edit avatar' }).waitFor();
    expect(await navigation.getByRole('button', { name: 'Edit avatar' }).isVisible()).toBe(true);
    expect(await navigation.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);
    expect(await navigation.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    const nowou = navigation.getByRole('link', { name: 'Nowou' });
    expect(await nowou.getAttribute('href')).toBe(paths.nowou);
    expect(await navigation.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await navigation.getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await navigation.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(await navigation.locator('[aria-busy="true"]').count()).toBe(0);

    await nowou.click();
    await page.waitForURL(`${site.url}${paths.nowou}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
  },
);

test.each([DESKTOP, MOBILE])(
  'at %i px the navigation buttons Edit avatar, Sign Up and Log in open their pop-ups',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    for (const [button, dialog] of [
      ['Edit avatar', 'Edit avatar'],
      ['Sign Up', 'Sign up'],
      ['Log in', 'Log in'],
    ] as const) {
      const navigation = await showNavigation(page, width);
      await navigation.getByRole('button', { name: button }).click();
      // The pop-up's code may still be loading: wait for it, as a person would.
      await page.getByRole('dialog', { name: dialog }).waitFor();
      expect(await page.getByRole('dialog', { name: dialog }).isVisible(), dialog).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(1);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  },
);

test.each([DESKTOP, MOBILE])(
  'at %i px the navigation shows a busy loading state while the sign-in check is pending',
  async (width) => {
    const { page, context } = await site.newTab({ width });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // The sign-in state comes from GET /api/me and from the live stream's first `user` event,
    // whichever answers first: both are held back.
    await context.route(/\/api\/(me|live)(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site.url}${paths.about}`);
    await waitForApp(page);
    const navigation = await showNavigation(page, width);

    const busy = navigation.locator('[aria-busy="true"]');
    expect(await busy.isVisible()).toBe(true);
    expect(await busy.textContent()).toContain('Checking whether you are logged in');
    expect(await navigation.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
    expect(await navigation.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    // Nowou does not depend on the account.
    expect(await navigation.getByRole('link', { name: 'Nowou' }).isVisible()).toBe(true);

    release();
    await navigation.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(await busy.count()).toBe(0);
  },
);
