/**
 * Authenticator codes (RFC 6238: SHA-1, 6 digits, 30-second steps) through the otpauth library.
 * A code is accepted one step either side of now, for clocks that drift; the step it matched is
 * returned so the caller can refuse that code, and older ones, from then on.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

/** The step the code belongs to (±1 step of now), or null when it matches none. */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code for a moment (tests and the command line's checks). */
export function totpCode(secret: string, at = Date.now()): string {
  return totp(secret).generate({ timestamp: at });
}
