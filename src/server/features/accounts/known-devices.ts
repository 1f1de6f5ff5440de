/**
 * Device cookies, as OWASP's "Slow down online guessing attacks with device cookies" describes
 * them: a browser that gave an account its right password (or its admin a right code) keeps a
 * random token in an HttpOnly cookie, and its later tries are counted apart from everyone else's,
 * so failures from elsewhere never hold the owner back. Only its SHA-256 is stored, with the
 * accounts it is known to. The server chooses every token: one the browser brings is kept only if
 * the account already knows it, so a cookie planted in someone's browser never becomes known to
 * their account (a browser used for two accounts is known to the last it proved itself to).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import {
  deviceKnown,
  deviceKnownToAccount,
  deviceKnownToEmail,
  saveDeviceProof,
  type DeviceProof,
} from './known-devices.repository';
import { readCookie } from './session.plugin';
import { hashToken, issueToken, looksLikeToken } from './tokens';

export type { DeviceProof };

export const DEVICE_COOKIE = 'device';
/** The __Host- prefix makes the browser refuse the cookie unless Secure, Path=/ and no Domain. */
export const SECURE_DEVICE_COOKIE = '__Host-device';
/** How long a browser stays known without proving itself again (browsers cap cookies at 400 days). */
export const DEVICE_KNOWN_MS = 400 * 24 * 60 * 60 * 1000;

function cookieName(config: Pick<Config, 'secureOrigin'>): string {
  return config.secureOrigin ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
}

function deviceCookie(config: Pick<Config, 'secureOrigin'>, token: string): string {
  const maxAge = DEVICE_KNOWN_MS / 1000;
  return `${cookieName(config)}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${config.secureOrigin ? '; Secure' : ''}`;
}

/** The device cookie's token, or null when the browser has none (or a forged one). */
function deviceToken(request: FastifyRequest): string | null {
  const token = readCookie(request.headers.cookie, cookieName(request.server.config));
  return token !== null && looksLikeToken(token) ? token : null;
}

/**
 * The browser's device key when it proved `proof` to the account before (stored as the hash, used
 * to count its tries apart), or null when it is unknown to the account.
 */
export async function knownDevice(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: string,
  proof: DeviceProof,
): Promise<string | null> {
  const token = deviceToken(request);
  if (!token) return null;
  const hash = hashToken(token);
  const since = new Date(Date.now() - DEVICE_KNOWN_MS);
  return (await deviceKnown(db, hash, userId, proof, since)) ? hash : null;
}

/**
 * Like knownDevice, for a request that names an account only by its email (a reset request): the
 * browser's device key and the account's id, or null.
 */
export async function knownDeviceForEmail(
  db: Kysely<Database>,
  request: FastifyRequest,
  email: string,
  proof: DeviceProof,
): Promise<{ device: string; userId: string } | null> {
  const token = deviceToken(request);
  if (!token) return null;
  const hash = hashToken(token);
  const since = new Date(Date.now() - DEVICE_KNOWN_MS);
  const userId = await deviceKnownToEmail(db, hash, email, proof, since);
  return userId === null ? null : { device: hash, userId };
}

/**
 * Marks this browser as known to the account for `proof` (or several at once: one cookie). It
 * keeps its device cookie when the account knows it already; otherwise it gets a fresh one
 * (docs/product/accounts.md#log-in-attempts).
 */
export async function rememberDevice(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  proof: DeviceProof | DeviceProof[],
): Promise<void> {
  const existing = deviceToken(request);
  const since = new Date(Date.now() - DEVICE_KNOWN_MS);
  const known =
    existing !== null && (await deviceKnownToAccount(db, hashToken(existing), userId, since));
  const token = known ? existing : issueToken().token;
  for (const each of Array.isArray(proof) ? proof : [proof])
    await saveDeviceProof(db, hashToken(token), userId, each);
  // Sent again each time, so a browser in use stays known for another 400 days. Fastify adds a
  // set-cookie header to those already set.
  reply.header('set-cookie', deviceCookie(request.server.config, token));
}
