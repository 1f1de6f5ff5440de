/** docs/product/shell.md#header-navigation and docs/product/shell.md#header-dropdowns (close delay 100 ms). */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { DROPDOWN_CLOSE_DELAY_MS } from '#shared/timing';
import { VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();

const DESKTOP = VIEWPORTS.desktop.width;
const MOBILE = VIEWPORTS.mobile.width;

function mainNavigation(page: Page): Locator {
  return page.getByRole('banner').getByRole('navigation', { name: 'Main' });
}

/** The top-level entries of the header navigation, in order. */
async function topLevelEntries(page: Page): Promise<string[]> {
  const entries = mainNavigation(page).locator(':scope > ul > li > :is(a, button)');
  return (await entries.allInnerTexts()).map((text) => text.trim());
}

/** The panel a menu button controls (aria-controls). */
async function panelOf(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  if (!id) throw new Error('menu button without aria-controls');
  return page.locator(`[id="${id}"]`);
}

/** Each link in a dropdown: its visible label (without the hint) and its target. */
async function linksIn(panel: Locator): Promise<{ label: string; href: string | null }[]> {
  const links = await panel.getByRole('link').all();
  return Promise.all(
    links.map(async (link) => ({
      label: (await link.locator('.header-menu__label').innerText()).trim(),
      href: await link.getAttribute('href'),
    })),
  );
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

test('the desktop header offers Apps, Indicators, Music, Art, Solutions and About', async () => {
  const { page } = await site.open(paths.about, { width: DESKTOP });
  expect(await topLevelEntries(page)).toEqual([
    'Apps',
    'Indicators',
    'Music',
    'Art',
    'Solutions',
    'About',
  ]);
  const nav = mainNavigation(page);
  expect(await nav.getByRole('link', { name: 'Music', exact: true }).getAttribute('href')).toBe(
    paths.music,
  );
  expect(await nav.getByRole('link', { name: 'Art', exact: true }).getAttribute('href')).toBe(
    paths.art,
  );
  expect(await nav.getByRole('link', { name: 'About', exact: true }).getAttribute('href')).toBe(
    paths.about,
  );

  const menus = {
    Apps: [{ label: 'Nowou', href: paths.nowou }],
    Indicators: [
      { label: 'Long & Short Position', href: paths.longAndShortPosition },
      { label: 'Portfolio', href: paths.portfolio },
    ],
    Solutions: [{ label: 'Web development', href: paths.lokalaJobb }],
  };
  for (const [name, expected] of Object.entries(menus)) {
    const button = nav.getByRole('button', { name });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const panel = await panelOf(page, button);
    expect(await panel.isVisible()).toBe(true);
    expect(await linksIn(panel), name).toEqual(expected);
    await page.keyboard.press('Escape');
    expect(await panel.isHidden()).toBe(true);
  }
});

test('Web development carries the Sweden flag and leads to /lokala-jobb', async () => {
  const { page } = await site.open(paths.about, { width: DESKTOP });
  const solutions = mainNavigation(page).getByRole('button', { name: 'Solutions' });
  await solutions.click();
  const link = (await panelOf(page, solutions)).getByRole('link', { name: /^Web development/ });
  expect(await link.locator('svg.sweden-flag').count()).toBe(1);
  await link.click();
  await page.waitForURL(`${site.url}${paths.lokalaJobb}`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent())
    .toBe('Lokala jobb');
  expect(await solutions.getAttribute('aria-expanded')).toBe('false');
});

interface CloseTiming {
  leftAt?: number;
  openAfter40?: { at: number; expanded: string | null };
  closedAt?: number;
}

test('a dropdown opens on hover, is still open 40 ms after the pointer leaves and closes about 100 ms after', async () => {
  const { page } = await site.open(paths.about, { width: DESKTOP });
  const button = mainNavigation(page).getByRole('button', { name: 'Indicators' });
  await button.hover();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  const panel = await panelOf(page, button);
  expect(await panel.isVisible()).toBe(true);

  // Moving from the button into the panel keeps it open.
  await panel.getByRole('link', { name: /^Portfolio/ }).hover();
  // Proves it stays open: twice the delay after which it would have closed.
  await page.waitForTimeout(DROPDOWN_CLOSE_DELAY_MS * 2);
  expect(await button.getAttribute('aria-expanded')).toBe('true');

  // Measured inside the page, so the test runner's own latency does not count.
  await button.evaluate((el) => {
    const timing: CloseTiming = {};
    (window as Window & { closeTiming?: CloseTiming }).closeTiming = timing;
    el.closest('li')?.addEventListener(
      'pointerleave',
      () => {
        timing.leftAt = performance.now();
        setTimeout(() => {
          timing.openAfter40 = {
            at: performance.now() - (timing.leftAt ?? 0),
            expanded: el.getAttribute('aria-expanded'),
          };
        }, 40);
      },
      { once: true },
    );
    new MutationObserver(() => {
      if (el.getAttribute('aria-expanded') === 'false') timing.closedAt ??= performance.now();
    }).observe(el, { attributes: true, attributeFilter: ['aria-expanded'] });
  });
  await page.mouse.move(DESKTOP / 2, 600);

  const timing = await page.waitForFunction(() => {
    const t = (window as Window & { closeTiming?: CloseTiming }).closeTiming;
    return t?.closedAt !== undefined && t.openAfter40 !== undefined ? t : null;
  });
  const { leftAt = NaN, openAfter40, closedAt = NaN } = (await timing.jsonValue()) as CloseTiming;
  expect(openAfter40?.expanded).toBe('true');
  const closedAfter = closedAt - leftAt;
  expect(closedAfter).toBeGreaterThanOrEqual(DROPDOWN_CLOSE_DELAY_MS - 5);
  expect(closedAfter).toBeLessThanOrEqual(400);
  expect(await panel.isHidden()).toBe(true);
});

test.each(['Enter', 'Space'])(
  'a dropdown opens with %s and Escape closes it and returns focus to its button',
  async (key) => {
    const { page } = await site.open(paths.about, { width: DESKTOP });
    const button = mainNavigation(page).getByRole('button', { name: 'Apps' });
    await button.focus();
    await page.keyboard.press(key);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const panel = await panelOf(page, button);
    expect(await panel.getByRole('link', { name: /^Nowou/ }).isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    expect(await isFocused(panel.getByRole('link', { name: /^Nowou/ }))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(button)).toBe(true);
  },
);

test('ArrowDown opens a dropdown on its first link and walks through the links', async () => {
  const { page } = await site.open(paths.about, { width: DESKTOP });
  const button = mainNavigation(page).getByRole('button', { name: 'Indicators' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  const panel = await panelOf(page, button);
  await expect
    .poll(() => isFocused(panel.getByRole('link', { name: /^Long & Short Position/ })))
    .toBe(true);
  await page.keyboard.press('ArrowDown');
  expect(await isFocused(panel.getByRole('link', { name: /^Portfolio/ }))).toBe(true);
  await page.keyboard.press('Escape');
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  expect(await isFocused(button)).toBe(true);
});

test('the mobile header offers Areas, Apps and About, with Indicators, Art, Music and Solutions under Areas', async () => {
  const { page } = await site.open(paths.about, { width: MOBILE });
  expect(await topLevelEntries(page)).toEqual(['Areas', 'Apps', 'About']);
  const nav = mainNavigation(page);

  const areas = nav.getByRole('button', { name: 'Areas' });
  await areas.click();
  const areasPanel = await panelOf(page, areas);
  const text = (await areasPanel.textContent()) ?? '';
  const order = ['Indicators', 'Art', 'Music', 'Solutions'].map((word) => text.indexOf(word));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(await linksIn(areasPanel)).toEqual([
    { label: 'Long & Short Position', href: paths.longAndShortPosition },
    { label: 'Portfolio', href: paths.portfolio },
    { label: 'Art', href: paths.art },
    { label: 'Music', href: paths.music },
    { label: 'Web development', href: paths.lokalaJobb },
  ]);
  await page.keyboard.press('Escape');

  const apps = nav.getByRole('button', { name: 'Apps' });
  await apps.click();
  expect(await linksIn(await panelOf(page, apps))).toEqual([{ label: 'Nowou', href: paths.nowou }]);
  await page.keyboard.press('Escape');
});

test('the three-bar button opens the Navigation pop-up on mobile', async () => {
  const { page } = await site.open(paths.about, { width: MOBILE });
  const menu = page.getByRole('button', { name: 'Open navigation' });
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  await menu.click();
  const dialog = page.getByRole('dialog', { name: 'Navigation' });
  // Pop-ups load their content on first use.
  await dialog.waitFor();
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);
});

test('the desktop header has no three-bar button: the navigation sits beside the page', async () => {
  const { page } = await site.open(paths.about, { width: DESKTOP });
  expect(await page.getByRole('button', { name: 'Open navigation' }).count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Navigation' }).isVisible()).toBe(true);
});
