/**
 * How the desk names pages and counts: page keys (docs/product/pages.md#page-keys) with the route's human
 * title beside them, and "3 requests". Times are lib/date-format's.
 */
import type { PageKey } from '#shared/page-keys';
import { ROUTE_TITLES, type RouteName } from '#shared/paths';

/** Page keys whose route has another name in #shared/paths; every other key is its route's name. */
const ROUTE_OF_PAGE_KEY: Partial<Record<PageKey, RouteName>> = {
  resetPassword: 'accountResetPassword',
  lokalaJobbAvregistreraMail: 'lokalaJobbUnsubscribe',
  pitchesMailUnsubscribe: 'pitchesUnsubscribe',
};

function isRouteName(value: string): value is RouteName {
  return Object.hasOwn(ROUTE_TITLES, value);
}

/** The human title of a page key, or null for a key no route has (an old or unknown key). */
export function pageTitle(key: string): string | null {
  const route = ROUTE_OF_PAGE_KEY[key as PageKey] ?? (isRouteName(key) ? key : null);
  return route ? ROUTE_TITLES[route] : null;
}

/** "Music (music)", or the key alone when it has no title. */
export function pageLabel(key: string): string {
  const title = pageTitle(key);
  return title ? `${title} (${key})` : key;
}

export { formatCount, plural } from '../../lib/plural';
