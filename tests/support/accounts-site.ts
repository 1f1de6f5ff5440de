/**
 * Browser tests of the account flows (tests/e2e/accounts/): like useSite, the real server
 * on a loopback port with its own SQLite copy serving a copy of the production build, plus a real
 * SMTP sink the server mails through, and the server itself for the account factories
 * (createUser, loginAs). TRUST_PROXY is on and every tab sends its own X-Forwarded-For address, so
 * the real per-address rate limits apply per tab instead of to the whole file.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { COPY } from '#shared/copy';
import { sessionCookieName } from '#server/features/accounts/session.plugin';
import { loginAs, type LoginOptions, type TestUser } from './accounts';
import { collectPageErrors, launchBrowser, newContext, runBrowser } from './browser';
import { sharedBuiltClient, type BuiltClient } from './built-client';
import { startTestServer, type TestServer } from './server';
import {
  closeTabsExpectingNoErrors,
  gotoPage,
  type SiteTab,
  type TabOptions,
  type TrackedTab,
} from './site';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export interface AccountsSite {
  readonly url: string;
  readonly server: TestServer;
  readonly sink: SmtpSink;
  readonly browser: Browser;
  newTab(options: TabOptions): Promise<SiteTab>;
  /** A fresh tab showing `path` once its <main> is in place. */
  open(path: string, options: TabOptions): Promise<SiteTab>;
  /**
   * A fresh tab already logged in as `user` (a session made in storage), showing `path`;
   * `beforeGoto` sees the tab before it first navigates (to watch its requests from the start).
   */
  openAs(
    user: TestUser,
    path: string,
    options: TabOptions & Pick<LoginOptions, 'mfa'> & { beforeGoto?: (tab: SiteTab) => void },
  ): Promise<SiteTab>;
}

let addressCounter = 0;
function nextTabAddress(): string {
  addressCounter += 1;
  return `203.0.113.${(addressCounter % 250) + 1}`;
}

export interface AccountsSiteOptions {
  /** More server settings, made when the server starts (e.g. a throwaway PostgreSQL database). */
  env?: () => Promise<Record<string, string>>;
  /**
   * A host name such as `creator.test` that the browser resolves to the server's loopback address:
   * the tabs open `http://<hostName>:<port>` (also the server's PUBLIC_URL), a page on plain HTTP
   * that is not a secure context (no Web Locks, no Fetch Metadata headers), as a site reached by
   * its name or a LAN address is. The server itself is still called at 127.0.0.1.
   */
  hostName?: string;
  /** Runs once the server has closed (e.g. dropping that database). */
  afterClose?: () => Promise<void>;
}

