/**
 * Ten single-use recovery codes, shown once and kept only as their SHA-256. Each is 24 base32
 * characters (120 bits): enough that an unsalted fast hash cannot be reversed by trying them all.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '#shared/admin-security-schemas';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `abcd-efgh-ijkl-mnop-qrst-uvwx`: six groups of four (256 is a multiple of 32: no bias). */
function newCode(): string {
  const chars = Array.from(randomBytes(24), (byte) => ALPHABET[byte % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
}

/** The hash of a code as typed or as issued (dashes, spaces and case do not matter). */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
