/**
 * Password hashing with scrypt at the OWASP Password Storage Cheat Sheet's parameters
 * (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt:
 * N=2^17, r=8, p=1), stored as `scrypt$N$r$p$salt$hash` (base64url) so the parameters can change
 * later without breaking old hashes. Each hash takes 128 MiB and a few hundred ms of one core, so at
 * most two run at once and the rest wait in line.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The parameters new hashes get and log-ins compare with: always SCRYPT_PARAMS in the app. Only the
 * test suite lowers them, for tests of other features (docs/decisions/2026-11-29-quick-hashing-in-tests.md).
 */
let current: ScryptParams = SCRYPT_PARAMS;
export const currentHashParams = (): ScryptParams => current;
export function setHashParamsForTests(params: ScryptParams): void {
  current = params;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** scrypt needs 128·N·r·p bytes; Node's default cap (32 MiB) is below that. */
const maxmemFor = (N: number, r: number, p: number) => 128 * N * r * p * 2;
/** Stored hashes are ours, but a corrupt row must not make one verify take gigabytes. */
const MAX_N = 2 ** 20;

export const MAX_CONCURRENT_HASHES = 2;

/** A tiny semaphore: at most `limit` tasks at once, the others in arrival order. */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, so `running` never dips below the true count.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const hashing = createLimiter(MAX_CONCURRENT_HASHES);

function deriveKey(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = current;
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_N || !Number.isInteger(r) || r < 1 || r > 32) return null;
  if (!Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await deriveKey(password, salt, key.length, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r, p),
  });
  return timingSafeEqual(candidate, key);
}

/** True when a stored hash was made with other parameters than today's (rehash at the next log-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.N !== current.N ||
    parsed.r !== current.r ||
    parsed.p !== current.p ||
    parsed.key.length !== KEY_LENGTH
  );
}

/**
 * Log-in against a missing account derives a key from this salt at today's parameters, so "no such
 * account" costs the same one hash as "wrong password" and timing tells nothing.
 */
const DUMMY_SALT = Buffer.from('Z76R5IxwjtAkdr84zzwVGQ', 'base64url');

export async function verifyAgainstDummy(password: string): Promise<false> {
  const { N, r, p } = current;
  await deriveKey(password, DUMMY_SALT, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return false;
}
