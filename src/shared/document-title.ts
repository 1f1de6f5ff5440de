/**
 * Document titles, the page first and the site second (`Portfolio indicator · Alex Lindqvist`):
 * a public page's title comes from content/site.json's `pages`, Home's puts the site name first,
 * and every other route uses ROUTE_TITLES. The prerendered <title> and the browser's agree.
 */
import type { SiteContent } from './content-schema';
import { ROUTE_TITLES, type RouteName } from './paths';
import { isPublicPage } from './public-pages';

export const TITLE_SEPARATOR = ' · ';

type TitleContent = Pick<SiteContent, 'siteName' | 'pages'>;

/** The page's own title, without the site name. */
export function pageTitleFor(route: RouteName, site: TitleContent): string {
  return isPublicPage(route) ? site.pages[route].title : ROUTE_TITLES[route];
}

/** `title` replaces the route's own page title where a page says something else (see PageMain). */
export function documentTitleFor(route: RouteName, site: TitleContent, title?: string): string {
  if (route === 'home') return `${site.siteName}${TITLE_SEPARATOR}${site.pages.home.title}`;
  return `${title ?? pageTitleFor(route, site)}${TITLE_SEPARATOR}${site.siteName}`;
}
