/**
 * The desk's Site content section in real Chromium (docs/product/desk.md#publishing-the-sites-words): the
 * owner edits About in the CodeMirror editor, sees the preview frame show the new words, publishes
 * them, and a visitor gets them in the server's HTML and after hydration; restoring the earlier
 * revision brings the old words back, and the audit log shows both. Bad input (raw HTML in the
 * Markdown, a bad wallet address, an http link) is shown beside its field, publishing waits, and
 * the published pages stay byte for byte as they were. Drafts survive a reload and a lost network.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { auditActionLabel } from '#shared/audit-actions';
import { paths } from '#shared/paths';
import { createUser, unique } from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { VIEWPORTS } from '#test-support/browser';

const site = useAccountsSite();

async function pageHtml(path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function openDocument(page: Page, title: string): Promise<Locator> {
  const section = page.getByRole('region', { name: 'Site content' });
  await section.getByRole('button', { name: `Edit ${title}` }).click();
  await section.getByRole('heading', { name: title, level: 3 }).waitFor();
  return section;
}

/** The Markdown text, typed at its end as the owner would. */
async function typeAtEnd(page: Page, section: Locator, text: string): Promise<void> {
  await section.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** The error line under a labelled field (Field gives it aria-describedby). */
async function fieldError(section: Locator, label: string): Promise<string | null> {
  const control = section.getByLabel(label, { exact: true });
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  return control.evaluate(
    (element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .find((found) => found?.classList.contains('field__error'))
        ?.textContent?.trim() ?? null,
  );
}

test('the owner edits About, previews and publishes it for visitors, then restores the earlier revision', async () => {
  const owner = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(owner, `${paths.admin}#content`, {
    width: VIEWPORTS.desktop.width,
  });
  const section = await openDocument(page, 'About');
  await page.waitForURL(/[?&]content=about/);

  const words = `Fresh words from the desk ${unique()}`;
  await typeAtEnd(page, section, `\n\n${words}.`);
  await section.getByText('Saved', { exact: true }).waitFor();
  // The preview is the page rendered with the saved draft, in both widths and themes.
  const preview = section.frameLocator('iframe[title^="Preview of About"]');
  await preview.getByText(words).waitFor();
  await section.getByRole('radio', { name: 'Desktop' }).check();
  await section.getByRole('radio', { name: 'Dark' }).check();
  await section.locator('iframe[title="Preview of About, desktop width, dark theme"]').waitFor();
  await preview.getByText(words).waitFor();

  await section.getByRole('button', { name: 'Publish…' }).click();
  const confirm = section.getByRole('group', { name: 'Publish About?' });
  await confirm.locator('ins').filter({ hasText: words }).waitFor();
  await confirm.getByRole('button', { name: 'Publish now' }).click();
  const published = section.getByText(/^Published as revision \d+\./);
  await published.waitFor();
  const revision = Number(/revision (\d+)/.exec(await published.innerText())![1]);

  // A visitor: the server's HTML carries the new words, and so does the page once hydrated.
  expect(await pageHtml(paths.about)).toContain(words);
  const visitor = await site.open(paths.about, { width: VIEWPORTS.mobile.width });
  await visitor.page.getByRole('main').getByText(words).waitFor();

  // Restore the revision before it: published again as a new one, the old words back.
  await section.getByText('History', { exact: true }).click();
  const earlier = revision - 1;
  await section.getByRole('button', { name: `Restore revision ${earlier}` }).click();
  await section
    .getByRole('group', { name: `Restore revision ${earlier}?` })
    .getByRole('button', { name: `Restore revision ${earlier}` })
    .click();
  await section.getByText(`Revision ${revision + 1} is live`, { exact: false }).waitFor();
  // The restored text in the editor is not the owner's edit: no draft begins.
  expect(await section.getByRole('button', { name: 'Discard draft…' }).count()).toBe(0);
  expect(await pageHtml(paths.about)).not.toContain(words);
  await visitor.page.reload();
  await visitor.page.getByRole('heading', { name: /^Hi, I'm/ }).waitFor();
  expect(await visitor.page.getByRole('main').innerText()).not.toContain(words);

  const audit = page.getByRole('region', { name: 'Audit log' });
  await audit.getByLabel('Who').fill(owner.email);
  await audit.getByRole('button', { name: 'Show' }).click();
  await expect
    .poll(async () => (await audit.locator('.audit-entry__action').allInnerTexts()).slice(0, 2))
    .toEqual([auditActionLabel('content.restore'), auditActionLabel('content.publish')]);
});

test('bad input is shown beside its field, publishing waits, and the published pages stay as they were', async () => {
  const about = await pageHtml(paths.about);
  const purchase = await pageHtml(paths.purchase);
  const owner = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(owner, `${paths.admin}#content`, {
    width: VIEWPORTS.mobile.width,
    theme: 'dark',
  });

  let section = await openDocument(page, 'About');
  await typeAtEnd(page, section, '\n\nSome <b>bold</b> words.');
  const bodyError = section.locator('.field[data-invalid] .field__error');
  await expect.poll(() => bodyError.first().innerText()).toMatch(/^Line \d+, column 6: raw HTML/);
  await section.locator('.cm-lintRange-error').first().waitFor();
  const publish = section.getByRole('button', { name: 'Publish…' });
  expect(await publish.isDisabled()).toBe(true);
  await section.getByText('Publish waits until 1 marked problem is fixed.').waitFor();
  // The server's own checks of the saved draft say the same.
  await section.getByText('Saved', { exact: true }).waitFor();
  await expect.poll(() => bodyError.count()).toBe(1);

  await section.getByRole('button', { name: 'All content' }).click();
  section = await openDocument(page, 'Donation links and wallets');
  await section
    .getByLabel('Bitcoin', { exact: true })
    .fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5');
  expect(await fieldError(section, 'Bitcoin')).toBe('must be a Bitcoin address (bc1…, 1… or 3…)');
  await section.getByLabel('Crowd funding link', { exact: true }).fill('http://ko-fi.com/');
  expect(await fieldError(section, 'Crowd funding link')).toBe('must be an https:// link');
  await section.getByText('Publish waits until 2 marked problems are fixed.').waitFor();
  expect(await section.getByRole('button', { name: 'Publish…' }).isDisabled()).toBe(true);
  // Each problem in the list above the form moves to its field.
  await section
    .getByRole('region', { name: 'Problems' })
    .getByRole('button', { name: /^Wallet addresses › Bitcoin/ })
    .click();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
    'walletAddresses.bitcoin',
  );
  await section.getByText('Saved', { exact: true }).waitFor();

  expect(await pageHtml(paths.about)).toBe(about);
  expect(await pageHtml(paths.purchase)).toBe(purchase);
});

test('a draft survives a reload and a lost network; Discard returns to the published text', async () => {
  const owner = await createUser(site.server, { adminRank: 10 });
  const tab = await site.openAs(owner, `${paths.admin}?content=indicators#content`, {
    width: VIEWPORTS.desktop.width,
    // The saves tried while the network is down.
    expectErrors: /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/,
  });
  const { page, context } = tab;
  const section = page.getByRole('region', { name: 'Site content' });
  const note = section.getByLabel('Price note', { exact: true });
  const typed = `Prices are per indicator, as typed at ${unique()}.`;
  await note.fill(typed);
  await section.getByText('Saved', { exact: true }).waitFor();
  await page.reload();
  await expect.poll(() => note.inputValue()).toBe(typed);
  await section.getByText(/^Your draft, saved /).waitFor();

  // Offline: kept in this browser; a new tab after the network returns saves it.
  await context.setOffline(true);
  const offline = `${typed} Written offline.`;
  await note.fill(offline);
  await section.getByText('Offline — kept on this device').waitFor();
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`${site.url}${paths.admin}?content=indicators#content`);
  const noteAgain = again.getByRole('region', { name: 'Site content' }).getByLabel('Price note');
  await expect.poll(() => noteAgain.inputValue()).toBe(offline);
  const sectionAgain = again.getByRole('region', { name: 'Site content' });
  await sectionAgain.getByText('Saved', { exact: true }).waitFor();
  const draft = await site.server.app.db
    .selectFrom('content_drafts')
    .select('value')
    .where('doc_key', '=', 'indicators')
    .where('user_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  expect((JSON.parse(draft.value) as { priceNote: string }).priceNote).toBe(offline);

  await sectionAgain.getByRole('button', { name: 'Discard draft…' }).click();
  await sectionAgain
    .getByRole('group', { name: 'Discard your draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await sectionAgain.getByText('Draft discarded: the published text is back.').waitFor();
  expect(await noteAgain.inputValue()).not.toContain('as typed at');

  // Escape returns to the list, with focus on the document that was open.
  await sectionAgain.getByRole('button', { name: 'All content' }).focus();
  await again.keyboard.press('Escape');
  await again.waitForURL((url) => !url.search.includes('content='));
  await expect
    .poll(() => again.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Edit Indicator plans and prices');
});
