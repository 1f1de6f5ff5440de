/**
 * Which module under src/client/pages shows each route, in one place: the client router loads it
 * lazily from here, and the server tells the browser to fetch it (and what it imports) together with
 * the page's HTML, so a first visit does not wait for the main script to ask for it.
 * A module exports its page under its file's name (AboutPage.tsx → AboutPage).
 */
import { paths, type RouteName } from './paths';

export const PAGE_MODULES = {
  home: 'home/HomePage',
  about: 'AboutPage',
  longAndShortPosition: 'LongAndShortPositionPage',
  portfolio: 'PortfolioPage',
  art: 'ArtPage',
  music: 'MusicPage',
  termsOfService: 'TermsOfServicePage',
  privacyPolicy: 'PrivacyPolicyPage',
  support: 'SupportPage',
  contact: 'ContactPage',
  purchase: 'PurchasePage',
  admin: 'AdminPage',
  account: 'AccountPage',
  accountResetPassword: 'AccountResetPasswordPage',
  nowou: 'nowou/NowouPage',
  newsletterUnsubscribe: 'NewsletterUnsubscribePage',
  lokalaJobb: 'LokalaJobbPage',
  lokalaJobbUnsubscribe: 'LokalaJobbUnsubscribePage',
  pitchesUnsubscribe: 'PitchesUnsubscribePage',
} as const satisfies Partial<Record<RouteName, string>>;

export type PageModuleRoute = keyof typeof PAGE_MODULES;

/** The module's path from the repository root, as the client build's manifest names it. */
export function pageModuleSource(route: PageModuleRoute): string {
  return `src/client/pages/${PAGE_MODULES[route]}.tsx`;
}

/** The export that holds the page: the module file's own name. */
export function pageExportName(route: PageModuleRoute): string {
  return PAGE_MODULES[route].slice(PAGE_MODULES[route].lastIndexOf('/') + 1);
}

/**
 * The route whose module shows `pathname` on a first load, as the client router decides it: case
 * and trailing slashes do not matter, /productivity becomes Nowou, any unknown path shows Home.
 */
export function pageModuleRouteFor(pathname: string): PageModuleRoute {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (wanted === paths.productivity.toLowerCase()) return 'nowou';
  for (const route of Object.keys(PAGE_MODULES) as PageModuleRoute[]) {
    if (paths[route].toLowerCase() === wanted) return route;
  }
  return 'home';
}
