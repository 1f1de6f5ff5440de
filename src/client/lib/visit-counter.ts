/**
 * Visit counting (docs/product/visits.md#counting-rules): the first visit to a page in a browser session
 * adds one to its count, unless the tab is hidden (it counts once it becomes visible, if still on
 * that page) or the page is already in the session record. A browser whose owner switched counting
 * off (`blockSessions`) sends the visit marked `optOut`, so the desk can say how many it left out.
 * Each visit carries where this tab's visitor came from (docs/product/visits.md#visit-sources): the page
 * that sent them and the address's `utm_source`, read once when the site loaded; the server keeps
 * only the host or the name. Errors are swallowed.
 */
import { useEffect } from 'react';
import { useLocation } from './navigation/router';
import { isPageKey, pageKeyFromPath } from '#shared/page-keys';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { api } from './api';
import { readStored, type SessionsRecord } from './storage';

export interface VisitState {
  visibility: DocumentVisibilityState;
  sessions: SessionsRecord;
}

export function shouldCountVisit(pageKey: string, state: VisitState): boolean {
  return state.visibility !== 'hidden' && !(pageKey in state.sessions);
}

/** Where this tab's visitor came from: another site's page, and the address's campaign name. */
export function landingSource(
  referrer: string,
  href: string,
): { referrer?: string; utmSource?: string } {
  const landing = new URL(href);
  const from = referrer && new URL(referrer, href).origin !== landing.origin ? referrer : undefined;
  const utmSource = landing.searchParams.get('utm_source') ?? undefined;
  return { ...(from ? { referrer: from } : {}), ...(utmSource ? { utmSource } : {}) };
}

/** Read at the first count, as the site loads: navigations inside the site keep it. */
let landing: ReturnType<typeof landingSource> | null = null;

// docs/product/visits.md#counting-rules says "browser session", so the `sessions` record lives in
// sessionStorage, not localStorage: a new tab or a restarted browser counts again.
function readSessions(): SessionsRecord {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.sessions) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as SessionsRecord) : {};
  } catch {
    return {};
  }
}

export function sessionsBlocked(): boolean {
  const fallback = { bools: { experimental: false, devCard: false, blockSessions: false } };
  const { bools } = readStored('appSettings', fallback) as { bools?: { blockSessions?: unknown } };
  return bools?.blockSessions === true;
}

/** Keys being sent right now, so a quick return to a page (or a doubled effect) sends one count. */
const sending = new Set<string>();

function countVisit(pageKey: string): void {
  const state: VisitState = {
    visibility: document.visibilityState,
    sessions: readSessions(),
  };
  if (!isPageKey(pageKey) || sending.has(pageKey) || !shouldCountVisit(pageKey, state)) return;
  sending.add(pageKey);
  landing ??= landingSource(document.referrer, location.href);
  const body = { page: pageKey, ...landing, ...(sessionsBlocked() ? { optOut: true } : {}) };
  api('/api/visits', { method: 'POST', body })
    .then(() => {
      // Recorded only once counted, so a failed count is tried again on the next visit.
      const sessions = { ...readSessions(), [pageKey]: { startedAt: new Date().toISOString() } };
      sessionStorage.setItem(STORAGE_KEYS.sessions, JSON.stringify(sessions));
    })
    .catch(() => undefined)
    .finally(() => sending.delete(pageKey));
}

/** Mounted once in the shell: counts the page of each route change. */
export function VisitCounter(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    const pageKey = pageKeyFromPath(pathname);
    const onVisibility = () => countVisit(pageKey);
    countVisit(pageKey);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [pathname]);
  return null;
}
