/**
 * Embedded-app mode switch: `?embedded=1` turns it on and `?embedded=0` turns it off; the choice is
 * kept in sessionStorage (EMBEDDED_SESSION_KEY = 'true') so it lasts for the browser session, and
 * /theme-init.js reads the same key before first paint.
 */
import { EMBEDDED_SESSION_KEY } from '#shared/storage-keys';

export const EMBEDDED_QUERY_PARAM = 'embedded';

/** true for `?embedded=1`, false for `?embedded=0`, null when the query says nothing. */
export function embeddedFromSearch(search: string): boolean | null {
  const value = new URLSearchParams(search).get(EMBEDDED_QUERY_PARAM);
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

/** The search string without the switch, e.g. to leave embedded mode without it coming back on reload. */
export function searchWithoutEmbedded(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EMBEDDED_QUERY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function readEmbeddedSession(): boolean {
  try {
    return sessionStorage.getItem(EMBEDDED_SESSION_KEY) === 'true';
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();
/** Where storage is blocked, the mode lasts for this page view only. */
let unstored: boolean | null = null;

export function subscribeToEmbedded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isEmbedded(): boolean {
  return unstored ?? readEmbeddedSession();
}

/** Turns the mode on or off for the session, with <html data-embedded> for the CSS. */
export function setEmbedded(embedded: boolean): void {
  try {
    if (embedded) sessionStorage.setItem(EMBEDDED_SESSION_KEY, 'true');
    else sessionStorage.removeItem(EMBEDDED_SESSION_KEY);
  } catch {
    unstored = embedded;
  }
  if (embedded) document.documentElement.setAttribute('data-embedded', 'true');
  else document.documentElement.removeAttribute('data-embedded');
  for (const listener of listeners) listener();
}
