/**
 * The mail-list tests' harness (features/mail-lists): a server with PUBLIC_URL https, as in
 * production, and a real SMTP sink, so links and headers are checked as a reader would get them;
 * the owner's cookie; and the steps the tests share (sign-up with the newsletter box, confirming,
 * sending a newsletter and waiting for it, the one-click POST of RFC 8058).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import {
  call,
  createUser,
  fromAddress,
  loginAs,
  nextAddress,
  signUpPayload,
  type TestUser,
} from './accounts';
import { startTestServer, type TestServer } from './server';
import { linkIn, startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';

export const PUBLIC_URL = 'https://creator.example';
export const LINK_INVALID = 'This link is not valid.';
export const NEWSLETTER_CONFIRM_SUBJECT =
  "Confirm your subscription to the newsletter from Alex Lindqvist's site";

export interface Harness {
  server: TestServer;
  sink: SmtpSink;
  admin: TestUser;
  adminCookie: string;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const sink = await startSmtpSink();
  const server = await startTestServer({
    env: { SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: 'true', ...env },
  });
  const admin = await createUser(server, { adminRank: 10 });
  return { server, sink, admin, adminCookie: await loginAs(server, admin) };
}

export async function stopHarness(harness: Harness | undefined): Promise<void> {
  await harness?.server.close();
  await harness?.sink.close();
}

/**
 * Starts a harness for the enclosing describe (beforeAll, stopped in afterAll) and returns the
 * getter its tests call.
 */
export function useHarness(env: Record<string, string> = {}): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(env);
  });
  afterAll(() => stopHarness(harness));
  return () => {
    if (!harness) throw new Error('the harness starts in beforeAll');
    return harness;
  };
}

/** Calls from their own client address, so the per-address limits belong to one test each. */
export function callFrom(
  h: Harness,
  method: string,
  path: string,
  options: Parameters<typeof call>[3],
) {
  return call(h.server, method, path, {
    ...options,
    headers: { ...fromAddress(nextAddress()), ...options?.headers },
  });
}

export function tokenOf(link: string, param: string): string {
  const token = new URL(link).searchParams.get(param);
  if (!token) throw new Error(`no ${param} in ${link}`);
  return token;
}

export async function memberRow(h: Harness, list: string, email: string) {
  return h.server.app.db
    .selectFrom('mail_list_members')
    .selectAll()
    .where('list', '=', list)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function newsletterFlag(h: Harness, userId: string): Promise<number | undefined> {
  const row = await h.server.app.db
    .selectFrom('users')
    .select('subscribed_to_newsletter')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.subscribed_to_newsletter;
}

export async function confirmationMail(
  h: Harness,
  email: string,
  subject: string,
): Promise<ReceivedMail> {
  return h.sink.waitFor((m) => m.to === email && m.subject === subject);
}

/** Signs up with the newsletter box ticked and returns the account and its confirmation link. */
export async function signUpWithNewsletter(h: Harness) {
  const payload = signUpPayload({ subscribedToNewsletter: true });
  const res = await callFrom(h, 'POST', '/api/auth/register', { body: payload });
  expect(res.status).toBe(201);
  const email = String(payload.email);
  const mail = await confirmationMail(h, email, NEWSLETTER_CONFIRM_SUBJECT);
  const link = linkIn(mail, `${PUBLIC_URL}/newsletter-unsubscribe?confirm-token=`);
  const user = (res.json as { user: { uid: string } }).user;
  return { email, userId: user.uid, mail, confirmToken: tokenOf(link, 'confirm-token') };
}

/** A confirmed newsletter subscriber with an account. */
export async function confirmedSubscriber(h: Harness) {
  const signedUp = await signUpWithNewsletter(h);
  const res = await callFrom(h, 'POST', '/api/mail/confirm', {
    body: { token: signedUp.confirmToken },
  });
  expect(res.status).toBe(200);
  return signedUp;
}

export interface NewsletterProgress {
  id: string;
  recipients: number;
  sent: number;
  failed: number;
  queued: number;
}

export async function sendNewsletter(h: Harness, body: Record<string, unknown>) {
  return call(h.server, 'POST', '/api/admin/newsletters', { cookie: h.adminCookie, body });
}

export async function newsletters(h: Harness): Promise<NewsletterProgress[]> {
  const res = await call(h.server, 'GET', '/api/admin/newsletters', { cookie: h.adminCookie });
  expect(res.status).toBe(200);
  return (res.json as { newsletters: NewsletterProgress[] }).newsletters;
}

/** Waits until the mail queue has handed every mail of the newsletter to the sink. */
export async function newsletterDone(h: Harness, id: string): Promise<NewsletterProgress> {
  await expect
    .poll(async () => (await newsletters(h)).find((n) => n.id === id)?.queued, { timeout: 15_000 })
    .toBe(0);
  const done = (await newsletters(h)).find((n) => n.id === id);
  if (!done) throw new Error('newsletter missing');
  return done;
}

/** The one-click POST of RFC 8058 as a mail provider's server sends it: a form, no cookie, no browser headers. */
export async function oneClickPost(h: Harness, headerUrl: string): Promise<Response> {
  const url = new URL(headerUrl);
  return fetch(`${h.server.url}${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

export function listHeaders(mail: ReceivedMail): {
  unsubscribe?: { url?: string };
  'unsubscribe-post'?: { name?: string };
} {
  // mailparser gathers the List-* headers into one `list` object, keyed by what follows "List-".
  return (mail.headers.get('list') ?? {}) as ReturnType<typeof listHeaders>;
}
