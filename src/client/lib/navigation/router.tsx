/**
 * The app's links and location hooks (docs/architecture.md#client-routing): wouter's Link and
 * search-param hook, reading the committed location of `location-store.ts` instead of the address
 * bar, so a link is followed once the next page's module is in. Everything in the client imports
 * routing from here.
 */
import { useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import {
  Link as WouterLink,
  Router as WouterRouter,
  useSearchParams as useWouterSearchParams,
} from 'wouter';
import {
  currentLocation,
  navigate,
  navigationPending,
  subscribeToLocation,
  type AppLocation,
  type NavigateOptions,
} from './location-store';

export type { AppLocation, NavigateOptions };

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribeToLocation, currentLocation, currentLocation);
}

export function useNavigationPending(): boolean {
  return useSyncExternalStore(subscribeToLocation, navigationPending, () => false);
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

// wouter's location hooks, over the committed location.
function usePathname(): [string, typeof navigate] {
  return [useLocation().pathname, navigate];
}

function useSearch(): string {
  return useLocation().search;
}

export function AppRouter({ children }: { children: ReactNode }) {
  return (
    <WouterRouter hook={usePathname} searchHook={useSearch}>
      {children}
    </WouterRouter>
  );
}

export const useSearchParams = useWouterSearchParams;

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={to} {...props} />;
}

/** Where a link to `to` counts as the page shown: the same path, in any case, or a page below it. */
export function isCurrentPath(to: string, pathname: string): boolean {
  const normal = (path: string) => path.replace(/\/+$/, '').toLowerCase();
  const target = normal(to);
  const here = normal(pathname);
  return target === '' ? here === '' : here === target || here.startsWith(`${target}/`);
}

/** A link that says, with aria-current="page", when it leads to the page shown. */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  return <Link aria-current={isCurrentPath(props.to, pathname) ? 'page' : undefined} {...props} />;
}
