/**
 * The generic forms in Chromium (docs/product/forms.md#form-behaviour): Contact, Support and Lokala jobb
 * (in Swedish) show only the first error under its field, send to the server with a loading state,
 * end in the completed state, and store exactly what was typed; no axe violations at 400 and
 * 1280 px in both themes.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import lokalaJobb from '#content/lokala-jobb.json';
import { axeViolations } from '#test-support/axe';
import { useAccountsSite } from '#test-support/accounts-site';

const site = useAccountsSite();

async function latestSubmission(type: string) {
  const row = await site.server.app.db
    .selectFrom('submissions')
    .selectAll()
    .where('type', '=', type)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? { ...row, payload: JSON.parse(row.payload) as Record<string, unknown> } : null;
}

async function shownErrors(page: Page): Promise<string[]> {
  return page.locator('main .field__error').allInnerTexts();
}

test('the contact form shows one error at a time, then sends and stores the message', async () => {
  const { page } = await site.open('/contact', { width: 1280 });
  const form = page.locator('main form');
  const send = form.getByRole('button', { name: 'Send message' });

  await send.click();
  await expect.poll(() => shownErrors(page)).toEqual(['Name is missing.']);
  expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
    .toBe('name');

  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email', { exact: true }).fill('ada.example.com');
  await send.click();
  await expect.poll(() => shownErrors(page)).toEqual(["Email is missing an '@' symbol."]);
  await form.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await form.getByLabel('Message').fill('<b>Hello</b> from the analytical engine.');
  await send.click();
  await expect
    .poll(() => shownErrors(page))
    .toEqual(['You must accept our Privacy policy to continue.']);

  await form.getByRole('checkbox', { name: /Privacy policy/ }).check();
  await form.getByRole('checkbox', { name: /new work/ }).check();
  await send.click();
  await page.getByText('Message sent').waitFor();
  const stored = await latestSubmission('contact');
  expect(stored?.payload).toMatchObject({
    submissionType: 'contact',
    inputs: [
      { name: 'name', value: 'Ada Lovelace' },
      { name: 'email', value: 'ada@example.com' },
      { name: 'subject', value: '' },
    ],
    textAreas: [{ name: 'message', value: '<b>Hello</b> from the analytical engine.' }],
    agreements: [{ name: 'Privacy policy', value: true }],
    preferences: [{ name: 'pitches', value: true }],
  });

  // "Send another" starts over with empty fields.
  await page.getByRole('button', { name: 'Send another' }).click();
  expect(await page.locator('main form').getByLabel('Name').inputValue()).toBe('');
});

test('a message longer than 30000 characters gets the maximum-length message and is not sent', async () => {
  const { page } = await site.open('/support', { width: 400 });
  const form = page.locator('main form');
  await form.getByLabel('Email', { exact: true }).fill('help@example.com');
  await form.getByLabel('What is it about?').fill('My account');
  await form.getByLabel('Description').fill('x'.repeat(30_001));
  await form.getByRole('checkbox', { name: /Privacy policy/ }).check();
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/submissions')) sent += 1;
  });
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect
    .poll(() => shownErrors(page))
    .toEqual(['Description has to be less than 30001 characters.']);
  expect(sent).toBe(0);
  // The counter says how far over it is.
  expect(await form.locator('.field__counter').innerText()).toBe('30,001 / 30,000');
});

test('the Lokala jobb enquiry speaks Swedish and is stored as jobs/lokalaJobb', async () => {
  const { page } = await site.open('/lokala-jobb', { width: 400 });
  const form = page.locator('main form');
  expect(await form.getAttribute('lang')).toBe('sv');
  // The page is Swedish; the site's English chrome says it is English, and the policy link says
  // it leads to an English page.
  expect(await page.locator('html').getAttribute('lang')).toBe('sv');
  for (const chrome of ['header.site-header', 'footer.site-footer'])
    expect(await page.locator(chrome).getAttribute('lang')).toBe('en');
  const policy = form.getByRole('link', { name: /^integritetspolicy/ });
  expect(await policy.getAttribute('hreflang')).toBe('en');
  expect(
    await form
      .getByRole('checkbox', { name: /integritetspolicy/ })
      .locator('xpath=..')
      .innerText(),
  ).toMatch(/integritetspolicy[^]*\(på engelska\)/);
  // The counter writes its numbers as Swedish does: a no-break space between thousands.
  expect(await form.locator('.field__counter').first().innerText()).toBe('0 / 30\u00a0000');
  await form.getByRole('button', { name: 'Skicka förfrågan' }).click();
  await expect.poll(() => shownErrors(page)).toEqual(['Företag saknas.']);
  await form.getByLabel('Företag', { exact: true }).fill('Bageriet i Byn AB');
  await form.getByLabel('Namn', { exact: true }).fill('Eva Svensson');
  await form.getByLabel('E-post', { exact: true }).fill('eva@bageriet.se');
  await form.getByLabel('Berätta om ert behov').fill('Vi behöver en ny hemsida med öppettider.');
  await form.getByRole('button', { name: 'Skicka förfrågan' }).click();
  await expect
    .poll(() => shownErrors(page))
    .toEqual(['Du måste godkänna vår integritetspolicy för att fortsätta.']);
  await form.getByRole('checkbox', { name: /integritetspolicy/ }).check();
  await form.getByRole('button', { name: 'Skicka förfrågan' }).click();
  await page.getByText('Tack för din förfrågan').waitFor();
  expect((await latestSubmission('jobs/lokalaJobb'))?.payload).toMatchObject({
    inputs: expect.arrayContaining([
      { name: 'company', required: true, value: 'Bageriet i Byn AB' },
    ]),
  });
});

test('Lokala jobb shows its packages and prices from content/, how a project runs, and leads to the form', async () => {
  const { page } = await site.open('/lokala-jobb', { width: 1280 });
  const main = page.getByRole('main');
  expect(await main.getAttribute('lang')).toBe('sv');
  const prices = main.getByRole('region', { name: 'Paket och priser' });
  const cards = prices
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  expect(await cards.count()).toBe(lokalaJobb.packages.length);
  for (const entry of lokalaJobb.packages) {
    const card = cards.filter({ has: page.getByRole('heading', { name: entry.name }) });
    expect(await card.innerText()).toContain(entry.price);
    for (const item of entry.includes) expect(await card.innerText()).toContain(item);
    expect(await card.getByText(lokalaJobb.featuredLabel).count()).toBe(entry.featured ? 1 : 0);
  }
  expect(await prices.innerText()).toContain(lokalaJobb.priceNote);
  const steps = main.getByRole('region', { name: 'Så går det till' }).getByRole('listitem');
  expect(await steps.count()).toBe(lokalaJobb.steps.length);
  const faq = main.getByRole('region', { name: 'Vanliga frågor' });
  await faq.getByText(lokalaJobb.questions[0]!.question).click();
  await faq.getByText(lokalaJobb.questions[0]!.answer).waitFor();

  await main.getByRole('link', { name: 'Be om en offert' }).click();
  await page.waitForURL(/#lokala-jobb-form-title$/);
  await expect
    .poll(() =>
      main.locator('form').evaluate((form) => form.getBoundingClientRect().top < innerHeight),
    )
    .toBe(true);
});

test('a failed send says "Something went wrong.." and keeps what was typed', async () => {
  const { page } = await site.open('/contact', {
    width: 1280,
    expectErrors: /status of 500|Failed to load resource/,
  });
  await page.route('**/api/submissions', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  const form = page.locator('main form');
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('checkbox', { name: /Privacy policy/ }).check();
  await form.getByRole('button', { name: 'Send message' }).click();
  await form.getByText('Something went wrong..', { exact: true }).waitFor();
  expect(await form.getByLabel('Message').inputValue()).toBe('Hello');
  expect(await form.getByRole('button', { name: 'Report this error' }).count()).toBe(1);
});

test.each([
  ['/contact', 'Send message'],
  ['/support', 'Send to support'],
  ['/lokala-jobb', 'Skicka förfrågan'],
] as const)(
  '%s has no axe violations at 400 and 1280 px in both themes, with an error shown',
  async (path, button) => {
    for (const width of [400, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        const { page } = await site.open(path, { width, theme });
        await page.locator('main form').getByRole('button', { name: button }).click();
        await page.locator('main .field__error').first().waitFor();
        expect(await axeViolations(page), `${path} ${width} ${theme}`).toEqual([]);
        await page.context().close();
      }
    }
  },
  90_000,
);
