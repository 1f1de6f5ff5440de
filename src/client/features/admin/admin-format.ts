/**
 * How the desk names pages and times: page keys (spec §2) with the route's human title beside them,
 * and times as "21 Nov 2026, 14:02" in the owner's own time zone. Written out by hand rather than
 * with Intl, whose English month abbreviations differ between locales and versions ("Sep"/"Sept").
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

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "21 Nov 2026, 14:02" in local time; the input unchanged when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${twoDigits(
    date.getHours(),
  )}:${twoDigits(date.getMinutes())}`;
}

/** "21 Nov 2026" for a UTC day 'YYYY-MM-DD' (the traffic series counts UTC days). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
