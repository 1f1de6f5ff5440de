/**
 * The links in list mails carry tokens that are never stored: base64url(member id) "." base64url of
 * an HMAC-SHA256 under a per-database secret (app_secrets, made on first use and shared by every
 * instance). The unsubscribe token signs "unsubscribe:<id>" and never changes; the confirmation token
 * signs "confirm:<id>:<nonce>", and a new confirmation mail stores a new nonce, so older confirmation
 * links stop working. A link is checked by recomputing its HMAC for the member id it names; the row
 * keeps only the unsubscribe token's SHA-256 (mail_list_members.unsubscribe_token), never the token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { readOrCreateSecret } from './list-secret.repository';

const MAC_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Member ids are UUIDs (randomUUID). */
const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TokenPurpose = 'unsubscribe' | 'confirm';

const secrets = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/**
 * The list links' key, read once per storage handle. Call it with the app's storage, before opening
 * a transaction (SQLite has one connection: a read beside an open transaction would wait forever).
 */
export function mailListSecret(db: Kysely<Database>): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = readOrCreateSecret(db);
    secrets.set(db, secret);
    // A failed read (storage down) is not remembered: the next call tries again.
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

function mac(secret: Buffer, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}

function signed(purpose: TokenPurpose, memberId: string, nonce?: string): string {
  return purpose === 'confirm' ? `confirm:${memberId}:${nonce ?? ''}` : `unsubscribe:${memberId}`;
}

export function unsubscribeToken(secret: Buffer, memberId: string): string {
  const id = Buffer.from(memberId, 'utf8').toString('base64url');
  return `${id}.${mac(secret, signed('unsubscribe', memberId)).toString('base64url')}`;
}

/** What a member's row keeps of its unsubscribe token: the token's SHA-256 in hex, never the token. */
export function unsubscribeTokenHash(secret: Buffer, memberId: string): string {
  return createHash('sha256').update(unsubscribeToken(secret, memberId)).digest('hex');
}

export function confirmToken(secret: Buffer, memberId: string, nonce: string): string {
  const id = Buffer.from(memberId, 'utf8').toString('base64url');
  return `${id}.${mac(secret, signed('confirm', memberId, nonce)).toString('base64url')}`;
}

export function newConfirmNonce(): string {
  return randomBytes(16).toString('base64url');
}

export interface ReadToken {
  memberId: string;
  mac: Buffer;
}

/**
 * The member id a token names and its MAC, or null when it cannot be one of ours. Both parts must be
 * the canonical base64url of what they decode to, so no two spellings of a token are accepted.
 */
export function readToken(token: string): ReadToken | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [idPart = '', macPart = ''] = parts;
  if (!BASE64URL.test(idPart) || !BASE64URL.test(macPart)) return null;
  const memberId = Buffer.from(idPart, 'base64url').toString('utf8');
  const tokenMac = Buffer.from(macPart, 'base64url');
  if (!MEMBER_ID.test(memberId) || tokenMac.length !== MAC_BYTES) return null;
  if (Buffer.from(memberId, 'utf8').toString('base64url') !== idPart) return null;
  if (tokenMac.toString('base64url') !== macPart) return null;
  return { memberId, mac: tokenMac };
}

/** True when the token's MAC is the one for this member (and nonce), compared in constant time. */
export function macMatches(
  secret: Buffer,
  token: ReadToken,
  purpose: TokenPurpose,
  nonce?: string | null,
): boolean {
  if (purpose === 'confirm' && !nonce) return false;
  const expected = mac(secret, signed(purpose, token.memberId, nonce ?? undefined));
  return timingSafeEqual(expected, token.mac);
}
