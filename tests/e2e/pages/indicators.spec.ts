/**
 * The indicator pages (docs/product/offerings.md#tradingview-indicators) in real Chromium against the real
 * server: the Long & Short Position and Portfolio pages show their text and their chart; the
 * calculators follow the fields and a dragged line; the Portfolio's colours tell apart and its
 * holdings' fields line up; no axe violations on them or on /purchase at
 * 400 and 1280 px in both themes. Requesting a trial or a purchase: forms/indicator-requests.spec.ts.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { useAccountsSite } from '#test-support/accounts-site';
import { watchRequests } from '#test-support/page-checks';
import { axeViolations } from '#test-support/axe';
import { waitForApp } from '#test-support/site';

const site = useAccountsSite();

function field(page: Page, label: string) {
  return page.locator('main').getByLabel(label, { exact: true });
}

function result(page: Page, term: string) {
  return page.locator('.results__item').filter({ hasText: term }).locator('dd');
}

/** The chart is drawn: the library's canvas is in the reserved box (it loads once scrolled near). */
async function chartDrawn(page: Page, chart: 'position' | 'portfolio') {
  await page.locator('main .indicator-chart').first().scrollIntoViewIfNeeded();
  await page.locator(`[data-chart="${chart}"] canvas`).first().waitFor();
}

test('Long & Short Position: the page explains the indicator, draws the chart and its calculator follows the fields', async () => {
  const { page } = await site.open(paths.longAndShortPosition, { width: 1280 });
  await page.getByRole('heading', { level: 1, name: 'Long & Short Position indicator' }).waitFor();
  await page.getByRole('heading', { name: 'What it draws on your chart' }).waitFor();
  await chartDrawn(page, 'position');
  expect(await page.locator('[data-chart="position"]').getAttribute('aria-label')).toMatch(
    /long trade .* entry 90\.03, stop 87\.76, target 96\.84, risk-reward 1 : 3\./,
  );

  // The opening trade: 1 % of 10,000 at risk, 2.27 per unit.
  expect(await result(page, 'Risk-reward').innerText()).toBe('1 : 3');
  expect(await result(page, 'Loss at the stop').innerText()).toBe('$100.00');
  expect(await result(page, 'Position size').innerText()).toBe('44.05 NOVA');

  await field(page, 'Risk per trade (%)').fill('2');
  await expect.poll(() => result(page, 'Loss at the stop').innerText()).toBe('$200.00');
  expect(await result(page, 'Profit at the target').innerText()).toBe('$600.00');

  // A stop on the entry is no trade: said under the stop, and no figures.
  await field(page, 'Stop').fill('90.03');
  await page.getByText('The stop must differ from the entry.').waitFor();
  expect(await field(page, 'Stop').getAttribute('aria-invalid')).toBe('true');
  expect(await result(page, 'Risk-reward').innerText()).toBe('—');
  await field(page, 'Stop').fill('87.76');

  // Short: the same trade turned over.
  await page.getByRole('radio', { name: 'Short' }).check();
  expect(await field(page, 'Stop').inputValue()).toBe('92.30');
  expect(await field(page, 'Target').inputValue()).toBe('83.22');
  expect(await result(page, 'Risk-reward').innerText()).toBe('1 : 3');
});

test('Long & Short Position: dragging a line on the chart moves that level', async () => {
  const { page } = await site.open(paths.longAndShortPosition, { width: 1280, height: 1000 });
  const chart = page.locator('[data-chart="position"]');
  await chartDrawn(page, 'position');
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  const x = box.x + box.width * 0.4;
  // Find a line by the resize cursor the chart shows over it.
  let lineY: number | null = null;
  for (let y = box.y + 4; y < box.y + box.height - 4; y += 2) {
    await page.mouse.move(x, y);
    if ((await chart.evaluate((el) => el.style.cursor)) === 'ns-resize') {
      lineY = y + 1;
      break;
    }
  }
  expect(lineY, 'a line the pointer can take hold of').not.toBeNull();
  const before = {
    entry: await field(page, 'Entry').inputValue(),
    stop: await field(page, 'Stop').inputValue(),
    target: await field(page, 'Target').inputValue(),
  };
  await page.mouse.move(x, lineY!);
  await page.mouse.down();
  await page.mouse.move(x, lineY! - 30, { steps: 5 });
  await page.mouse.up();
  const after = {
    entry: await field(page, 'Entry').inputValue(),
    stop: await field(page, 'Stop').inputValue(),
    target: await field(page, 'Target').inputValue(),
  };
  const moved = (Object.keys(before) as (keyof typeof before)[]).filter(
    (key) => before[key] !== after[key],
  );
  // The topmost line is the target's; dragged up, it rises.
  expect(moved).toEqual(['target']);
  expect(Number(after.target)).toBeGreaterThan(Number(before.target));
});

