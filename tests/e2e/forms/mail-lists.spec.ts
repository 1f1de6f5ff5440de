/**
 * The mail lists in real Chromium against the real server and SMTP sink: the links of real mails
 * opened in the browser (unsubscribe, subscribe again, confirm), a link that is not valid with its
 * subscribe form, the Swedish page for Lokala jobb, a link of another list moving to its own page,
 * the owner's Mail section sending a newsletter with progress to 100%, and axe on each state at 400
 * and 1280 px in both themes. Opening a page never changes a member: only its buttons do.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { MAIL_LIST_INFO, type MailList } from '#shared/mail-list-schemas';
import { paths } from '#shared/paths';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  unique,
} from '#test-support/accounts';
import { useAccountsSite } from '#test-support/accounts-site';
import { axeViolations } from '#test-support/axe';
import { VIEWPORTS } from '#test-support/browser';
import { linkIn, type ReceivedMail } from '#test-support/smtp-sink';

const site = useAccountsSite();

const WIDTHS = [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width];
const COMBINATIONS = WIDTHS.flatMap((width) =>
  (['light', 'dark'] as const).map((theme) => ({ width, theme })),
);

let adminCookie: string | undefined;
async function owner(): Promise<string> {
  adminCookie ??= await loginAs(site.server, await createUser(site.server, { adminRank: 10 }));
  return adminCookie;
}

function masked(email: string): string {
  return `${email[0]}***${email.slice(email.indexOf('@'))}`;
}

async function memberState(list: MailList, email: string): Promise<string | undefined> {
  const row = await site.server.app.db
    .selectFrom('mail_list_members')
    .select('state')
    .where('list', '=', list)
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.state;
}

/** The link of a mail that starts with the list page's URL and `param`. */
function pageLink(mail: ReceivedMail, list: MailList, param: 'token' | 'confirm-token'): string {
  return linkIn(mail, `${site.url}${MAIL_LIST_INFO[list].page}?${param}=`);
}

/** Asks for a subscription through the API and returns the confirmation mail's link. */
async function confirmationLink(list: MailList, email: string): Promise<string> {
  const res = await call(site.server, 'POST', '/api/mail/subscribe', {
    body: { list, email },
    headers: fromAddress(nextAddress()),
  });
  expect(res.status).toBe(202);
  const mail = await site.sink.waitFor((m) => m.to === email && /Confirm|Bekräfta/.test(m.subject));
  return pageLink(mail, list, 'confirm-token');
}

async function confirmedMember(list: MailList, email: string): Promise<void> {
  const link = await confirmationLink(list, email);
  const token = new URL(link).searchParams.get('confirm-token');
  const res = await call(site.server, 'POST', '/api/mail/confirm', { body: { token } });
  expect(res.status).toBe(200);
}

/** The owner sends a newsletter to `list`; returns the unsubscribe link of `email`'s copy. */
async function newsletterLink(list: MailList, email: string): Promise<string> {
  const subject = `Issue ${unique()}`;
  const res = await call(site.server, 'POST', '/api/admin/newsletters', {
    cookie: await owner(),
    body: { list, subject, text: 'Hello from the studio.' },
  });
  expect(res.status).toBe(201);
  const mail = await site.sink.waitFor((m) => m.to === email && m.subject === subject);
  return pageLink(mail, list, 'token');
}

function card(page: Page): Locator {
  return page.locator('.list-link');
}

test.each(WIDTHS)(
  'at %i px the unsubscribe link of a real newsletter shows the masked address; Unsubscribe, then Subscribe again (a confirmation mail)',
  async (width) => {
    const email = `reader${unique()}@example.com`;
    await confirmedMember('newsletter', email);
    const link = await newsletterLink('newsletter', email);

    const { page } = await site.newTab({ width });
    await page.goto(link);
    const panel = card(page);
    await panel.getByRole('heading', { name: 'Unsubscribe from the newsletter' }).waitFor();
    await panel.getByText(`The mail goes to ${masked(email)}.`, { exact: false }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Newsletter unsubscribe',
    );
    // Opening the link (as a mail scanner would) changed nothing.
    expect(await memberState('newsletter', email)).toBe('subscribed');
    expect(await panel.getByText(email).count()).toBe(0);

    await panel.getByRole('button', { name: 'Unsubscribe' }).click();
    const done = panel.getByRole('region', { name: 'You are unsubscribed' });
    await done.waitFor();
    await done.getByText(`${masked(email)} gets no more newsletters`, { exact: false }).waitFor();
    await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await memberState('newsletter', email)).toBe('unsubscribed');

    // Subscribing again only mails a confirmation link: the link may be in a forwarded mail.
    await done.getByRole('button', { name: 'Subscribe again' }).click();
    const again = panel.getByRole('region', { name: 'Check your inbox' });
    await again.waitFor();
    await again
      .getByText(`We sent a confirmation link to ${masked(email)}.`, { exact: false })
      .waitFor();
    expect(await memberState('newsletter', email)).toBe('pending');

    // The token left the address bar, so it stays out of history and shared URLs.
    expect(new URL(page.url()).search).toBe('');
    // The same link again asks again; nothing happens on its own.
    await page.goto(link);
    await panel.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect(await memberState('newsletter', email)).toBe('pending');
  },
);

