/**
 * Accounts for API tests: a factory that inserts users straight into storage with a precomputed hash
 * of a known password (one scrypt per test run, tests/support/run-setup.ts, instead of one per
 * user), a login helper that opens a session the way the server does, and a small fetch wrapper
 * that carries the cookie.
 *
 *   const ada = await createUser(server, { adminRank: 10 });
 *   const cookie = await loginAs(server, ada);
 *   const res = await call(server, 'GET', '/api/me', { cookie });
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_RANK_ABOVE } from '#shared/account-schemas';
import { insertSession } from '#server/features/accounts/sessions.repository';
import { loadMfaKey, seal } from '#server/features/mfa/mfa-key';
import { savePendingMfa } from '#server/features/mfa/mfa.repository';
import { hashPassword } from '#server/features/accounts/passwords';
import { issueToken } from '#server/features/accounts/tokens';
import { insertUser } from '#server/features/accounts/users.repository';
import type { User } from '#server/db/schema';
import { sessionCookieName } from '#server/features/accounts/session.plugin';
import { knownPasswordHashOfRun } from './run-shared';
import type { TestServer } from './server';

/** The factory's users all have this password (long enough, not on the common list). */
export const KNOWN_PASSWORD = 'violet-harbour-42-lantern';

let knownHash: Promise<string> | undefined;
export function knownPasswordHash(): Promise<string> {
  const shared = knownPasswordHashOfRun();
  knownHash ??= shared ? Promise.resolve(shared) : hashPassword(KNOWN_PASSWORD);
  return knownHash;
}

let sequence = 0;
/** A unique suffix per call and process, so parallel files and repeated runs never collide. */
export function unique(): string {
  sequence += 1;
  return `${sequence}${randomBytes(3).toString('hex')}`;
}

export interface UserOverrides {
  email?: string;
  username?: string;
  avatar?: number;
  subscribedToNewsletter?: boolean;
  adminRank?: number;
  earlyUser?: boolean;
  emailVerified?: boolean;
  bio?: string;
  passwordHash?: string;
}

export interface TestUser extends User {
  password: string;
}

export async function createUser(
  server: Pick<TestServer, 'app'>,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const id = unique();
  const db = server.app.db;
  const user = await insertUser(db, {
    email: overrides.email ?? `user${id}@example.com`,
    username: overrides.username ?? `user${id}`,
    passwordHash: overrides.passwordHash ?? (await knownPasswordHash()),
    avatar: overrides.avatar ?? 2,
    subscribedToNewsletter: overrides.subscribedToNewsletter ?? false,
  });
  const extra: Partial<Pick<User, 'admin_rank' | 'early_user' | 'email_verified' | 'bio'>> = {};
  if (overrides.adminRank !== undefined) extra.admin_rank = overrides.adminRank;
  if (overrides.earlyUser !== undefined) extra.early_user = overrides.earlyUser ? 1 : 0;
  if (overrides.emailVerified !== undefined) extra.email_verified = overrides.emailVerified ? 1 : 0;
  if (overrides.bio !== undefined) extra.bio = overrides.bio;
  const row =
    Object.keys(extra).length > 0
      ? await db
          .updateTable('users')
          .set(extra)
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : user;
  return { ...row, password: KNOWN_PASSWORD };
}

/** The authenticator secret of every admin the factory enrols: tests compute codes from it. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Sets up the admin's authenticator in storage with TEST_TOTP_SECRET, as a confirmed enrolment. */
export async function enrolMfa(server: TestServer, user: Pick<User, 'id'>): Promise<void> {
  const db = server.app.db;
  await savePendingMfa(db, user.id, seal(loadMfaKey(server.config), TEST_TOTP_SECRET));
  await db
    .updateTable('admin_mfa')
    .set({ confirmed_at: new Date().toISOString() })
    .where('user_id', '=', user.id)
    .execute();
}

export interface LoginOptions {
  /**
   * For an admin (adminRank above 9): `verified` (the default) enrols the authenticator if needed
   * and opens the session as if a code was just entered; `none` opens it without a code.
   */
  mfa?: 'verified' | 'none';
}

/** Opens a session for the user directly in storage; returns the Cookie header value. */
export async function loginAs(
  server: TestServer,
  user: Pick<User, 'id'> & Partial<Pick<User, 'admin_rank'>>,
  { mfa = 'verified' }: LoginOptions = {},
): Promise<string> {
  const { token, hash } = issueToken();
  const db = server.app.db;
  await insertSession(db, hash, user.id);
  if ((user.admin_rank ?? 0) > ADMIN_RANK_ABOVE && mfa === 'verified') {
    const enrolled = await db
      .selectFrom('admin_mfa')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!enrolled) await enrolMfa(server, user);
    await db
      .updateTable('sessions')
      .set({ mfa_verified_at: new Date().toISOString() })
      .where('token_hash', '=', hash)
      .execute();
  }
  return `${sessionCookieName(server.config)}=${token}`;
}

export interface CallOptions {
  body?: unknown;
  /** A raw body (sent as is with content-type application/json). */
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when there is none. */
  json: unknown;
  /** The session cookie's value set by this answer: a token, '' when cleared, undefined if untouched. */
  sessionCookie: string | undefined;
  /** The Set-Cookie lines. */
  setCookies: string[];
}

export function sessionCookieOf(setCookies: string[], name: string): string | undefined {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/** fetch against the test server, as a same-origin browser would send it (Sec-Fetch-Site). */
export async function call(
  server: TestServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
  }
  const setCookies = response.headers.getSetCookie();
  return {
    status: response.status,
    headers: response.headers,
    json,
    sessionCookie: sessionCookieOf(setCookies, sessionCookieName(server.config)),
    setCookies,
  };
}

/** Logs in through the API; returns the Cookie header value for the new session. */
export async function login(
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const result = await call(server, 'POST', '/api/auth/login', {
    body: { email, password },
    headers,
  });
  if (result.status !== 200 || !result.sessionCookie)
    throw new Error(`login failed: ${result.status} ${JSON.stringify(result.json)}`);
  return `${sessionCookieName(server.config)}=${result.sessionCookie}`;
}

/** A sign-up payload that passes every rule; override what the test is about. */
export function signUpPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = unique();
  return {
    email: `new${id}@example.com`,
    username: `new${id}`,
    password: 'amber-otter-canyon-7',
    avatar: 1,
    subscribedToNewsletter: false,
    currentUTCTime: new Date().toUTCString(),
    ...overrides,
  };
}

/** A distinct client address per test (servers started with TRUST_PROXY=true honour it). */
export function fromAddress(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

let addressSequence = 0;
export function nextAddress(): string {
  addressSequence += 1;
  return `198.51.100.${addressSequence % 250}`;
}
