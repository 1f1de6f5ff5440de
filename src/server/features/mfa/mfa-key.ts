/**
 * The key that seals admins' authenticator secrets at rest (AES-256-GCM): MFA_KEY from the
 * configuration, or else `mfa.key` in DATA_DIR, made on first start with mode 0600. Several instances
 * on one PostgreSQL database must share one key: set MFA_KEY on each (README, configuration).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '#server/config';
import { ConfigError } from '#server/config-error';
import { describeError } from '#server/describe-error';
import { makePrivateDir } from '#server/private-files';

export const MFA_KEY_FILE = 'mfa.key';
const KEY_HEX = /^[0-9a-f]{64}$/;

function readKeyFile(path: string): string {
  return readFileSync(path, 'utf8').trim().toLowerCase();
}

/**
 * The key, once per process. A key file that cannot be read, made or understood stops start-up
 * with one line naming it (a ConfigError, as a bad variable does), never with a stack.
 */
export function loadMfaKey(config: Pick<Config, 'mfaKey' | 'dataDir'>): Buffer {
  if (config.mfaKey) return Buffer.from(config.mfaKey, 'hex');
  const path = join(config.dataDir, MFA_KEY_FILE);
  let hex: string;
  try {
    try {
      hex = readKeyFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      makePrivateDir(config.dataDir);
      hex = randomBytes(32).toString('hex');
      try {
        // 'wx': two processes starting at once never overwrite each other's key.
        writeFileSync(path, `${hex}\n`, { mode: 0o600, flag: 'wx' });
      } catch (raced) {
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
        hex = readKeyFile(path);
      }
    }
  } catch (error) {
    throw new ConfigError(
      `Could not read or make ${MFA_KEY_FILE} in DATA_DIR: ${describeError(error)}`,
    );
  }
  // Its content is never echoed: it may be a real key with a typo.
  if (!KEY_HEX.test(hex))
    throw new ConfigError(
      `${MFA_KEY_FILE} in DATA_DIR is not a 64-character hex key: restore it from a backup, or set MFA_KEY`,
    );
  return Buffer.from(hex, 'hex');
}

/**
 * Start-up warnings about the key (one line each): on PostgreSQL without MFA_KEY every instance
 * makes a key file of its own, and none can read the authenticators another one set up.
 */
export function mfaKeyWarnings(config: Pick<Config, 'mfaKey' | 'databaseUrl'>): string[] {
  if (!config.databaseUrl || config.mfaKey) return [];
  return [
    `MFA_KEY is not set: with DATABASE_URL each instance makes its own ${MFA_KEY_FILE} in its DATA_DIR and cannot read the authenticators set up on another. Set the same MFA_KEY (64 hex characters) on every instance.`,
  ];
}

/** A sealed secret that this key cannot open: sealed under another key, or changed. */
export class UnreadableSecretError extends Error {
  override name = 'UnreadableSecretError';
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

/** The secret, or an UnreadableSecretError when this key did not seal it (or it was changed). */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new UnreadableSecretError('not a sealed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    // GCM's check failed: another key sealed it, or the stored text was altered.
    throw new UnreadableSecretError('sealed under another key, or altered');
  }
}
