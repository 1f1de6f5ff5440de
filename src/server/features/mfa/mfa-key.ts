/**
 * The key that seals admins' authenticator secrets at rest (AES-256-GCM): MFA_KEY from the
 * configuration, or else `mfa.key` in DATA_DIR, made on first start with mode 0600. Several instances
 * on one PostgreSQL database must share one key: set MFA_KEY on each (README, configuration).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '#server/config';

export const MFA_KEY_FILE = 'mfa.key';
const KEY_HEX = /^[0-9a-f]{64}$/;

export function loadMfaKey(config: Pick<Config, 'mfaKey' | 'dataDir'>): Buffer {
  if (config.mfaKey) return Buffer.from(config.mfaKey, 'hex');
  const path = join(config.dataDir, MFA_KEY_FILE);
  let hex: string;
  try {
    hex = readFileSync(path, 'utf8').trim().toLowerCase();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(config.dataDir, { recursive: true });
    hex = randomBytes(32).toString('hex');
    try {
      // 'wx': two processes starting at once never overwrite each other's key.
      writeFileSync(path, `${hex}\n`, { mode: 0o600, flag: 'wx' });
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      hex = readFileSync(path, 'utf8').trim().toLowerCase();
    }
  }
  if (!KEY_HEX.test(hex))
    throw new Error(`${MFA_KEY_FILE} in DATA_DIR is not a 64-character hex key`);
  return Buffer.from(hex, 'hex');
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url each. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
