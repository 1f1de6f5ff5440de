/**
 * A session's device in words ("Chrome 131 on Windows 10, desktop") from the User-Agent of the
 * request that signed in, parsed by bowser (a maintained parser), so the owner can tell an
 * account's sessions apart on the desk. Only these words are kept, never the header itself.
 */
import Bowser from 'bowser';

/** Longer User-Agents are cut before parsing: no browser sends one this long. */
const MAX_USER_AGENT = 512;

export function deviceLabel(userAgent: string | undefined): string | null {
  const ua = userAgent?.trim().slice(0, MAX_USER_AGENT);
  if (!ua) return null;
  const { browser, os, platform } = Bowser.parse(ua);
  const major = browser.version?.split('.')[0];
  const browserName = browser.name ? [browser.name, major].filter(Boolean).join(' ') : null;
  const osName = os.name ? [os.name, os.versionName ?? os.version].filter(Boolean).join(' ') : null;
  const device = platform.model ?? platform.type ?? null;
  const label = [browserName ?? 'Unknown browser', osName && `on ${osName}`]
    .filter(Boolean)
    .join(' ');
  return device ? `${label}, ${device}` : label;
}
