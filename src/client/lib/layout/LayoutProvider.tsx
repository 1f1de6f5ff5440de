import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { layoutValuesFor, type ScreenClass } from '#shared/layout';
import { isProductivityPath } from '#shared/paths';
import { useLocation, useNavigate } from '../navigation/router';
import {
  embeddedFromSearch,
  isEmbedded,
  searchWithoutEmbedded,
  setEmbedded,
  subscribeToEmbedded,
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

/** null while prerendering and hydrating (use-layout.ts). */
const unknown = () => null;

export function LayoutProvider({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const screen = useSyncExternalStore<ScreenClass | null>(
    subscribeToScreen,
    currentScreen,
    unknown,
  );
  const embedded = useSyncExternalStore<boolean | null>(subscribeToEmbedded, isEmbedded, unknown);
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

  // /theme-init.js applied the first page's query before paint; a later in-app link with
  // ?embedded=1 or ?embedded=0 switches here. Only a changed query switches, so leaving the mode
  // is not undone by the query still in the URL.
  useEffect(() => {
    const requested = embeddedFromSearch(search);
    if (requested !== null && requested !== isEmbedded()) setEmbedded(requested);
  }, [search]);

  const leaveEmbedded = useCallback(() => {
    setEmbedded(false);
    if (embeddedFromSearch(search) !== null) {
      navigate(`${pathname}${searchWithoutEmbedded(search)}${hash}`, { replace: true });
    }
  }, [navigate, pathname, search, hash]);

  const values = useMemo(() => {
    if (screen === null || embedded === null) return null;
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
      inlineNavigation: values ? values.navigationWidth > 0 : null,
    }),
    [screen, values, hideLayout, setHideLayout, embedded, leaveEmbedded, productivity],
  );

  return <LayoutContext value={layout}>{children}</LayoutContext>;
}
