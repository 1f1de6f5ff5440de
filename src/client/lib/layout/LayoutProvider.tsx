import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from '../navigation/router';
import { layoutValuesFor, type ScreenClass } from '#shared/layout';
import { isProductivityPath } from '#shared/paths';
import {
  embeddedFromSearch,
  readEmbeddedSession,
  searchWithoutEmbedded,
  writeEmbeddedSession,
} from './embedded-mode';
import { SCREEN_QUERIES, screenClassFromQueries } from './screen-queries';
import { LayoutContext, type Layout } from './use-layout';

function subscribeToScreen(onChange: () => void): () => void {
  const lists = Object.values(SCREEN_QUERIES).map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

function currentScreen(): ScreenClass {
  return screenClassFromQueries((query) => window.matchMedia(query).matches);
}

function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribeToScreen, currentScreen, () => 'desktop');
}

function initialEmbedded(search: string): boolean {
  return embeddedFromSearch(search) ?? readEmbeddedSession();
}

export function LayoutProvider({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const screen = useScreenClass();
  const productivity = isProductivityPath(pathname);

  const [hiddenByMode, setHiddenByMode] = useState({ site: false, productivity: true });
  const hideLayout = productivity ? hiddenByMode.productivity : hiddenByMode.site;
  const setHideLayout = useCallback(
    (hide: boolean) =>
      setHiddenByMode((current) => ({
        ...current,
        [productivity ? 'productivity' : 'site']: hide,
      })),
    [productivity],
  );

  const [embedded, setEmbedded] = useState(() => initialEmbedded(search));
  // Only a changed query switches the mode, so leaving it is not undone by the query still in the URL.
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    const requested = embeddedFromSearch(search);
    if (requested !== null) setEmbedded(requested);
  }

  useEffect(() => {
    writeEmbeddedSession(embedded);
    // Keeps the before-paint attribute (set by /theme-init.js) true for the CSS fallbacks.
    if (embedded) document.documentElement.setAttribute('data-embedded', 'true');
    else document.documentElement.removeAttribute('data-embedded');
  }, [embedded]);

  const leaveEmbedded = useCallback(() => {
    setEmbedded(false);
    if (embeddedFromSearch(search) !== null) {
      navigate(`${pathname}${searchWithoutEmbedded(search)}${hash}`, { replace: true });
    }
  }, [navigate, pathname, search, hash]);

  const values = useMemo(() => {
    const base = layoutValuesFor({ screen, hideLayout, embedded });
    return productivity ? { ...base, navigationWidth: 0 } : base;
  }, [screen, hideLayout, embedded, productivity]);

  const layout = useMemo<Layout>(
    () => ({
      screen,
      values,
      hideLayout,
      setHideLayout,
      embedded,
      leaveEmbedded,
      productivity,
      inlineNavigation: values.navigationWidth > 0,
    }),
    [screen, values, hideLayout, setHideLayout, embedded, leaveEmbedded, productivity],
  );

  return <LayoutContext value={layout}>{children}</LayoutContext>;
}
