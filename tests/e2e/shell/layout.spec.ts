/**
 * docs/product/shell.md#screen-size-classes and docs/product/shell.md#layout-values: screen classes, header and
 * navigation sizes, hide layout, embedded and productivity modes.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  HEADER_HEIGHT_MOBILE,
  HEADER_HEIGHT_WIDE,
  HIDE_LAYOUT_LEFT_EMBEDDED,
  NAVIGATION_WIDTH_DESKTOP,
  SCREEN_CLASSES,
  TOP_MENU_BAR_HEIGHT_EMBEDDED,
  type ScreenClass,
} from '#shared/layout';
import { paths } from '#shared/paths';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

const site = useSite();

const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];

const SCREENS: [width: number, screen: ScreenClass][] = [
  [320, 'thin-mobile'],
  [495, 'thin-mobile'],
  [496, 'mobile'],
  [755, 'mobile'],
  [756, 'tablet'],
  [1040, 'tablet'],
  [1041, 'desktop'],
  [1280, 'desktop'],
];

async function screenClasses(page: Page): Promise<string[]> {
  const className = (await page.locator('.app').getAttribute('class')) ?? '';
  return className
    .split(/\s+/)
    .filter((name) => (SCREEN_CLASSES as readonly string[]).includes(name));
}

async function height(page: Page, selector: Parameters<Page['getByRole']>[0]): Promise<number> {
  const box = await page.getByRole(selector).boundingBox();
  if (!box) throw new Error(`no ${selector} box`);
  return box.height;
}

/** The inline side navigation, or null where there is none. */
async function inlineNavigationWidth(page: Page): Promise<number | null> {
  const navigation = page.getByRole('navigation', { name: 'Navigation' });
  if ((await navigation.count()) === 0) return null;
  const box = await page.locator('.app__navigation').boundingBox();
  return box?.width ?? null;
}

async function expectLayoutFor(page: Page, width: number, screen: ScreenClass) {
  await expect
    .poll(() => screenClasses(page), { message: `classes at ${width} px` })
    .toEqual([screen]);
  const wide = screen === 'tablet' || screen === 'desktop';
  await expect
    .poll(() => height(page, 'banner'), { message: `header at ${width} px` })
    .toBe(wide ? HEADER_HEIGHT_WIDE : HEADER_HEIGHT_MOBILE);
  // Polled like the rest: between two desktop widths the class and header stay the same, so
  // nothing above waits for the new layout to be drawn.
  const navigation = expect.poll(() => inlineNavigationWidth(page), {
    message: `navigation at ${width} px`,
  });
  if (screen === 'desktop') {
    await navigation.toBeCloseTo((width * NAVIGATION_WIDTH_DESKTOP) / 100, 0);
  } else {
    await navigation.toBeNull();
  }
}

test('a page loaded at 320, 495, 496, 755, 756, 1040, 1041 and 1280 px has exactly its one screen class, header height and navigation', async () => {
  const { page } = await site.newTab({ width: 320 });
  for (const [width, screen] of SCREENS) {
    await page.setViewportSize({ width, height: 900 });
    await gotoPage(page, `${site.url}${paths.about}`);
    await expectLayoutFor(page, width, screen);
  }
});

test('resizing a live page moves it through the screen classes without a reload', async () => {
  const { page } = await site.open(paths.about, { width: 1280 });
  await page.evaluate(() => {
    (window as Window & { notReloaded?: boolean }).notReloaded = true;
  });
  for (const [width, screen] of [...SCREENS].reverse()) {
    await page.setViewportSize({ width, height: 900 });
    await expectLayoutFor(page, width, screen);
  }
  expect(
    await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});

test.each(WIDTHS)(
  'at %i px Hide layout removes the header, navigation and footer and Show layout brings them back',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const desktop = width > 1040;
    await page.getByRole('button', { name: 'Hide layout' }).click();

    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Navigation' }).count()).toBe(0);
    const sizes = await page.locator('.app').evaluate((app) => ({
      header: getComputedStyle(app).getPropertyValue('--header-height'),
      navigation: getComputedStyle(app).getPropertyValue('--navigation-width'),
    }));
    expect(sizes).toEqual({ header: '0px', navigation: '0vw' });
    const show = page.getByRole('button', { name: 'Show layout' });
    await expect.poll(() => show.evaluate((el) => el === document.activeElement)).toBe(true);
    // The page itself stays.
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);

    await show.click();
    await expect
      .poll(() => height(page, 'banner'))
      .toBe(desktop ? HEADER_HEIGHT_WIDE : HEADER_HEIGHT_MOBILE);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Navigation' }).count()).toBe(
      desktop ? 1 : 0,
    );
    expect(await page.getByRole('button', { name: 'Show layout' }).count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Hide layout' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  },
);

