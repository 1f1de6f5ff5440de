/**
 * Visit counting (docs/product.md#counting-rules): the first visit to a page in a browser session
 * adds one to its count, unless the tab is hidden (it counts once it becomes visible, if still on
 * that page), the page is already in the session record, or sessions are blocked by setting. Errors
 * are swallowed.
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
  blockSessions: boolean;
}

export function shouldCountVisit(pageKey: string, state: VisitState): boolean {
  return state.visibility !== 'hidden' && !(pageKey in state.sessions) && !state.blockSessions;
}

// docs/product.md#counting-rules says "browser session", so the `sessions` record lives in
// sessionStorage, not localStorage: a new tab or a restarted browser counts again.
function readSessions(): SessionsRecord {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.sessions) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as SessionsRecord) : {};
  } catch {
    return {};
  }
}

function sessionsBlocked(): boolean {
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
    blockSessions: sessionsBlocked(),
  };
  if (!isPageKey(pageKey) || sending.has(pageKey) || !shouldCountVisit(pageKey, state)) return;
  sending.add(pageKey);
  api('/api/visits', { method: 'POST', body: { page: pageKey } })
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
