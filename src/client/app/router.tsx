/**
 * Every route of the spec (§2), paths from #shared/paths. Each page is its own lazily loaded module
 * exporting the page and an ErrorBoundary. Matching is case-insensitive, so /NOWOU shows Nowou and
 * /PRODUCTIVITY/ is replaced by /nowou. Unknown paths show Home; /assets/… renders nothing.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, replace, type RouteObject } from 'react-router';
import { paths } from '#shared/paths';
import { AppFrame } from './AppFrame';
import { RouteErrorBoundary, ShellErrorBoundary } from './RouteErrorBoundary';

interface PageModule {
  ErrorBoundary: ComponentType;
}

/** Loads `name` from the page module on first visit, with the module's own error boundary. */
function lazyPage<M extends PageModule>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType, ErrorBoundary: module.ErrorBoundary };
  };
}

function NothingRendered() {
  return null;
}

const home = lazyPage(() => import('../pages/home/HomePage'), 'HomePage');

const pageRoutes: RouteObject[] = [
  { index: true, lazy: home },
  { path: paths.about, lazy: lazyPage(() => import('../pages/AboutPage'), 'AboutPage') },
  {
    path: paths.longAndShortPosition,
    lazy: lazyPage(() => import('../pages/LongAndShortPositionPage'), 'LongAndShortPositionPage'),
  },
  {
    path: paths.portfolio,
    lazy: lazyPage(() => import('../pages/PortfolioPage'), 'PortfolioPage'),
  },
  { path: paths.art, lazy: lazyPage(() => import('../pages/ArtPage'), 'ArtPage') },
  { path: paths.music, lazy: lazyPage(() => import('../pages/MusicPage'), 'MusicPage') },
  {
    path: paths.termsOfService,
    lazy: lazyPage(() => import('../pages/TermsOfServicePage'), 'TermsOfServicePage'),
  },
  {
    path: paths.privacyPolicy,
    lazy: lazyPage(() => import('../pages/PrivacyPolicyPage'), 'PrivacyPolicyPage'),
  },
  { path: paths.support, lazy: lazyPage(() => import('../pages/SupportPage'), 'SupportPage') },
  { path: paths.contact, lazy: lazyPage(() => import('../pages/ContactPage'), 'ContactPage') },
  { path: paths.purchase, lazy: lazyPage(() => import('../pages/PurchasePage'), 'PurchasePage') },
  { path: paths.admin, lazy: lazyPage(() => import('../pages/AdminPage'), 'AdminPage') },
  { path: paths.account, lazy: lazyPage(() => import('../pages/AccountPage'), 'AccountPage') },
  {
    path: paths.accountResetPassword,
    lazy: lazyPage(() => import('../pages/AccountResetPasswordPage'), 'AccountResetPasswordPage'),
  },
  {
    // The spec's redirect (replace, not push), keeping any query and hash.
    path: paths.productivity,
    Component: NothingRendered,
    loader: ({ request }) => {
      const url = new URL(request.url);
      return replace(`${paths.nowou}${url.search}${url.hash}`);
    },
  },
  { path: paths.nowou, lazy: lazyPage(() => import('../pages/nowou/NowouPage'), 'NowouPage') },
  {
    path: paths.newsletterUnsubscribe,
    lazy: lazyPage(() => import('../pages/NewsletterUnsubscribePage'), 'NewsletterUnsubscribePage'),
  },
  {
    path: paths.lokalaJobb,
    lazy: lazyPage(() => import('../pages/LokalaJobbPage'), 'LokalaJobbPage'),
  },
  {
    path: paths.lokalaJobbUnsubscribe,
    lazy: lazyPage(() => import('../pages/LokalaJobbUnsubscribePage'), 'LokalaJobbUnsubscribePage'),
  },
  {
    path: paths.pitchesUnsubscribe,
    lazy: lazyPage(() => import('../pages/PitchesUnsubscribePage'), 'PitchesUnsubscribePage'),
  },
  // The spec's /* fallback.
  { path: '*', lazy: home },
];

export const routes: RouteObject[] = [
  // Spec §2: nothing is rendered when the path starts with /assets.
  { path: '/assets/*', Component: NothingRendered },
  {
    Component: AppFrame,
    ErrorBoundary: ShellErrorBoundary,
    // Nothing to show until the first page's module is in; the shell and page then paint together.
    HydrateFallback: NothingRendered,
    // A pathless layer inside the shell, so a page that fails to load keeps the header and footer.
    children: [{ ErrorBoundary: RouteErrorBoundary, children: pageRoutes }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
