/**
 * The desk's second part in real Chromium against the real server (docs/product/desk.md#desk-sections):
 * a message scheduled from the desk is listed with its start and end and can be cancelled; a test
 * newsletter arrives at the owner's own address through the SMTP sink, the draft outlives a reload,
 * and sending asks first with the number of people it goes to; the owner chooses
 * notification mails on the account page and hears of a trial request; the audit log reads in
 * words; one's own account offers no action the server refuses, and its sessions name their
 * device. Each at 400 and 1280 px in both themes where it is looked at, axe clean.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FORM_DEFINITIONS } from '#shared/submission-forms';
import { toSubmissionPayload } from '#shared/submission-schemas';
import { paths } from '#shared/paths';
import { mailListSecret } from '#server/features/mail-lists/list-tokens';
import { markPending, setMemberState } from '#server/features/mail-lists/members.repository';
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
import { formatDay } from '../../../src/client/lib/date-format';

const site = useAccountsSite();

function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/** 'YYYY-MM-DD' and "HH:MM" of a time in this process's (and the browser's) time zone. */
function local(at: Date): { day: string; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

test('a message scheduled on the desk is listed with its start and end, and cancelled before it shows', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.mobile.width });
  const assistant = region(page, 'Assistant message');
  await assistant.getByLabel('Message', { exact: true }).fill('Live stream tomorrow at eight');
  await assistant.getByRole('checkbox', { name: 'Music music', exact: true }).check();
  await assistant.getByRole('radio', { name: 'From a start I pick' }).check();
  const start = local(new Date(Date.now() + 2 * 86_400_000));
  const end = local(new Date(Date.now() + 2 * 86_400_000 + 2 * 3_600_000));
  await assistant.getByLabel('Starts on').fill(formatDay(start.day));
  await assistant.locator('[data-schedule="startsAt"]').getByLabel('at').fill('soon');
  await assistant.getByRole('button', { name: 'Schedule message' }).click();
  await assistant.getByText('Write a time like 14:30.').waitFor();
  await assistant.locator('[data-schedule="startsAt"]').getByLabel('at').fill(start.time);
  await assistant.getByLabel('Ends on').fill(formatDay(end.day));
  await assistant.locator('[data-schedule="endsAt"]').getByLabel('at').fill(end.time);
  await assistant.getByRole('button', { name: 'Schedule message' }).click();
  await assistant.getByText(/^Scheduled\. It shows from /).waitFor();

  const item = assistant.locator('.scheduled-item').filter({ hasText: 'Live stream tomorrow' });
  await item.waitFor();
  expect(await item.innerText()).toContain(`${formatDay(start.day)}, ${start.time}`);
  expect(await item.innerText()).toContain(`until ${formatDay(end.day)}, ${end.time}`);
  // Not shown yet: the current message is still none.
  await assistant.getByText('No message is live.', { exact: false }).waitFor();

  await item.getByRole('button', { name: 'Cancel', exact: true }).click();
  await item.getByRole('button', { name: 'Cancel it for good' }).click();
  await assistant.getByText('Nothing scheduled.', { exact: false }).waitFor();
  const rows = await site.server.app.db
    .selectFrom('assistant_messages')
    .select(['text', 'cleared_at'])
    .where('text', '=', 'Live stream tomorrow at eight')
    .execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.cleared_at).not.toBeNull();
});

