/**
 * No fixed control lies over the page (docs/product.md#donate-button): on every public page, on
 * /nowou (with its layout hidden, where the Show layout button appears) and on /admin, at 400 and
 * 1280 px and at four scroll positions, no visible control or line of text shares its box with an
 * element the browser keeps fixed on the screen. Pop-ups are modal and not part of the walk.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';

const site = useSite();

/** Everything fixed on screen that overlaps a visible control or text, as readable strings. */
function coveredAt(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}` +
      ` "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        rect.width > 0 &&
        rect.height > 0 &&
        rect.bottom > 0 &&
        rect.top < innerHeight
      );
    };
    const fixed = [...document.body.querySelectorAll('*')].filter(
      (el) =>
        getComputedStyle(el).position === 'fixed' &&
        visible(el) &&
        getComputedStyle(el).pointerEvents !== 'none',
    );
    const targets = [
      ...document.querySelectorAll(
        'a[href], button, input, select, textarea, [role="slider"], [tabindex="0"], h1, h2, h3, p, li, td, th, label',
      ),
    ].filter(visible);
    const found: string[] = [];
    for (const cover of fixed) {
      const box = cover.getBoundingClientRect();
      for (const target of targets) {
        if (cover.contains(target) || target.contains(cover)) continue;
        const rect = target.getBoundingClientRect();
        const overlapX = Math.min(box.right, rect.right) - Math.max(box.left, rect.left);
        const overlapY = Math.min(box.bottom, rect.bottom) - Math.max(box.top, rect.top);
        if (overlapX > 1 && overlapY > 1)
          found.push(`${describe(cover)} covers ${describe(target)}`);
      }
    }
    return found;
  });
}

async function walk(page: Page, path: string): Promise<string[]> {
  await gotoPage(page, `${site.url}${path}`);
  const found: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (const share of [0, 1 / 3, 2 / 3, 1]) {
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(height * share));
    // Donate scales in after 300 ms; the Show layout button has no delay.
    await page.waitForTimeout(350);
    for (const line of await coveredAt(page))
      found.push(`${path} at ${Math.round(share * 100)}%: ${line}`);
  }
  return found;
}

test.each([VIEWPORTS.mobile, VIEWPORTS.desktop])(
  'at $width px no fixed control covers a control or text on any public page, /nowou or /admin',
  async ({ width, height }) => {
    const { page } = await site.newTab({ width, height });
    const found: string[] = [];
    for (const key of PUBLIC_PAGES) found.push(...(await walk(page, paths[key])));
    found.push(...(await walk(page, paths.admin)));
    // Nowou hides the layout by itself; its Show layout button is then on screen.
    found.push(...(await walk(page, paths.nowou)));
    await page.getByRole('button', { name: 'Show layout' }).waitFor();
    expect(found).toEqual([]);
    // The check sees a cover when there is one: a fixed box laid over the Show layout button.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      const box = document.querySelector('.show-layout-button')!.getBoundingClientRect();
      const cover = document.createElement('div');
      Object.assign(cover.style, {
        position: 'fixed',
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: '20px',
        height: '20px',
      });
      document.body.append(cover);
    });
    expect(await coveredAt(page)).toEqual([expect.stringContaining('covers button')]);
  },
);

test('Donate sits in the header, is not offered on /admin, and opens the Donation pop-up', async () => {
  const { page } = await site.newTab({ width: VIEWPORTS.mobile.width });
  await gotoPage(page, `${site.url}${paths.music}`);
  const donate = page.getByRole('button', { name: 'Donate', exact: true });
  expect(await donate.evaluate((el) => !!el.closest('header'))).toBe(true);
  await gotoPage(page, `${site.url}${paths.admin}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await donate.count()).toBe(0);
  await gotoPage(page, `${site.url}${paths.about}`);
  await donate.click();
  await page.getByRole('dialog', { name: 'Donate' }).waitFor();
});
