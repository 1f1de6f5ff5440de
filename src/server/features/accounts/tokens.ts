/**
 * Secrets handed to a browser or a mailbox (session cookies, reset and verification links): 32 random
 * bytes, base64url. Only their SHA-256 is stored, so a copy of the database opens no account.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding are 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedToken {
  /** Goes to the browser or into the mail; never stored. */
  token: string;
  /** Stored and looked up. */
  hash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function issueToken(): IssuedToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Cheap shape check before any lookup: anything else cannot be one of ours. */
export function looksLikeToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
