/** Document titles: `${ROUTE_TITLES[name]} · ${siteName}`, and Home as the site name with its tagline. */
import { ROUTE_TITLES, type RouteName } from '#shared/paths';

export const TITLE_SEPARATOR = ' · ';

export function documentTitleFor(
  route: RouteName,
  site: { siteName: string; tagline: string },
): string {
  if (route === 'home') return `${site.siteName}${TITLE_SEPARATOR}${site.tagline}`;
  return `${ROUTE_TITLES[route]}${TITLE_SEPARATOR}${site.siteName}`;
}
