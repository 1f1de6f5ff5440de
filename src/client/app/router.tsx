/**
 * Every route of the site (docs/product.md#route-table), paths from #shared/paths. Each page is its
 * own lazily loaded module exporting the page; the router gives every page the same
 * RouteErrorBoundary. Matching is case-insensitive, so /NOWOU shows Nowou and /PRODUCTIVITY/ is
 * replaced by /nowou. Unknown paths show Home; /assets/… renders nothing.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, replace, type RouteObject } from 'react-router';
import { PAGE_MODULES, pageExportName, type PageModuleRoute } from '#shared/page-modules';
import { paths } from '#shared/paths';
import { AppFrame } from './AppFrame';
import { RouteErrorBoundary, ShellErrorBoundary } from './RouteErrorBoundary';

type PageModule = Record<string, unknown>;

/** Every page module, each its own lazily loaded chunk (SimplePage and LegalPage are parts, not pages). */
const pageModuleLoaders = import.meta.glob<PageModule>([
  '../pages/*Page.tsx',
  '../pages/*/*Page.tsx',
  '!../pages/SimplePage.tsx',
  '!../pages/legal/LegalPage.tsx',
]);

/** The route's page module (#shared/page-modules) on first visit, with the pages' error boundary. */
function lazyPage(route: PageModuleRoute) {
  const load = pageModuleLoaders[`../pages/${PAGE_MODULES[route]}.tsx`];
  if (!load) throw new Error(`No page module for ${route}`);
  return async () => {
    const module = await load();
    return {
      Component: module[pageExportName(route)] as ComponentType,
      ErrorBoundary: RouteErrorBoundary,
    };
  };
}

function NothingRendered() {
  return null;
}

const home = lazyPage('home');

const page = (route: Exclude<PageModuleRoute, 'home'>): RouteObject => ({
  path: paths[route],
  lazy: lazyPage(route),
});

const pageRoutes: RouteObject[] = [
  { index: true, lazy: home },
  page('about'),
  page('longAndShortPosition'),
  page('portfolio'),
  page('art'),
  page('music'),
  page('termsOfService'),
  page('privacyPolicy'),
  page('support'),
  page('contact'),
  page('purchase'),
  page('admin'),
  page('account'),
  page('accountResetPassword'),
  {
    // The redirect of docs/product.md#route-quirks (replace, not push), keeping any query and hash.
    path: paths.productivity,
    Component: NothingRendered,
    loader: ({ request }) => {
      const url = new URL(request.url);
      return replace(`${paths.nowou}${url.search}${url.hash}`);
    },
  },
  page('nowou'),
  page('newsletterUnsubscribe'),
  page('lokalaJobb'),
  page('lokalaJobbUnsubscribe'),
  page('pitchesUnsubscribe'),
  // The /* fallback (docs/product.md#route-quirks).
  { path: '*', lazy: home },
];

export const routes: RouteObject[] = [
  // docs/product.md#route-quirks: nothing is rendered when the path starts with /assets.
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
