/**
 * The on-screen assistant in Chromium (docs/product/assistant.md#show-rule,
 * docs/product/assistant.md#typing-and-bubble): a live message shows on the pages it targets and not on
 * others, only when newer than the last viewed time (then recorded under the `assistant` key),
 * types itself out unless motion is reduced, reaches screen readers whole through a polite live
 * region, stays text, and is kept in a log the visitor can reopen; a tab opened just as a message
 * is posted shows it like the tab that was open; a scheduled message comes and goes on time by itself;
 * it speaks from a bar in the page's flow that covers no text or control at 400 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import type { AssistantMessage } from '#shared/live-events';
import { call, createUser, loginAs } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { settleAnimations } from '#test-support/browser';
import { fixedCovers, scrollAndSettle } from '#test-support/page-checks';
import { gotoPage } from '#test-support/site';

const site = useAccountsSite();
const PATH = '/api/admin/assistant-messages';
let admin: string;

beforeAll(async () => {
  admin = await loginAs(site.server, await createUser(site.server, { adminRank: 10 }));
});
beforeEach(async () => {
  await call(site.server, 'DELETE', `${PATH}/current`, { cookie: admin });
});

async function post(text: string, pages: string[]): Promise<AssistantMessage> {
  const res = await call(site.server, 'POST', PATH, { cookie: admin, body: { text, pages } });
  expect(res.status).toBe(201);
  return (res.json as { message: AssistantMessage }).message;
}

const bubble = (page: Page) => page.locator('.assistant__bubble');
const liveRegion = (page: Page) => page.locator('.assistant [role="status"]');

async function lastViewed(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('assistant');
    return raw
      ? (JSON.parse(raw) as { liveMessage: { lastViewedAtUTC: string } }).liveMessage
          .lastViewedAtUTC
      : null;
  });
}

test('a message for /about shows there, not on /art, and not again once viewed', async () => {
  const message = await post('New art drops on Friday.', ['about']);
  const { page } = await site.open('/art', { width: 1280 });
  // The stream for /art has answered (the live region is in place) and shows nothing.
  await expect.poll(() => page.locator('.assistant').getAttribute('data-active')).toBe('false');
  // Proves no bubble comes for /art: nothing arrives to wait for.
  await page.waitForTimeout(500);
  expect(await bubble(page).count()).toBe(0);
  expect(await lastViewed(page)).toBeNull();

  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  await bubble(page).waitFor();
  await expect.poll(() => bubble(page).innerText()).toContain('New art drops on Friday.');
  expect(await page.locator('.assistant').getAttribute('data-active')).toBe('true');
  expect(await liveRegion(page).innerText()).toBe('Assistant: New art drops on Friday.');
  expect(await lastViewed(page)).toBe(message.createdAtUTC);

  // Viewed: a reload of the same page shows no bubble, but the log has it.
  await gotoPage(page, `${site.url}/about`);
  await page.getByRole('button', { name: "Open the assistant's log" }).waitFor();
  // Proves the viewed message does not come back: nothing arrives to wait for.
  await page.waitForTimeout(300);
  expect(await bubble(page).count()).toBe(0);
  await page.getByRole('button', { name: "Open the assistant's log" }).click();
  const log = page.getByRole('region', { name: 'Assistant' });
  await expect.poll(() => log.innerText()).toContain('New art drops on Friday.');
});

test('a newer message shows at once on an open targeted page; clearing takes it away', async () => {
  const { page } = await site.open('/music', { width: 400 });
  await expect.poll(() => page.locator('.assistant').getAttribute('data-active')).toBe('false');
  await post('First note', ['music']);
  await expect.poll(() => liveRegion(page).innerText()).toBe('Assistant: First note');
  const second = await post('Second note', ['music', 'home']);
  await expect.poll(() => liveRegion(page).innerText()).toBe('Assistant: Second note');
  expect(await lastViewed(page)).toBe(second.createdAtUTC);

  await call(site.server, 'DELETE', `${PATH}/current`, { cookie: admin });
  await expect.poll(() => bubble(page).count()).toBe(0);
  expect(await page.locator('.assistant').getAttribute('data-active')).toBe('false');

  // Both notes stay in the log, oldest first.
  await page.getByRole('button', { name: "Open the assistant's log" }).click();
  const entries = page.locator('.assistant__log-text');
  await expect.poll(() => entries.allInnerTexts()).toEqual(['First note', 'Second note']);
  // Escape closes the log and gives focus back to the character.
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.assistant__log').count()).toBe(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe("Open the assistant's log");
});

test('a scheduled message appears on an open page within a second of its start and leaves at its end, the owner away', async () => {
  const { page } = await site.open('/music', { width: 1280 });
  await expect.poll(() => page.locator('.assistant').getAttribute('data-active')).toBe('false');
  const startsAt = Date.now() + 3_000;
  const endsAt = startsAt + 4_000;
  const res = await call(site.server, 'POST', PATH, {
    cookie: admin,
    body: {
      text: 'Doors open now',
      pages: ['music'],
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    },
  });
  expect(res.status).toBe(201);

  // Proves the message does not show before its start: time is what is under test.
  await page.waitForTimeout(Math.max(0, startsAt - Date.now() - 800));
  expect(await bubble(page).count()).toBe(0); // not before its start
  await liveRegion(page).filter({ hasText: 'Doors open now' }).waitFor({ timeout: 5_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt - 200);
  expect(Date.now() - startsAt).toBeLessThan(1_000);
  expect(await liveRegion(page).innerText()).toBe('Assistant: Doors open now');

  await bubble(page).waitFor();
  expect(await page.locator('.assistant').getAttribute('data-active')).toBe('true');

  await expect.poll(() => bubble(page).count(), { timeout: 6_000 }).toBe(0);
  expect(Date.now()).toBeGreaterThanOrEqual(endsAt - 200);
  expect(Date.now() - endsAt).toBeLessThan(1_000);
  expect(await page.locator('.assistant').getAttribute('data-active')).toBe('false');
});

test('a tab opened just as a message is posted shows it too, like the tab that was open', async () => {
  const open = await site.open('/about', { width: 1280 });
  await expect
    .poll(() => open.page.locator('.assistant').getAttribute('data-active'))
    .toBe('false');
  // A second tab of the same browser, the message posted the moment its document has loaded, while
  // the app starts: the open tab records it as viewed first, and the new one must still show it.
  const opened = await open.context.newPage();
  await opened.goto(`${site.url}/about`);
  await post('Fresh from the desk', ['about']);
  for (const page of [open.page, opened]) {
    await expect.poll(() => liveRegion(page).innerText()).toBe('Assistant: Fresh from the desk');
  }
  // Shown once: it is in the new tab's log one time.
  await opened.getByRole('button', { name: "Open the assistant's log" }).click();
  await expect
    .poll(() => opened.locator('.assistant__log-text').allInnerTexts())
    .toEqual(['Fresh from the desk']);
});

test('markup and script in a message stay text', async () => {
  const text =
    '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';
  await post(text, ['contact']);
  const { page } = await site.open('/contact', { width: 1280 });
  await expect.poll(() => liveRegion(page).innerText()).toBe(`Assistant: ${text}`);
  await expect.poll(() => bubble(page).innerText()).toContain('<b>bold?</b>');
  expect(await page.locator('.assistant img, .assistant script, .assistant b').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the text types itself out a character at a time; screen readers get it whole at once', async () => {
  // About 160 characters: some 4 seconds of typing, long enough to look at part-way on a busy machine.
  const text =
    'Typing this out one letter after another, at a calm and readable pace, so that a visitor can follow along as the assistant speaks, the way a person would write it.';
  await post(text, ['purchase']);
  const { page } = await site.open('/purchase', { width: 1280, reducedMotion: false });
  await bubble(page).waitFor();
  // Part-way: the visible copy is shorter than the text while the live region has it all.
  const partial = await page.locator('.assistant__text').innerText();
  expect(partial.length).toBeLessThan(text.length);
  expect(text.startsWith(partial)).toBe(true);
  expect(await liveRegion(page).innerText()).toBe(`Assistant: ${text}`);
  expect(await page.locator('.assistant__text').getAttribute('aria-hidden')).toBe('true');
  await expect
    .poll(() => page.locator('.assistant__text').innerText(), { timeout: 10_000 })
    .toBe(text);
});

test('under reduced motion the whole text appears at once; the bubble keeps its documented size', async () => {
  const text = 'Shown at once for visitors who prefer less motion.';
  await post(text, ['termsOfService']);
  for (const [width, share] of [
    [1280, 0.25],
    [400, 0.4],
  ] as const) {
    const { page } = await site.open('/terms-of-service', { width, height: 800 });
    await bubble(page).waitFor();
    expect(await page.locator('.assistant__text').innerText()).toBe(text);
    const box = (await bubble(page).boundingBox())!;
    // Desktop 25vw (not below a readable minimum); mobile at least 40vw; at most 16vh high or a readable floor.
    if (width === 1280) expect(Math.abs(box.width - width * share)).toBeLessThan(2);
    else expect(box.width).toBeGreaterThanOrEqual(width * share);
    expect(box.height).toBeLessThanOrEqual(Math.max(800 * 0.16, 120) + 1);
  }
});

test.each([
  [400, 'light'],
  [400, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const)(
  'at %i px in %s the bubble and the log have no axe violations',
  async (width, theme) => {
    await post('Welcome! The Portfolio indicator has a free trial.', ['portfolio']);
    const { page } = await site.open('/indicators/portfolio', {
      width,
      theme,
      cookieConsent: false,
    });
    await bubble(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Open the assistant's log" }).click();
    await page.getByRole('region', { name: 'Assistant' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  },
);

test.each([400, 1280])(
  'at %i px the bubble and the character on /music cover no text or control at any scroll position',
  async (width) => {
    await post('Live stream tomorrow at eight: new tracks from the studio.', ['music']);
    const { page } = await site.open('/music', { width, cookieConsent: false });
    await bubble(page).waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    for (const share of [0, 1 / 4, 1 / 2, 3 / 4, 1]) {
      await scrollAndSettle(page, Math.round(height * share), settleAnimations);
      expect(await fixedCovers(page), `at ${share * 100}%`).toEqual([]);
    }
    // The text it speaks over starts below it, in the page's flow.
    await page.evaluate(() => window.scrollTo(0, 0));
    const said = (await bubble(page).boundingBox())!;
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(said.y + said.height);
  },
);