test('a test newsletter goes to the owner’s own address first; the draft is kept; sending asks with the count', async () => {
  const { member } = await markPending(
    site.server.app.db,
    await mailListSecret(site.server.app.db),
    {
      list: 'newsletter',
      email: `reader${unique()}@example.com`,
      userId: null,
    },
  );
  await setMemberState(site.server.app.db, member.id, 'subscribed');
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.desktop.width });
  const mail = region(page, 'Mail');
  const form = mail.getByRole('form', { name: 'New newsletter' });
  const subject = `Spring prints ${unique()}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Text').fill('Ten new prints are out.');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = mail.getByRole('region', { name: 'Preview' });
  await preview.getByRole('button', { name: 'Send a test to me' }).click();
  await preview.getByText(`A test is on its way to ${admin.email}.`, { exact: false }).waitFor();
  const received = await site.sink.waitFor((m) => m.subject === `[Test] ${subject}`);
  expect(received.to).toBe(admin.email);
  expect(received.text).toContain('Ten new prints are out.');
  await mail.getByRole('heading', { name: 'Past newsletters' }).waitFor();

  // The draft is kept across a reload.
  await page.reload();
  await form.getByLabel('Subject').waitFor();
  await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe(subject);
  expect(await form.getByLabel('Text').inputValue()).toBe('Ten new prints are out.');

  // Send asks first, saying how many people get it; Not yet sends nothing.
  await form.getByRole('button', { name: 'Preview' }).click();
  const send = preview.getByRole('button', { name: /^Send to \d+ members?$/ });
  const count = Number(/\d+/.exec(await send.innerText())![0]);
  expect(count).toBeGreaterThan(0);
  await send.click();
  const question = preview.getByRole('group', { name: /now\? It goes out at once/ });
  expect(await question.innerText()).toContain(
    `Send “${subject}” to the ${count === 1 ? '1 person' : `${count} people`} on the Newsletter list now?`,
  );
  await question.getByRole('button', { name: 'Not yet' }).click();
  await question.waitFor({ state: 'detached' });
  const newsletters = () =>
    site.server.app.db
      .selectFrom('newsletters')
      .select('id')
      .where('subject', '=', subject)
      .execute();
  expect(await newsletters()).toHaveLength(0);
  await send.click();
  await question.getByRole('button', { name: /^Yes, send to / }).click();
  await form.getByText('Queued for', { exact: false }).waitFor();
  expect(await newsletters()).toHaveLength(1);
  // Sent, the draft is gone: a reload starts empty.
  await page.reload();
  await form.getByLabel('Subject').waitFor();
  expect(await form.getByLabel('Subject').inputValue()).toBe('');
});

test('on the account page the owner chooses mails at once and hears of a trial request', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const { page } = await site.openAs(admin, paths.account, { width: VIEWPORTS.mobile.width });
  const section = page.getByRole('region', { name: 'Owner notifications' });
  await section.getByRole('radio', { name: 'A mail at once for each' }).check();
  await section.getByText('Saved.').waitFor();

  const visitor = await createUser(site.server);
  const trader = `Trader_${unique()}`;
  const form = FORM_DEFINITIONS['products/indicators/portfolio/freeTrial'];
  const values: Record<string, string | boolean> = { tradingViewUsername: trader };
  for (const agreement of [...form.agreements, ...form.specialAgreements])
    values[agreement.name] = true;
  const sent = await call(site.server, 'POST', '/api/submissions', {
    body: toSubmissionPayload(form, values),
    cookie: await loginAs(site.server, visitor),
    headers: fromAddress(nextAddress()),
  });
  expect(sent.status).toBe(201);
  const notice = await site.sink.waitFor(
    (m) => m.to === admin.email && m.text.includes(`(TradingView: “${trader}”)`),
  );
  expect(notice.subject).toMatch(/^New free trial request for Portfolio/);

  // A session without the desk's code is sent there first.
  const fresh = await site.openAs(admin, paths.account, {
    width: VIEWPORTS.mobile.width,
    mfa: 'none',
    expectErrors: /status of 403/,
  });
  await fresh.page
    .getByRole('region', { name: 'Owner notifications' })
    .getByText('Enter your authenticator code on', { exact: false })
    .waitFor();
});

test('the audit log reads in words; one’s own account offers no disabling or deleting and names its device', async () => {
  const admin = await createUser(site.server, { adminRank: 10 });
  const target = await createUser(site.server);
  const cookie = await loginAs(site.server, admin);
  const disabled = await call(site.server, 'POST', `/api/admin/accounts/${target.id}/disable`, {
    cookie,
    body: { reason: 'Sends spam' },
  });
  expect(disabled.status).toBe(200);
  const { page } = await site.openAs(admin, paths.admin, { width: VIEWPORTS.desktop.width });
  const audit = region(page, 'Audit log');
  await audit
    .getByText(`${admin.email} disabled ${target.email} (“Sends spam”)`, { exact: true })
    .waitFor();
  expect(await audit.locator('.audit-entry__sentence').first().innerText()).not.toMatch(/[{}]/);

  await page.goto(`${site.url}${paths.admin}?account=${admin.id}#accounts`);
  const accounts = region(page, 'Accounts');
  await accounts.getByText('This is your own account.', { exact: false }).waitFor();
  expect(await accounts.getByRole('button', { name: 'Disable the account' }).count()).toBe(0);
  expect(await accounts.getByRole('button', { name: /^Delete / }).count()).toBe(0);
  expect(await accounts.getByRole('button', { name: 'Save rank' }).count()).toBe(0);
  const sessions = accounts.getByRole('list', { name: 'Sessions' });
  await sessions.getByText('· this browser', { exact: false }).waitFor();
});

test.each(
  [VIEWPORTS.mobile.width, VIEWPORTS.desktop.width].flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ width, theme })),
  ),
)(
  'the account page with the owner’s notifications has no axe violations at $width px ($theme)',
  async ({ width, theme }) => {
    const admin = await createUser(site.server, { adminRank: 10 });
    const { page } = await site.openAs(admin, paths.account, { width, theme });
    await page
      .getByRole('region', { name: 'Owner notifications' })
      .getByRole('radio', { name: 'No mails' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
  },
);
