/**
 * docs/product/offerings.md#art: the Art page's gallery over content/art.json and its lightbox (keyboard,
 * buttons, swipe, focus), images that reserve their space and load lazily, and axe at 400 and
 * 1280 px in both themes.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import artJson from '#content/art.json';
import { paths } from '#shared/paths';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

const site = useSite();

const ARTWORKS = artJson.artworks;
const COUNT = ARTWORKS.length;
const LAST = COUNT - 1;

const lightbox = (page: Page) => page.getByRole('dialog');
const thumbnail = (page: Page, index: number) =>
  page.getByRole('button', { name: ARTWORKS[index]!.title, exact: true });

/** The lightbox shows artwork `index`: its title, its picture and its place in the gallery. */
async function expectShowing(page: Page, index: number) {
  const artwork = ARTWORKS[index]!;
  const dialog = page.getByRole('dialog', { name: artwork.title });
  await dialog.waitFor();
  await dialog.getByRole('img', { name: artwork.alt }).waitFor();
  await dialog.getByText(`${index + 1} of ${COUNT}`, { exact: true }).waitFor();
}

async function openGallery(width: number = VIEWPORTS.desktop.width) {
  const tab = await site.open(paths.art, { width });
  await thumbnail(tab.page, 0).waitFor();
  return tab;
}

/** Presses with the mouse at the middle of the lightbox's picture and drags by (dx, dy). */
async function drag(page: Page, dx: number, dy: number) {
  const box = await lightbox(page).locator('.lightbox__stage').boundingBox();
  if (!box) throw new Error('no lightbox stage');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

test('the gallery shows every artwork with its title, year and medium, sized before it loads, lazily below the first row', async () => {
  // Narrow, so the last rows are well beyond the distance at which the browser starts lazy loads.
  const { page } = await site.newTab({ width: VIEWPORTS.mobile.width });
  // Layout shifts caused by anything inside the gallery, as the browser reports them.
  await page.addInitScript(() => {
    const record = { shifts: 0 };
    (window as Window & { galleryShifts?: typeof record }).galleryShifts = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const inGallery = entry.sources?.some((source) => {
          const node = source.node;
          return node instanceof Element && node.closest('.art-grid') !== null;
        });
        if (inGallery) record.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await gotoPage(page, `${site.url}${paths.art}`);
  await page.getByRole('heading', { level: 1, name: 'Art' }).waitFor();

  const items = page.getByRole('list', { name: 'Artworks' }).getByRole('listitem');
  await expect.poll(() => items.count()).toBe(COUNT);
  for (const [index, artwork] of ARTWORKS.entries()) {
    const item = items.nth(index);
    expect(await item.getByRole('heading', { level: 2 }).textContent()).toBe(artwork.title);
    expect(await item.getByText(`${artwork.year} · ${artwork.medium}`).count()).toBe(1);
    const image = item.locator('img');
    expect(await image.getAttribute('width')).toBe(String(artwork.width));
    expect(await image.getAttribute('height')).toBe(String(artwork.height));
    expect(await image.getAttribute('decoding')).toBe('async');
    expect(await image.getAttribute('loading')).toBe(index < 3 ? 'eager' : 'lazy');
  }

  // The last image has not been fetched yet: it is far below the fold.
  const lastImage = items.nth(LAST).locator('img');
  expect(await lastImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);

  // Scrolled to, every image loads at its own size, and nothing in the gallery moved meanwhile.
  for (let index = 0; index < COUNT; index++) {
    const image = items.nth(index).locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(ARTWORKS[index]!.width);
  }
  const shifts = await page.evaluate(
    () => (window as Window & { galleryShifts?: { shifts: number } }).galleryShifts?.shifts,
  );
  expect(shifts).toBe(0);
});

test('a click opens the artwork large with its counter, year, medium and story', async () => {
  const { page } = await openGallery();
  await thumbnail(page, 2).click();
  await expectShowing(page, 2);
  const artwork = ARTWORKS[2]!;
  const dialog = lightbox(page);
  await dialog.getByText(`${artwork.year} · ${artwork.medium}`).waitFor();
  await dialog.getByText(artwork.description).waitFor();
  const image = dialog.getByRole('img', { name: artwork.alt });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(artwork.width);
});

test('Enter opens the focused thumbnail, the arrow keys, Home and End move and wrap, Escape closes and focus returns to the thumbnail last shown', async () => {
  const { page } = await openGallery();
  await thumbnail(page, 0).focus();
  await page.keyboard.press('Enter');
  await expectShowing(page, 0);

  await page.keyboard.press('ArrowRight');
  await expectShowing(page, 1);
  await page.keyboard.press('ArrowLeft');
  await expectShowing(page, 0);
  await page.keyboard.press('ArrowLeft');
  await expectShowing(page, LAST);
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, 0);
  await page.keyboard.press('End');
  await expectShowing(page, LAST);
  await page.keyboard.press('Home');
  await expectShowing(page, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, 2);

  await page.keyboard.press('Escape');
  await lightbox(page).waitFor({ state: 'detached' });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe(ARTWORKS[2]!.title);
  // The page behind is usable again.
  expect(await page.locator('main').getAttribute('aria-hidden')).toBeNull();
});

test('the previous and next buttons move through the gallery and wrap at either end; the X closes', async () => {
  const { page } = await openGallery();
  await thumbnail(page, LAST).click();
  await expectShowing(page, LAST);
  const dialog = lightbox(page);
  await dialog.getByRole('button', { name: 'Next artwork' }).click();
  await expectShowing(page, 0);
  await dialog.getByRole('button', { name: 'Next artwork' }).click();
  await expectShowing(page, 1);
  await dialog.getByRole('button', { name: 'Previous artwork' }).click();
  await dialog.getByRole('button', { name: 'Previous artwork' }).click();
  await expectShowing(page, LAST);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe(ARTWORKS[LAST]!.title);
});

test('a sideways swipe moves to the next or previous artwork; a short or mostly vertical drag does not', async () => {
  const { page } = await openGallery(VIEWPORTS.mobile.width);
  await thumbnail(page, 4).click();
  await expectShowing(page, 4);

  await drag(page, -160, 10);
  await expectShowing(page, 5);
  await drag(page, 160, -10);
  await expectShowing(page, 4);
  await drag(page, 160, 0);
  await expectShowing(page, 3);

  await drag(page, -20, 0);
  await drag(page, -70, 140);
  // A drag down that ends on the backdrop, outside the card, neither moves nor closes it.
  await drag(page, 0, 480);
  // None of them moved it: a real swipe right after still goes from 3 to 4.
  await drag(page, -160, 0);
  await expectShowing(page, 4);
});

test.each(
  [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ width, theme })),
  ),
)(
  'axe finds nothing in the gallery or the lightbox at $width px in the $theme theme',
  async ({ width, theme }) => {
    const { page } = await site.open(paths.art, { width, theme });
    await thumbnail(page, 0).waitFor();
    await expect
      .poll(() =>
        page
          .locator('.art-card__image')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
    expect.soft(await axeViolations(page), 'gallery').toEqual([]);
    await thumbnail(page, 1).click();
    await expectShowing(page, 1);
    expect.soft(await axeViolations(page), 'lightbox').toEqual([]);
  },
);