async function showLayoutButtonPosition(page: Page) {
  await page.getByRole('button', { name: 'Hide layout' }).click();
  const box = await page.getByRole('button', { name: 'Show layout' }).boundingBox();
  await page.getByRole('button', { name: 'Show layout' }).click();
  if (!box) throw new Error('no Show layout button');
  return box;
}

test.each(WIDTHS)(
  'at %i px ?embedded=1 adds a 30 px top menu bar and moves the hide-layout button 50 px from the left',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const normal = await showLayoutButtonPosition(page);
    expect(await page.getByRole('button', { name: 'Leave embedded mode' }).count()).toBe(0);

    await gotoPage(page, `${site.url}${paths.about}?embedded=1`);
    const leave = page.getByRole('button', { name: 'Leave embedded mode' });
    expect(await leave.isVisible()).toBe(true);
    const bar = await page.locator('.top-menu-bar').boundingBox();
    expect(bar).toMatchObject({ y: 0, height: TOP_MENU_BAR_HEIGHT_EMBEDDED });
    expect((await page.getByRole('banner').boundingBox())?.y).toBe(TOP_MENU_BAR_HEIGHT_EMBEDDED);
    expect(await page.locator('html').getAttribute('data-embedded')).toBe('true');

    const embedded = await showLayoutButtonPosition(page);
    expect(embedded.x - normal.x).toBe(HIDE_LAYOUT_LEFT_EMBEDDED);
    expect(embedded.y - normal.y).toBe(TOP_MENU_BAR_HEIGHT_EMBEDDED);
  },
);

test('embedded mode lasts through in-app navigation, reloads and new addresses in the session until ?embedded=0', async () => {
  const { page } = await site.open(`${paths.about}?embedded=1`, { width: 1280 });
  const leave = page.getByRole('button', { name: 'Leave embedded mode' });
  expect(await leave.isVisible()).toBe(true);

  await page.getByRole('banner').getByRole('link', { name: 'Music', exact: true }).click();
  await page.waitForURL(`${site.url}${paths.music}`);
  expect(await leave.isVisible()).toBe(true);

  await page.reload();
  await page.locator('main').waitFor();
  expect(await leave.isVisible()).toBe(true);

  await gotoPage(page, `${site.url}${paths.art}`);
  expect(await leave.isVisible()).toBe(true);

  await gotoPage(page, `${site.url}${paths.art}?embedded=0`);
  expect(await leave.count()).toBe(0);
  expect(await page.locator('html').getAttribute('data-embedded')).toBeNull();
  await gotoPage(page, `${site.url}${paths.support}`);
  expect(await leave.count()).toBe(0);
});

test('Leave embedded mode turns it off and drops the switch from the address', async () => {
  const { page } = await site.open(`${paths.about}?embedded=1`, { width: 400 });
  await page.getByRole('button', { name: 'Leave embedded mode' }).click();
  expect(await page.getByRole('button', { name: 'Leave embedded mode' }).count()).toBe(0);
  await page.waitForURL(`${site.url}${paths.about}`);
  await page.reload();
  await page.locator('main').waitFor();
  expect(await page.getByRole('button', { name: 'Leave embedded mode' }).count()).toBe(0);
});

test.each(WIDTHS)(
  'at %i px the Nowou page hides the header by default and has no navigation panel or fullscreen toggle; the three-bar button offers the navigation',
  async (width) => {
    const { page } = await site.open(paths.nowou, { width });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nowou');
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Navigation' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Show layout' }).click();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Dark theme' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Fullscreen' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Navigation' }).count()).toBe(0);
    expect(await page.locator('.app__navigation').count()).toBe(0);
    // With no inline panel, the three-bar button offers the navigation as a pop-up.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    // Pop-ups load their content on first use.
    await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Navigation' }).isVisible()).toBe(true);
  },
);

test('leaving the Nowou page for another page brings the layout back', async () => {
  const { page } = await site.open(paths.about, { width: 1280 });
  await page.getByRole('button', { name: 'Apps' }).click();
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Nowou/ })
    .click();
  await page.waitForURL(`${site.url}${paths.nowou}`);
  // The URL changes first; the layout follows once the Nowou page's module has loaded.
  await expect.poll(() => page.getByRole('banner').count()).toBe(0);
  await page.goBack();
  await page.waitForURL(`${site.url}${paths.about}`);
  await page.getByRole('banner').waitFor({ state: 'visible', timeout: 5000 });
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .waitFor({ state: 'visible', timeout: 5000 });
});
