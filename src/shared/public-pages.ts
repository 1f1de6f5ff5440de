/**
 * The public pages (docs/product/pages.md#prerendered-pages): each is rendered to HTML at build time,
 * with its own title, description, link preview and structured data, and listed in the sitemap.
 * Every other route (the account, the desk, Nowou, the token pages) is rendered in the browser and
 * kept out of search engines.
 */
import type { PageModuleRoute } from './page-modules';

export const PUBLIC_PAGES = [
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
  'lokalaJobb',
] as const satisfies readonly PageModuleRoute[];

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** The language of a page's content; the chrome around it stays English. */
export const PAGE_LANGUAGES: Partial<Record<PublicPage, string>> = { lokalaJobb: 'sv' };

export function isPublicPage(route: string): route is PublicPage {
  return (PUBLIC_PAGES as readonly string[]).includes(route);
}