export function useAccountsSite(options: AccountsSiteOptions = {}): AccountsSite {
  let server: TestServer | undefined;
  let sink: SmtpSink | undefined;
  let browser: Browser | undefined;
  let client: BuiltClient | undefined;
  const tabs: TrackedTab[] = [];

  beforeAll(async () => {
    client = await sharedBuiltClient();
    sink = await startSmtpSink();
    const env = (await options.env?.()) ?? {};
    [server, browser] = await Promise.all([
      startTestServer({
        publicHost: options.hostName,
        env: {
          CLIENT_DIR: client.dir,
          SERVE_CLIENT: 'true',
          SMTP_URL: sink.url,
          TRUST_PROXY: 'true',
          ...env,
        },
      }),
      // A host name needs a browser that resolves it: one of the file's own.
      options.hostName
        ? launchBrowser([`--host-resolver-rules=MAP ${options.hostName} 127.0.0.1`])
        : runBrowser(),
    ]);
  });

  afterEach(() => closeTabsExpectingNoErrors(tabs));

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await options.afterClose?.();
    await sink?.close();
    client?.release();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} starts in beforeAll`);
    return value;
  };

  const site: AccountsSite = {
    get url() {
      const started = need(server, 'the server');
      return options.hostName ? started.config.publicUrl : started.url;
    },
    get server() {
      return need(server, 'the server');
    },
    get sink() {
      return need(sink, 'the SMTP sink');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async newTab({ expectErrors = false, ...options }) {
      const context = await newContext(site.browser, options);
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTabAddress() });
      const page = await context.newPage();
      const tab = { context, page, errors: collectPageErrors(page), expectErrors };
      tabs.push(tab);
      return tab;
    },
    async open(path, options) {
      const tab = await site.newTab(options);
      await gotoPage(tab.page, `${site.url}${path}`);
      return tab;
    },
    async openAs(user, path, { beforeGoto, ...options }) {
      const tab = await site.newTab(options);
      beforeGoto?.(tab);
      const cookie = await loginAs(site.server, user, { mfa: options.mfa });
      const value = cookie.slice(cookie.indexOf('=') + 1);
      await tab.context.addCookies([
        {
          name: sessionCookieName(site.server.config),
          value,
          url: site.url,
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
      await gotoPage(tab.page, `${site.url}${path}`);
      return tab;
    },
  };
  return site;
}

/** Desktop (over 1040 px) shows the navigation panel inline; elsewhere it is a pop-up. */
export function isDesktop(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) > 1040;
}

/** The navigation panel, opening its pop-up first where it is not inline. */
export async function navigationPanel(page: Page): Promise<Locator> {
  if (isDesktop(page)) return page.getByRole('navigation', { name: 'Navigation' });
  if ((await page.getByRole('dialog', { name: 'Navigation' }).count()) === 0) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  return page.getByRole('dialog', { name: 'Navigation' }).getByRole('navigation');
}

/** Opens one of the panel's account pop-ups and waits for its form's first field. */
export async function openAccountPopup(
  page: Page,
  button: 'Sign Up' | 'Log in' | 'Edit avatar',
  dialogName: string,
): Promise<Locator> {
  const panel = await navigationPanel(page);
  await panel.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.locator('input').first().waitFor();
  return dialog;
}

export interface InvalidFieldState {
  count: number;
  /** The invalid control's accessible label text (its <label>). */
  label: string | null;
  message: string | null;
  focused: boolean;
  /** The control's border (text fields) or ring (checkboxes) is the danger colour. */
  red: boolean;
  /** Error lines shown in the dialog or form. */
  shownErrors: number;
}

/** What the form shows as invalid: only one control, its message, focus and colour. */
export async function invalidField(scope: Locator): Promise<InvalidFieldState> {
  return scope.evaluate(async (root) => {
    // Colours change through (reduced-motion, near-zero) transitions that settle on the next frame.
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
    const invalid = Array.from(root.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
    const control = invalid[0] ?? null;
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-danger)';
    root.append(probe);
    const danger = getComputedStyle(probe).color;
    probe.remove();
    let message: string | null = null;
    let red = false;
    let label: string | null = null;
    if (control) {
      const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      message =
        ids
          .map((id) => document.getElementById(id))
          .find((el) => el?.classList.contains('field__error'))
          ?.textContent?.trim() ?? null;
      const style = getComputedStyle(control);
      red = style.borderTopColor === danger || style.boxShadow.includes(danger);
      label = control.id
        ? (document.querySelector(`label[for="${control.id}"]`)?.textContent?.trim() ?? null)
        : null;
    }
    return {
      count: invalid.length,
      label,
      message,
      focused: control !== null && document.activeElement === control,
      red,
      shownErrors: root.querySelectorAll('.field__error').length,
    };
  });
}

/**
 * The error-report consent pop-up is open: its preview names `errorName`, Yes sends the report under
 * that name, the pop-up thanks the visitor and the report is stored for `userId`. Returns the pop-up.
 */
export async function sendConsentedReport(
  site: AccountsSite,
  page: Page,
  { errorName, userId }: { errorName: string; userId: string },
): Promise<Locator> {
  const report = page.getByRole('dialog', { name: COPY.errorReportTitle });
  const preview = report.getByRole('figure');
  await preview.waitFor();
  expect(await preview.locator('dd').first().innerText()).toBe(errorName);
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/errors'),
    report.getByRole('button', { name: 'Yes' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ errorName });
  await report.getByText('Thank you — the report was sent.').waitFor();
  const rows = await site.server.app.db
    .selectFrom('error_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  expect(rows).toMatchObject([{ error_name: errorName, page: 'about' }]);
  return report;
}
