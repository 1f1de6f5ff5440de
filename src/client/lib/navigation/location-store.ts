/**
 * The location the app shows (docs/architecture.md#client-routing). A navigation (a link, a
 * search-param change, Back or Forward) changes the address at once, but the app goes on showing
 * the page it has until the next page's module has arrived (`prepare`), with `pending` set for the
 * progress bar; then the new location is committed and every subscriber renders it together, so
 * the header, the layout and the page never disagree. Scroll positions are kept per history entry:
 * a new page starts at the top (or at its #hash), Back and Forward return where the visitor was.
 * On the server (prerendering) the location is set once per page and never changes.
 */

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

type Prepare = (location: AppLocation) => Promise<void>;
/** A location the app answers with another one, in place (a redirect), or null. */
type Redirect = (location: AppLocation) => AppLocation | null;

interface Snapshot {
  location: AppLocation;
  pending: boolean;
}

const SCROLL_KEY = 'scroll-positions';

let snapshot: Snapshot = { location: { pathname: '/', search: '', hash: '' }, pending: false };
let prepare: Prepare = async () => {};
let redirect: Redirect = () => null;
let sequence = 0;
const listeners = new Set<() => void>();

function publish(next: Snapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function hrefOf({ pathname, search, hash }: AppLocation): string {
  return `${pathname}${search}${hash}`;
}

/** The address bar's location, after replacing it with where a redirect sends it. */
function browserLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  const here = { pathname, search, hash };
  const there = redirect(here);
  if (!there) return here;
  window.history.replaceState(window.history.state, '', hrefOf(there));
  return there;
}

/** Each history entry gets a key, so its scroll position can be found again. */
function entryKey(): string {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'key' in state && typeof state.key === 'string')
    return state.key;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...(state as object | null), key }, '');
  return key;
}

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function saveScroll() {
  try {
    sessionStorage.setItem(
      SCROLL_KEY,
      JSON.stringify({ ...readPositions(), [entryKey()]: window.scrollY }),
    );
  } catch {
    // Storage full or unavailable: Back starts at the top, nothing worse.
  }
}

function scrollAfter(previous: AppLocation, next: AppLocation, restore: boolean) {
  if (restore) {
    const top = readPositions()[entryKey()];
    if (top !== undefined) {
      window.scrollTo(0, top);
      return;
    }
  }
  if (next.hash) {
    const target = document.getElementById(decodeURIComponent(next.hash.slice(1)));
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  // A search-only change (a filter, a Nowou section) keeps the reader's place.
  if (previous.pathname !== next.pathname) window.scrollTo(0, 0);
}

async function follow(restore: boolean) {
  const next = browserLocation();
  const mine = ++sequence;
  publish({ location: snapshot.location, pending: true });
  try {
    await prepare(next);
  } finally {
    // A later navigation took over while this one waited: it commits, not this one.
    if (mine === sequence) {
      const previous = snapshot.location;
      publish({ location: next, pending: false });
      // After React has rendered the committed page, so its height is there to scroll in.
      requestAnimationFrame(() => scrollAfter(previous, next, restore));
    }
  }
}

/** In the browser, once before the first render: follows history from now on; the first location. */
export function startBrowserLocation(hooks: { prepare: Prepare; redirect: Redirect }): AppLocation {
  ({ prepare, redirect } = hooks);
  window.history.scrollRestoration = 'manual';
  entryKey();
  snapshot = { location: browserLocation(), pending: false };
  window.addEventListener('popstate', () => void follow(true));
  window.addEventListener('pagehide', saveScroll);
  return snapshot.location;
}

/** While prerendering: the one location the page is rendered at. */
export function setServerLocation(url: string) {
  const { pathname, search, hash } = new URL(url, 'http://prerender.invalid');
  snapshot = { location: { pathname, search, hash }, pending: false };
}

export function navigate(to: string, { replace = false }: NavigateOptions = {}) {
  const target = new URL(to, window.location.href);
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  saveScroll();
  const key = Math.random().toString(36).slice(2, 10);
  const href = hrefOf(target);
  if (replace) window.history.replaceState({ key }, '', href);
  else window.history.pushState({ key }, '', href);
  void follow(false);
}

export function subscribeToLocation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLocation(): AppLocation {
  return snapshot.location;
}

export function navigationPending(): boolean {
  return snapshot.pending;
}
