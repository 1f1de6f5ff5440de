/**
 * Every route of the site (docs/product/pages.md#route-table): which page module shows a path
 * (#shared/page-modules: case and trailing slashes do not matter, unknown paths show Home,
 * /productivity is replaced by /nowou, /assets/… renders nothing). Each page is its own lazily
 * loaded chunk; a navigation commits once its module and the words it reads (lib/site-content.ts)
 * are in (lib/navigation/location-store.ts), so the page renders at once, on the first load
 * (hydrating the prerendered HTML) as on every later one.
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { contentForRoute } from '#shared/content-parts';
import { PAGE_MODULES, pageExportName, pageModuleRouteFor } from '#shared/page-modules';
import type { PageModuleRoute } from '#shared/page-modules';
import { isAssetPath, isProductivityRedirect, paths } from '#shared/paths';
import type { AppLocation } from '../lib/navigation/location-store';
import { useLocation } from '../lib/navigation/router';
import { loadContent } from '../lib/site-content';
import { RouteErrorView } from './RouteErrorView';

type PageModule = Record<string, unknown>;

/** Every page module, each its own lazily loaded chunk (SimplePage and LegalPage are parts, not pages). */
const pageModuleLoaders = import.meta.glob<PageModule>([
  '../pages/*Page.tsx',
  '../pages/*/*Page.tsx',
  '!../pages/SimplePage.tsx',
  '!../pages/legal/LegalPage.tsx',
]);

type Loaded = { Page: ComponentType } | { error: unknown };

const loaded = new Map<PageModuleRoute, Loaded>();

/**
 * The route's page module, fetched once, and the words it reads; a failure is kept so the page
 * shows the error view.
 */
export async function loadPage(route: PageModuleRoute): Promise<void> {
  const words = loadContent(contentForRoute(route));
  if (loaded.get(route) && !('error' in loaded.get(route)!)) {
    await words.catch((error: unknown) => loaded.set(route, { error }));
    return;
  }
  const load = pageModuleLoaders[`../pages/${PAGE_MODULES[route]}.tsx`];
  try {
    if (!load) throw new Error(`No page module for ${route}`);
    const [module] = await Promise.all([load(), words]);
    loaded.set(route, { Page: module[pageExportName(route)] as ComponentType });
  } catch (error) {
    loaded.set(route, { error });
  }
}

/** What the location store does before it commits a location: the page's module is loaded. */
export function preparePage({ pathname }: AppLocation): Promise<void> {
  return isAssetPath(pathname) ? Promise.resolve() : loadPage(pageModuleRouteFor(pathname));
}

/** Whether the page module of `pathname` failed to load (its error view differs from the HTML sent). */
export function pageFailedToLoad({ pathname }: AppLocation): boolean {
  if (isAssetPath(pathname)) return false;
  const state = loaded.get(pageModuleRouteFor(pathname));
  return state !== undefined && 'error' in state;
}

/** The redirect of docs/product/pages.md#route-quirks (replace, not push), keeping any query and hash. */
export function redirectOf(location: AppLocation): AppLocation | null {
  return isProductivityRedirect(location.pathname) ? { ...location, pathname: paths.nowou } : null;
}

interface BoundaryState {
  error: unknown;
}

/** A page that throws while rendering shows the error view inside the shell. */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('A page failed') };
  }

  override render() {
    return this.state.error ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}

/** The page for the committed location; its error boundary starts afresh on each path. */
export function PageOutlet() {
  const { pathname } = useLocation();
  // docs/product/pages.md#route-quirks: nothing is rendered when the path starts with /assets.
  if (isAssetPath(pathname)) return null;
  const route = pageModuleRouteFor(pathname);
  const page = loaded.get(route);
  if (!page) return null;
  if ('error' in page) return <RouteErrorView error={page.error} />;
  const { Page } = page;
  return (
    <PageErrorBoundary key={route}>
      <Page />
    </PageErrorBoundary>
  );
}
