/**
 * Every route of the site (docs/product/pages.md#route-table), in one place: the router, links, the
 * server's SPA fallback, mail links and tests all build URLs from here.
 */
export const paths = {
  home: '/',
  about: '/about',
  longAndShortPosition: '/indicators/long-and-short-position',
  portfolio: '/indicators/portfolio',
  art: '/art',
  music: '/music',
  termsOfService: '/terms-Of-service',
  privacyPolicy: '/privacy-policy',
  support: '/support',
  contact: '/contact',
  purchase: '/purchase',
  admin: '/admin',
  account: '/account',
  accountResetPassword: '/account/reset-password',
  productivity: '/productivity',
  nowou: '/nowou',
  newsletterUnsubscribe: '/newsletter-unsubscribe',
  lokalaJobb: '/lokala-jobb',
  lokalaJobbUnsubscribe: '/lokala-jobb-avregistrera-mail',
  pitchesUnsubscribe: '/pitches-mail-unsubscribe',
} as const;

export type RouteName = keyof typeof paths;

/** Document titles per route; the site name is appended by the client. */
export const ROUTE_TITLES: Record<RouteName, string> = {
  home: 'Home',
  about: 'About',
  longAndShortPosition: 'Long & Short Position indicator',
  portfolio: 'Portfolio indicator',
  art: 'Art',
  music: 'Music',
  termsOfService: 'Terms of service',
  privacyPolicy: 'Privacy policy',
  support: 'Support',
  contact: 'Contact',
  purchase: 'Purchase',
  admin: 'Admin',
  account: 'Account',
  accountResetPassword: 'Reset password',
  productivity: 'Nowou',
  nowou: 'Nowou',
  newsletterUnsubscribe: 'Newsletter unsubscribe',
  lokalaJobb: 'Lokala jobb',
  lokalaJobbUnsubscribe: 'Avregistrera e-post',
  pitchesUnsubscribe: 'Pitches mail unsubscribe',
};

/** Productivity-app mode: /productivity and /nowou in any case (docs/product/pages.md#nowou-mode). */
export function isProductivityPath(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return p === paths.productivity || p === paths.nowou;
}

/** The owner's desk, /admin in any case. */
export function isAdminPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === paths.admin;
}

/** /productivity in any case replaces itself with /nowou. */
export function isProductivityRedirect(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === paths.productivity;
}

/**
 * Paths the client never renders and the server never answers with the app
 * (docs/product/pages.md#route-quirks).
 */
export function isAssetPath(pathname: string): boolean {
  return pathname === '/assets' || pathname.startsWith('/assets/');
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}