/** CIE L*a*b* of an "rgb(r, g, b)" colour, for how far apart two colours look (ΔE 1976). */
function lab(rgb: string): [number, number, number] {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047);
  const y = f(0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
  const z = f((0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** WCAG contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(one: string, other: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [dark, light] = [luminance(one), luminance(other)].sort((a, b) => a - b);
  return (light! + 0.05) / (dark! + 0.05);
}

test.each(['light', 'dark'] as const)(
  "Portfolio in the %s theme: the ring's colours are far apart and keep 3:1 on the card; the holdings' fields stay in line",
  async (theme) => {
    const { page } = await site.open(paths.portfolio, { width: 1280, theme });
    const ring = page.getByRole('img', { name: /^Allocation on / });
    await ring.scrollIntoViewIfNeeded();
    const { arcs, surface } = await ring.evaluate((svg) => ({
      arcs: [...svg.querySelectorAll('.allocation__arc')].map(
        (arc) => getComputedStyle(arc).stroke,
      ),
      surface: getComputedStyle(svg.closest('.planner')!).backgroundColor,
    }));
    expect(arcs).toHaveLength(4);
    for (const [index, colour] of arcs.entries()) {
      expect(contrast(colour, surface), `colour ${index + 1}`).toBeGreaterThanOrEqual(3);
      for (const other of arcs.slice(index + 1)) {
        const [a, b] = [lab(colour), lab(other)];
        const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        expect(distance, `${colour} and ${other}`).toBeGreaterThanOrEqual(45);
      }
    }
    // Tide World Index's name takes two lines; its quantity field still lines up with the others.
    const fields = await page
      .locator('.holding input')
      .evaluateAll((inputs) =>
        inputs.map((input) => Math.round(input.getBoundingClientRect().top)),
      );
    expect(fields).toHaveLength(4);
    expect(new Set(fields).size).toBe(1);
  },
);

test('Portfolio: the page draws the profit-and-loss chart and the allocation follows the quantities', async () => {
  const tab = await site.newTab({ width: 400, height: 860 });
  const { page } = tab;
  const chartLibrary: string[] = [];
  page.on('request', (request) => {
    if (/lightweight-charts/.test(request.url())) chartLibrary.push(request.url());
  });
  const requests = watchRequests(page);
  await page.goto(`${site.url}${paths.portfolio}`);
  await waitForApp(page);
  await page.getByRole('heading', { level: 1, name: 'Portfolio indicator' }).waitFor();
  // On a phone the chart is below the first screen: its library is not fetched until it comes near.
  await requests.settled();
  expect(chartLibrary).toEqual([]);
  await chartDrawn(page, 'portfolio');
  expect(chartLibrary).toHaveLength(1);
  const ring = page.getByRole('img', { name: /^Allocation on / });
  expect(await ring.getAttribute('aria-label')).toContain('Orbit 15.4%');

  await field(page, 'Quantity of Orbit').fill('0');
  await expect.poll(() => ring.getAttribute('aria-label')).not.toContain('Orbit');
  const orbit = page.locator('.holding').filter({ hasText: 'Orbit' });
  expect(await orbit.locator('dd').last().innerText()).toBe('0.0%');

  await field(page, 'Quantity of Orbit').fill('-3');
  await page.getByText('Quantity must be a number, zero or more.').waitFor();
  expect(await field(page, 'Quantity of Orbit').getAttribute('aria-invalid')).toBe('true');
});

test.each([paths.longAndShortPosition, paths.portfolio, paths.purchase])(
  '%s has no axe violations at 400 and 1280 px in both themes',
  async (path) => {
    for (const width of [400, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        const { page, context } = await site.open(path, { width, theme });
        if (path !== paths.purchase)
          await chartDrawn(page, path === paths.portfolio ? 'portfolio' : 'position');
        expect(await axeViolations(page), `${path} ${width} ${theme}`).toEqual([]);
        await context.close();
      }
    }
  },
);

test('Portfolio: at 1280 and 400 px the chart shows the whole year and ends on the day of the figures; an invalid quantity reads —', async () => {
  const { page } = await site.newTab({ width: 1280, height: 900 });
  await page.goto(`${site.url}${paths.portfolio}`);
  await waitForApp(page);
  await chartDrawn(page, 'portfolio');
  const chart = page.locator('[data-chart="portfolio"]');
  const valueTerm = await page.locator('.results__item').first().locator('dt').innerText();
  // "Value on 31 Oct 2026": the chart's last day in view is that very day, at both widths.
  const lastDay = new Date(`${valueTerm.replace(/^Value on /i, '')} UTC`)
    .toISOString()
    .slice(0, 10);
  await expect.poll(() => chart.getAttribute('data-last-day')).toBe(lastDay);
  await page.setViewportSize({ width: 400, height: 860 });
  await chart.scrollIntoViewIfNeeded();
  await expect.poll(() => chart.getAttribute('data-last-day')).toBe(lastDay);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => chart.getAttribute('data-last-day')).toBe(lastDay);

  await field(page, 'Quantity of Orbit').fill('abc');
  const orbit = page.locator('.holding').filter({ hasText: 'Orbit' });
  await expect.poll(() => orbit.locator('dd').nth(2).innerText()).toBe('—');
  expect(await orbit.locator('dd').nth(3).innerText()).toBe('—');
  expect(await orbit.locator('dd').nth(4).innerText()).toBe('—');
});
