/**
 * The breached-password check (OWASP ASVS 2.1.7; NIST SP 800-63B §5.1.1.2): refuses passwords from a
 * bundled list of the most common leaked ones, compared without regard to case. The list is data, one
 * lower-case password per line, in common-passwords.txt beside this file.
 */
import { readFileSync } from 'node:fs';

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}
