/** docs/product/shell.md#footer and docs/product/shell.md#leaving-the-site. */
import type { BrowserContext } from 'playwright-core';
import { expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { documentTitleFor } from '#shared/document-title';
import { VIEWPORTS } from '#test-support/browser';
import { useSite } from '#test-support/site';

const site = useSite();

const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const [YOUTUBE] = siteJson.socialLinks;
if (!YOUTUBE) throw new Error('content/site.json has no social links');

/** Answers every request that would leave the machine with a stub page; returns the URLs asked for. */
async function keepExternalLinksLocal(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(
    (url) => !url.href.startsWith(site.url),
    (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' });
    },
  );
  return requested;
}

test.each(WIDTHS)(
  'at %i px the footer has the contact line with a mail link and the contact form, and the ten social links by name',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    const footer = page.getByRole('contentinfo');
    const { text, email } = siteJson.contact;
    expect(await footer.getByText(text).textContent()).toBe(
      `${text} ${email} or use the contact form.`,
    );
    const mail = footer.getByRole('link', { name: email });
    expect(await mail.getAttribute('href')).toBe(`mailto:${email}`);
    // The contact line reaches the contact form, not only About's text.
    await footer.getByRole('link', { name: 'contact form' }).click();
    await page.waitForURL(`${site.url}${paths.contact}`);
    await page.locator('main form').waitFor();
    await page.goBack();
    await page.waitForURL(`${site.url}${paths.about}`);

    const social = footer.getByRole('list', { name: 'Social links' }).getByRole('link');
    expect(await social.count()).toBe(10);
    const links = await Promise.all(
      (await social.all()).map(async (link) => ({
        name: await link.getAttribute('aria-label'),
        href: await link.getAttribute('href'),
        visible: await link.isVisible(),
      })),
    );
    expect(links).toEqual(
      siteJson.socialLinks.map(({ label, url }) => ({ name: label, href: url, visible: true })),
    );
    for (const { label } of siteJson.socialLinks) {
      expect(await footer.getByRole('link', { name: label, exact: true }).count(), label).toBe(1);
    }
  },
);

test.each(WIDTHS)(
  'at %i px the footer links go to Terms of service, Privacy policy and Support',
  async (width) => {
    const { page } = await site.open(paths.about, { width });
    for (const [name, route] of [
      ['Terms of service', 'termsOfService'],
      ['Privacy policy', 'privacyPolicy'],
      ['Support', 'support'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${site.url}${paths[route]}`);
      await expect.poll(() => page.title()).toBe(documentTitleFor(route, siteJson));
    }
  },
);

test.each(WIDTHS)(
  'at %i px a social link asks before leaving and Yes opens it in a new page without an opener',
  async (width) => {
    const { page, context } = await site.open(paths.about, { width });
    const requested = await keepExternalLinksLocal(context);
    const link = page
      .getByRole('contentinfo')
      .getByRole('link', { name: YOUTUBE.label, exact: true });
    await link.click();

    const dialog = page.getByRole('dialog', { name: 'Leave this website?' });
    // Pop-ups load their content on first use.
    await dialog.waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByText(COPY.leaveSite, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText(YOUTUBE.url, { exact: true }).isVisible()).toBe(true);
    expect(context.pages()).toHaveLength(1);

    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Yes' }).click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(YOUTUBE.url);
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    expect(await opened.evaluate(() => document.referrer)).toBe('');
    expect(requested).toEqual([YOUTUBE.url]);

    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
  },
);

test('No closes the leave-site question and nothing opens', async () => {
  const { page, context } = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
  const requested = await keepExternalLinksLocal(context);
  const pages: unknown[] = [];
  context.on('page', (opened) => pages.push(opened));
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'GitHub', exact: true });
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Leave this website?' });
  await dialog.getByRole('button', { name: 'No' }).click();
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);

  // Nothing to wait for when nothing happens: give a wrongly opened page a moment to show up.
  await page.waitForTimeout(300);
  expect(pages).toEqual([]);
  expect(context.pages()).toHaveLength(1);
  expect(requested).toEqual([]);
  expect(page.url()).toBe(`${site.url}${paths.about}`);
});
