/**
 * Page keys for visit counting and assistant targeting (docs/product/pages.md#page-keys).
 * The first specification's two indicator special cases compared the path with a leading slash and
 * so never matched; the site honours their intent (docs/product/pages.md#indicator-page-keys).
 */
const SPECIAL_KEYS: Record<string, string> = {
  'indicators/portfolio': 'portfolio',
  'indicators/long-and-short-position': 'longAndShortPosition',
};

const NOWOU_PATHS = new Set(['productivity', 'nowou']);

export function dashToCamel(segment: string): string {
  return segment.replace(/-+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Routes match in any letter case (/About shows About), so the key is taken from the lower-cased
 * path: /About counts as `about` and /terms-Of-service still gives `termsOfService`.
 */
export function pageKeyFromPath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (trimmed === '') return 'home';
  if (NOWOU_PATHS.has(trimmed)) return 'nowou';
  const special = SPECIAL_KEYS[trimmed];
  if (special) return special;
  const segments = trimmed.split('/');
  return dashToCamel(segments[segments.length - 1] ?? '');
}

/** Keys of every known page, for the assistant's page picker and the visit counter's allowlist. */
export const PAGE_KEYS = [
  'home',
  'about',
  'longAndShortPosition',
  'portfolio',
  'art',
  'music',
  'termsOfService',
  'privacyPolicy',
  'support',
  'contact',
  'purchase',
  'admin',
  'account',
  'resetPassword',
  'nowou',
  'newsletterUnsubscribe',
  'lokalaJobb',
  'lokalaJobbAvregistreraMail',
  'pitchesMailUnsubscribe',
] as const;

export type PageKey = (typeof PAGE_KEYS)[number];

export function isPageKey(value: string): value is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(value);
}

/**
 * `GET /api/live?page=all`: the stream one tab holds for all the tabs of its browser, carrying the
 * assistant's message whatever pages it is for; each tab keeps only what its own page should show
 * (docs/decisions/2026-11-22-assistant-and-offline-readings.md).
 */
export const LIVE_ALL_PAGES = 'all';
