/**
 * Ten single-use recovery codes, shown once and kept only as their SHA-256. Each is 24 base32
 * characters (120 bits): enough that an unsalted fast hash cannot be reversed by trying them all.
 * The command line's enrolment code is made and kept the same way, 16 characters (80 bits) long:
 * it works once, for 15 minutes, for one account, so it cannot be guessed in that time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '#shared/admin-security-schemas';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `abcd-efgh-…`: groups of four (256 is a multiple of 32: no bias). */
function newCode(length = 24): string {
  const chars = Array.from(randomBytes(length), (byte) => ALPHABET[byte % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => newCode());
}

/** `abcd-efgh-ijkl-mnop`, for set-rank and reset-mfa to print. */
export function newEnrolmentCode(): string {
  return newCode(16);
}

/** The hash of a code as typed or as issued (dashes, spaces and case do not matter). */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