test('the confirmation link of the sign-up mail confirms with one button press', async () => {
  const email = `joiner${unique()}@example.com`;
  const signUp = await call(site.server, 'POST', '/api/auth/register', {
    body: {
      email,
      username: `joiner${unique()}`.slice(0, 20),
      password: 'amber-otter-canyon-7',
      avatar: 1,
      subscribedToNewsletter: true,
      currentUTCTime: new Date().toUTCString(),
    },
    headers: fromAddress(nextAddress()),
  });
  expect(signUp.status).toBe(201);
  const mail = await site.sink.waitFor(
    (m) => m.to === email && m.subject.startsWith('Confirm your subscription'),
  );
  const link = pageLink(mail, 'newsletter', 'confirm-token');

  const { page } = await site.newTab({ width: VIEWPORTS.desktop.width });
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor();
  // The tab says so too, not the route's "Newsletter unsubscribe".
  await expect.poll(() => page.title()).toMatch(/^Confirm your subscription · /);
  const panel = card(page);
  await panel
    .getByText(`Press the button to start getting the newsletter at ${masked(email)}.`)
    .waitFor();
  expect(await memberState('newsletter', email)).toBe('pending');
  await panel.getByRole('button', { name: 'Confirm subscription' }).click();
  await panel.getByRole('region', { name: 'You are subscribed' }).waitFor();
  expect(await memberState('newsletter', email)).toBe('subscribed');
});

test.each(WIDTHS)(
  'at %i px a link that is not valid says so and sends a new confirmation link',
  async (width) => {
    const { page } = await site.open(`${paths.pitchesUnsubscribe}?token=not-a-real-token`, {
      width,
      // Chromium logs the 404 answer of the lookup itself.
      expectErrors: /status of 404/,
    });
    const panel = card(page);
    await panel.getByRole('alert').getByText('This link is not valid.').waitFor();
    await panel.getByText('Nothing was changed.', { exact: false }).waitFor();

    const form = panel.getByRole('region', { name: 'Subscribe again' });
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('Email is missing.').waitFor();
    const field = form.getByLabel('Email');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    const email = `back${unique()}@example.com`;
    await field.fill(email);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await panel.getByRole('region', { name: 'Check your inbox' }).waitFor();
    const mail = await site.sink.waitFor((m) => m.to === email);
    expect(mail.subject).toBe('Confirm emails about new work from Alex Lindqvist');
    pageLink(mail, 'pitches', 'confirm-token');
  },
);

test('the Lokala jobb page is in Swedish: confirm, unsubscribe, subscribe again and a link that is not valid', async () => {
  const email = `bageri${unique()}@example.com`;
  const confirm = await confirmationLink('lokalaJobb', email);
  const { page } = await site.newTab({ width: VIEWPORTS.mobile.width });
  await page.goto(confirm);
  const main = page.locator('main');
  await page.getByRole('heading', { level: 1, name: 'Bekräfta din prenumeration' }).waitFor();
  expect(await main.getAttribute('lang')).toBe('sv');
  await main.getByRole('button', { name: 'Bekräfta prenumerationen' }).click();
  await main.getByRole('region', { name: 'Nu prenumererar du' }).waitFor();
  expect(await memberState('lokalaJobb', email)).toBe('subscribed');

  const link = await newsletterLink('lokalaJobb', email);
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Avregistrera e-post' }).waitFor();
  await main.getByText(`E-posten går till ${masked(email)}.`, { exact: false }).waitFor();
  await main.getByRole('button', { name: 'Avregistrera' }).click();
  await main.getByRole('region', { name: 'Du är avregistrerad' }).waitFor();
  expect(await memberState('lokalaJobb', email)).toBe('unsubscribed');
  // Subscribing again mails a new confirmation link, in Swedish too.
  await main.getByRole('button', { name: 'Prenumerera igen' }).click();
  await main.getByRole('region', { name: 'Titta i din inkorg' }).waitFor();
  expect(await memberState('lokalaJobb', email)).toBe('pending');

  const other = await site.open(`${paths.lokalaJobbUnsubscribe}?token=trasig`, {
    width: VIEWPORTS.mobile.width,
    expectErrors: /status of 404/,
  });
  await other.page.getByText('Den här länken är inte giltig.').waitFor();
  await other.page.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await other.page.getByText('E-post saknas.').waitFor();
});

test('a link of another list opens that list’s own page', async () => {
  const email = `mover${unique()}@example.com`;
  await confirmedMember('newsletter', email);
  const link = new URL(await newsletterLink('newsletter', email));
  const { page } = await site.open(`${paths.lokalaJobbUnsubscribe}${link.search}`, {
    width: VIEWPORTS.desktop.width,
  });
  await card(page).getByRole('button', { name: 'Unsubscribe' }).waitFor();
  expect(new URL(page.url()).pathname).toBe(paths.newsletterUnsubscribe);
  // The token travelled along and then left the address bar.
  expect(new URL(page.url()).search).toBe('');
  expect(await memberState('newsletter', email)).toBe('subscribed');
});

