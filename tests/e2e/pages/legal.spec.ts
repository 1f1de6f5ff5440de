/**
 * docs/product/pages.md#legal-pages and docs/product/offerings.md#offering-cards: the Terms of service and the
 * Privacy policy read from content/legal/, with their date, a table of contents that jumps to each
 * section and a privacy policy that names what the site stores (with the durations the code uses);
 * Home and About show every offering with a way in and no "later release" placeholder.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import {
  EMBEDDED_SESSION_KEY,
  PRODUCTIVITY_KEY_PREFIXES,
  STORAGE_KEYS,
  CONTENT_DRAFT_KEY_PREFIX,
} from '#shared/storage-keys';
import {
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
} from '#server/features/accounts/links.repository';
import { SESSION_TTL_MS } from '#server/features/accounts/sessions.repository';
import { DELIVERED_MAIL_KEPT_MS } from '#server/mail/outbox.repository';
import { MAX_STREAMS_PER_ADDRESS } from '#server/features/live/live.plugin';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { gotoPage, useSite } from '#test-support/site';
import { formatDay } from '../../../src/client/lib/date-format';

const site = useSite();

const aboutSource = readFileSync(
  new URL('../../../content/pages/about.md', import.meta.url),
  'utf8',
);

const LEGAL_PAGES = [
  { path: paths.termsOfService, title: 'Terms of service', file: 'terms-of-service.md' },
  { path: paths.privacyPolicy, title: 'Privacy policy', file: 'privacy-policy.md' },
];

/** The `updated:` date in a legal page's front matter. */
function updatedDate(file: string): string {
  const text = readFileSync(new URL(`../../../content/legal/${file}`, import.meta.url), 'utf8');
  const date = /^updated: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
  if (!date) throw new Error(`${file} has no updated: date`);
  return date;
}
const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const PLACEHOLDER_TEXT = /later release|later update|comes later|coming soon|will be published/i;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test.each(LEGAL_PAGES)(
  '$title shows its title, lead, last-updated date and a table of contents of its sections',
  async ({ path, title, file }) => {
    const { page } = await site.open(path, { width: VIEWPORTS.desktop.width });
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    const updated = updatedDate(file);
    expect(await main.locator('time').getAttribute('datetime')).toBe(updated);
    expect(await main.getByText(/^Last updated/).innerText()).toBe(
      `Last updated ${formatDay(updated)}`,
    );

    const toc = main.getByRole('navigation', { name: 'On this page' });
    const entries = await toc.getByRole('link').all();
    expect(entries.length).toBeGreaterThanOrEqual(8);
    for (const entry of entries) {
      const href = (await entry.getAttribute('href')) ?? '';
      expect(href).toMatch(/^#[a-z0-9-]+$/);
      const heading = main.locator(`h2[id="${href.slice(1)}"]`);
      expect(await heading.innerText(), href).toBe(await entry.innerText());
    }

    const text = await main.innerText();
    expect(text).toContain(siteJson.creatorName);
    // Placeholders are filled in from content/site.json; no brace is left over.
    expect(text).not.toMatch(/\{[A-Za-z]+\}/);
    expect(text).not.toMatch(PLACEHOLDER_TEXT);
    expect(
      await main.locator(`a[href="mailto:${siteJson.contact.email}"]`).count(),
    ).toBeGreaterThan(0);
  },
);

test.each(WIDTHS)('at %i px a table-of-contents link jumps to its section', async (width) => {
  const { page } = await site.open(paths.privacyPolicy, { width, height: 800 });
  const main = page.getByRole('main');
  const toc = main.getByRole('navigation', { name: 'On this page' });
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await toc.getByRole('link', { name: 'Your rights' }).click();
  await page.waitForURL(`${site.url}${paths.privacyPolicy}#your-rights`);

  const heading = main.getByRole('heading', { level: 2, name: 'Your rights' });
  // The heading ends up at the top of the window, with a little margin above it.
  await expect
    .poll(
      async () => {
        const y = (await heading.boundingBox())?.y ?? -1;
        return y >= 0 && y < 100;
      },
      { message: 'the heading is at the top of the window' },
    )
    .toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // The same page, scrolled: no reload, no other route.
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Privacy policy');

  if (width === VIEWPORTS.desktop.width) {
    // Beside the text on wide screens, the contents stay in view while reading.
    const box = (await toc.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(800);
  }
});

test('the privacy policy names each thing the site stores, with the durations the code uses', async () => {
  const { page } = await site.open(paths.privacyPolicy, { width: VIEWPORTS.desktop.width });
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).waitFor();
  for (const name of [
    'Your account',
    'Sessions and the one cookie',
    'Links sent by email',
    'Indicator trials and purchases',
    'Messages you send with a form',
    'Mail lists',
    'Mail the site sends',
    'Visit counts',
    'Error reports, only with your consent',
    'Protection against abuse',
    'Server logs',
    'What stays in your browser',
    'Your rights',
  ]) {
    expect.soft(await main.getByRole('heading', { name, exact: true }).count(), name).toBe(1);
  }

  const text = await main.innerText();
  for (const fact of [
    `${SESSION_TTL_MS / DAY} days after you last used the site`,
    `reset link works for ${PASSWORD_RESET_TTL_MS / MINUTE} minutes`,
    `confirmation link for ${EMAIL_VERIFICATION_TTL_MS / HOUR} hours`,
    `at most ${MAX_STREAMS_PER_ADDRESS} are allowed`,
    `until the mail is sent, and then for ${DELIVERED_MAIL_KEPT_MS / DAY} days`,
    COPY.cookieNotice,
    'only if you say Yes',
    'without cookies and without storing who visited',
    'one-click unsubscribe link',
    'Download my data',
    'Delete my account',
  ]) {
    expect.soft(text, fact).toContain(fact);
  }

  // Every browser storage key the client uses is listed by name.
  const keys = await main.locator('code').allInnerTexts();
  for (const key of [
    ...Object.values(STORAGE_KEYS),
    EMBEDDED_SESSION_KEY,
    CONTENT_DRAFT_KEY_PREFIX,
    ...PRODUCTIVITY_KEY_PREFIXES,
  ]) {
    expect.soft(keys, key).toContain(key);
  }
});

test('links in the text stay inside the site, or ask before leaving it', async () => {
  const { page } = await site.open(paths.privacyPolicy, { width: VIEWPORTS.desktop.width });
  const main = page.getByRole('main');

  await main.getByRole('link', { name: 'IMY' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this website?' });
  await dialog.waitFor();
  expect(await dialog.getByText(COPY.leaveSite, { exact: true }).isVisible()).toBe(true);
  expect(await dialog.getByText('https://www.imy.se/en/', { exact: true }).isVisible()).toBe(true);
  await dialog.getByRole('button', { name: COPY.no }).click();
  await dialog.waitFor({ state: 'detached' });

  // A link to another page of the site navigates in the app: the page's state survives.
  await page.evaluate(() => Object.assign(window, { stillTheSameApp: true }));
  await main.getByRole('link', { name: 'Terms of service' }).click();
  await page.waitForURL(`${site.url}${paths.termsOfService}`);
  await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
  expect(await page.evaluate(() => 'stillTheSameApp' in window)).toBe(true);
});

test('the terms say the indicators are not financial advice and how trials, payment and refunds work', async () => {
  const { page } = await site.open(paths.termsOfService, { width: VIEWPORTS.mobile.width });
  const main = page.getByRole('main');
  for (const name of ['Not financial advice', 'Free trial', 'Buying access', 'Refunds'])
    expect.soft(await main.getByRole('heading', { name, exact: true }).count(), name).toBe(1);
  const text = await main.innerText();
  for (const fact of [
    'not financial advice',
    '7 days',
    'one free trial per indicator for each account and for each TradingView username',
    'never takes card payments',
    '14 days',
    'governed by Swedish law',
  ]) {
    expect.soft(text, fact).toContain(fact);
  }
});

test.each(
  WIDTHS.flatMap((width) => (['light', 'dark'] as const).map((theme) => ({ width, theme }))),
)(
  'the legal pages at $width px in the $theme theme have no axe violations',
  async ({ width, theme }) => {
    const { page } = await site.newTab({ width, theme });
    for (const { path } of LEGAL_PAGES) {
      await gotoPage(page, `${site.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect.soft(await axeViolations(page), path).toEqual([]);
    }
  },
);

const OFFERINGS = [
  { title: 'Long & Short Position', path: paths.longAndShortPosition },
  { title: 'Portfolio', path: paths.portfolio },
  { title: 'Art', path: paths.art },
  { title: 'Music', path: paths.music },
  { title: 'Lokala jobb', path: paths.lokalaJobb },
  { title: 'Nowou', path: paths.nowou },
];

test.each([paths.home, paths.about])(
  '%s shows every offering with a link into it, and no "later release" line',
  async (path) => {
    const { page } = await site.open(path, { width: VIEWPORTS.mobile.width });
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    for (const { title, path: href } of OFFERINGS) {
      const card = main.locator('.offering').filter({
        has: page.getByRole('heading', { level: 3, name: title, exact: true }),
      });
      expect.soft(await card.count(), title).toBe(1);
      const link = card.getByRole('link');
      expect.soft(await link.getAttribute('href'), title).toBe(href);
      expect.soft(await link.innerText(), title).not.toBe('');
    }
    expect(await main.innerText()).not.toMatch(PLACEHOLDER_TEXT);
    expect(
      await main.locator(`a[href="mailto:${siteJson.contact.email}"]`).count(),
    ).toBeGreaterThan(0);
  },
);

test('About tells the story from content/pages/about.md: its sections, links that stay in the app, the contact address', async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: `Hi, I'm ${siteJson.creatorName}` }).waitFor();
  const sections = [...aboutSource.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
  expect(sections.length).toBeGreaterThanOrEqual(4);
  for (const title of sections)
    expect.soft(await main.getByRole('region', { name: title }).count(), title).toBe(1);
  expect(await main.getByText(siteJson.contact.email).count()).toBeGreaterThan(0);

  await page.evaluate(() => Object.assign(window, { stillTheSameApp: true }));
  await main.getByRole('link', { name: 'Long & Short Position', exact: true }).first().click();
  await page.waitForURL(`${site.url}${paths.longAndShortPosition}`);
  expect(await page.evaluate(() => 'stillTheSameApp' in window)).toBe(true);
});

test("an offering card on About leads into the offering's page", async () => {
  const { page } = await site.open(paths.about, { width: VIEWPORTS.desktop.width });
  await page.getByRole('link', { name: /^Meet Nowou\s*: Nowou$/ }).click();
  await page.waitForURL(`${site.url}${paths.nowou}`);
  await page.getByRole('heading', { level: 1, name: 'Nowou' }).waitFor();
});
