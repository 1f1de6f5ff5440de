/**
 * Sessions in the browser: an opaque token in an HttpOnly, SameSite=Lax cookie (`__Host-session` and
 * Secure when PUBLIC_URL is https), looked up once per request and only when a route asks. Routes use
 * getSessionUser (null when signed out), startSession after a log-in, endSession at log-out. The
 * plugin puts the lookup on every request as `request.session()`, which the guards
 * (plugins/guards.ts) and other domains build on without importing this file.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  deleteSession,
  findActiveSession,
  insertSession,
  isDueForSlide,
  SESSION_TTL_MS,
  slideSession,
} from './sessions.repository';
import { deviceLabel } from './device-label';
import { hashToken, issueToken, looksLikeToken } from './tokens';
import type { ActiveSession } from '#server/app-types';
import type { Config } from '#server/config';
import type { User } from '#server/db/schema';

export const SESSION_COOKIE = 'session';
/** The __Host- prefix makes the browser refuse the cookie unless Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-session';

export function sessionCookieName(config: Pick<Config, 'secureOrigin'>): string {
  return config.secureOrigin ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function cookieAttributes(config: Pick<Config, 'secureOrigin'>, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${config.secureOrigin ? '; Secure' : ''}`;
}

export function sessionCookie(config: Pick<Config, 'secureOrigin'>, token: string): string {
  return `${sessionCookieName(config)}=${token}; ${cookieAttributes(config, SESSION_TTL_MS / 1000)}`;
}

export function clearedSessionCookie(config: Pick<Config, 'secureOrigin'>): string {
  return `${sessionCookieName(config)}=; ${cookieAttributes(config, 0)}`;
}

/** The first value of the named cookie in a Cookie header (RFC 6265 §5.4 order), or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
    return value;
  }
  return null;
}

interface RequestSession {
  /** The cookie's token (needed to refresh the cookie), or null when there is none. */
  token: string | null;
  active: ActiveSession | null;
  /** What onSend adds: a refreshed cookie, a cleared one, or nothing. */
  cookie: 'refresh' | 'clear' | null;
}

/** One lookup per request, shared by every guard and handler that asks. */
const lookups = new WeakMap<FastifyRequest, Promise<RequestSession>>();

async function lookUp(request: FastifyRequest): Promise<RequestSession> {
  const { config, db } = request.server;
  const token = readCookie(request.headers.cookie, sessionCookieName(config));
  if (token === null) return { token: null, active: null, cookie: null };
  const active = looksLikeToken(token) ? await findActiveSession(db, hashToken(token)) : null;
  // A cookie that opens nothing (expired, signed out elsewhere, forged) is removed from the browser.
  if (!active) return { token, active: null, cookie: 'clear' };
  if (isDueForSlide(active.session, active.user)) {
    const expiresAt = await slideSession(db, active.session.token_hash);
    return {
      token,
      active: { user: active.user, session: { ...active.session, expires_at: expiresAt } },
      cookie: 'refresh',
    };
  }
  return { token, active, cookie: null };
}

function requestSession(request: FastifyRequest): Promise<RequestSession> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in session with its user row, or null when signed out. */
export async function getSession(request: FastifyRequest): Promise<ActiveSession | null> {
  return (await requestSession(request)).active;
}

/** The signed-in user's row, or null when signed out. Never send the row itself: see user-info.ts. */
export async function getSessionUser(request: FastifyRequest): Promise<User | null> {
  return (await requestSession(request)).active?.user ?? null;
}

/** Signs the browser in as `userId` with a new token (a new one at every log-in). */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<void> {
  const { config, db } = request.server;
  const previous = await requestSession(request);
  if (previous.active) await deleteSession(db, previous.active.session.token_hash);
  const { token, hash } = issueToken();
  const session = await insertSession(
    db,
    hash,
    user.id,
    new Date(),
    deviceLabel(request.headers['user-agent']),
  );
  lookups.set(request, Promise.resolve({ token, active: { session, user }, cookie: null }));
  reply.header('set-cookie', sessionCookie(config, token));
}

/** Signs the browser out: deletes the session row (if any) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db } = request.server;
  const current = await requestSession(request);
  if (current.active) await deleteSession(db, current.active.session.token_hash);
  lookups.set(request, Promise.resolve({ token: null, active: null, cookie: null }));
  reply.header('set-cookie', clearedSessionCookie(request.server.config));
}

/** Forgets the looked-up session after the account or its sessions were deleted by the handler. */
export function dropSession(request: FastifyRequest, reply: FastifyReply): void {
  lookups.set(request, Promise.resolve({ token: null, active: null, cookie: null }));
  reply.header('set-cookie', clearedSessionCookie(request.server.config));
}

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', function session(this: FastifyRequest) {
      return getSession(this);
    });
    app.addHook('onSend', async (request, reply) => {
      const lookup = lookups.get(request);
      if (!lookup) return;
      const { token, cookie } = await lookup.catch(() => ({ token: null, cookie: null }));
      if (cookie === 'refresh' && token)
        reply.header('set-cookie', sessionCookie(app.config, token));
      if (cookie === 'clear') reply.header('set-cookie', clearedSessionCookie(app.config));
    });
  },
  { name: 'session', dependencies: ['db'] },
);