test('the owner’s Mail section checks the text, previews it, sends it and shows progress reaching 100%', async () => {
  const readers = [`one${unique()}@example.com`, `two${unique()}@example.com`];
  for (const email of readers) await confirmedMember('newsletter', email);
  const cookie = await owner();
  const counts = await call(site.server, 'GET', '/api/admin/mail-lists', { cookie });
  const confirmed = (counts.json as { lists: { list: string; subscribed: number }[] }).lists.find(
    (l) => l.list === 'newsletter',
  )?.subscribed;
  expect(confirmed).toBeGreaterThanOrEqual(2);

  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.desktop.width });
  const mail = page.getByRole('region', { name: 'Mail' });
  const table = mail.getByRole('table', { name: 'Members of each list' });
  await table.waitFor();
  expect(await table.getByRole('row', { name: /Newsletter/ }).innerText()).toContain(
    String(confirmed),
  );

  const form = mail.getByRole('form', { name: 'New newsletter' });
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByText('Subject is missing.').waitFor();

  const subject = `Spring <notes> ${unique()}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Text').fill('First paragraph.\n\n<b>Second</b> paragraph.');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = mail.getByRole('region', { name: 'Preview' });
  await preview.getByText(`${confirmed} confirmed members of Newsletter`).waitFor();
  await preview.getByText('<b>Second</b> paragraph.').waitFor();
  await preview.getByRole('button', { name: `Send to ${confirmed} members` }).click();
  await preview.getByRole('button', { name: `Yes, send to ${confirmed} people` }).click();

  await form.getByText(`Queued for ${confirmed} members.`, { exact: false }).waitFor();
  const item = mail.locator('.newsletter-item').filter({ hasText: subject });
  const bar = item.getByRole('progressbar', { name: `Progress of “${subject}”` });
  await expect.poll(() => bar.getAttribute('value'), { timeout: 20_000 }).toBe('100');
  await item.getByText(`${confirmed} of ${confirmed} sent · done · 0 unsubscribes since`).waitFor();
  for (const email of readers) {
    const received = await site.sink.waitFor((m) => m.to === email && m.subject === subject);
    expect(received.html).toContain('&lt;b&gt;Second&lt;/b&gt; paragraph.');
  }
});

test.each(COMBINATIONS)(
  'the list pages and the Mail section have no axe violations at $width px ($theme)',
  async ({ width, theme }) => {
    const email = `axe${unique()}@example.com`;
    await confirmedMember('newsletter', email);
    const link = await newsletterLink('newsletter', email);

    const { page } = await site.newTab({ width, theme });
    await page.goto(link);
    const panel = card(page);
    await panel.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect.soft(await axeViolations(page), 'unsubscribe question').toEqual([]);
    await panel.getByRole('button', { name: 'Unsubscribe' }).click();
    await panel.getByRole('button', { name: 'Subscribe again' }).waitFor();
    expect.soft(await axeViolations(page), 'unsubscribed').toEqual([]);

    const invalid = await site.open(`${paths.newsletterUnsubscribe}?token=broken`, {
      width,
      theme,
      expectErrors: /status of 404/,
    });
    await invalid.page.getByRole('button', { name: 'Send confirmation link' }).click();
    await invalid.page.getByText('Email is missing.').waitFor();
    expect.soft(await axeViolations(invalid.page), 'invalid link, field error').toEqual([]);

    const swedish = await site.open(paths.lokalaJobbUnsubscribe, { width, theme });
    await swedish.page.getByRole('button', { name: 'Skicka bekräftelselänk' }).waitFor();
    expect.soft(await axeViolations(swedish.page), 'Lokala jobb, no link').toEqual([]);

    const confirm = await confirmationLink('pitches', `axe-pitch${unique()}@example.com`);
    await page.goto(confirm);
    await panel.getByRole('button', { name: 'Confirm subscription' }).waitFor();
    expect.soft(await axeViolations(page), 'confirm question').toEqual([]);

    const admin = await createUser(site.server, { adminRank: 10 });
    const desk = await site.openAs(admin, `${paths.admin}#mail`, { width, theme });
    const mail = desk.page.getByRole('region', { name: 'Mail' });
    await mail.getByRole('table', { name: 'Members of each list' }).waitFor();
    await mail.locator('.newsletter-item').first().waitFor();
    await mail.getByLabel('Subject').fill('A look at the preview');
    await mail.getByLabel('Text').fill('Hello.');
    await mail.getByRole('button', { name: 'Preview' }).click();
    await mail.getByRole('region', { name: 'Preview' }).waitFor();
    expect.soft(await axeViolations(desk.page), 'Mail section with a preview').toEqual([]);
  },
);
