/**
 * A new passkey's first name, after the device that made it, from the User-Agent of the request
 * (parsed by bowser): "Chrome on macOS", "Safari on iOS". The person may rename it; only these
 * words are kept, never the header.
 */
import Bowser from 'bowser';
import { PASSKEY_NAME_MAX_LENGTH } from '#shared/passkey-schemas';

/** Longer User-Agents are cut before parsing: no browser sends one this long. */
const MAX_USER_AGENT = 512;

export function passkeyName(userAgent: string | undefined): string {
  const ua = userAgent?.trim().slice(0, MAX_USER_AGENT);
  if (!ua) return 'Passkey';
  const { browser, os } = Bowser.parse(ua);
  const name = [browser.name, os.name && `on ${os.name}`].filter(Boolean).join(' ');
  return (name || 'Passkey').slice(0, PASSKEY_NAME_MAX_LENGTH);
}
