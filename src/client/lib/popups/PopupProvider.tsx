/**
 * Holds the one open pop-up (docs/product/shell.md#pop-ups). Opening replaces the open pop-up; each open
 * gets a new id so the host mounts its content fresh (reopening resets every field). The element
 * that had focus when the first pop-up of a chain opened gets it back once the chain closes. The
 * features' pop-ups come from `registry` (given by app/), so neither this nor the shell's host
 * imports a feature.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLayout } from '../layout/use-layout';
import type { FeaturePopupName, FeaturePopupRegistry, PopupApi, PopupState } from './popup-state';
import { PopupHostContext, type OpenPopup, type PopupHostValue } from './use-popup-host';
import { PopupApiContext } from './use-popups';

interface PopupProviderProps {
  registry: FeaturePopupRegistry;
  /** Loads the host's own lazily loaded code (the shell's pop-ups), given by app/. */
  preloadHost: () => void;
  children: ReactNode;
}

export function PopupProvider({ registry, preloadHost, children }: PopupProviderProps) {
  const [openPopup, setOpenPopup] = useState<OpenPopup | null>(null);
  const nextId = useRef(1);
  const opener = useRef<HTMLElement | null>(null);
  const chainOpen = useRef(false);
  const { inlineNavigation } = useLayout();

  const close = useCallback(() => {
    chainOpen.current = false;
    setOpenPopup(null);
  }, []);

  const open = useCallback(
    (state: PopupState) => {
      // Where the navigation panel is already on the page (desktop), "back to the navigation" closes.
      if (state.name === 'navigation' && inlineNavigation) {
        close();
        return;
      }
      if (!chainOpen.current) {
        chainOpen.current = true;
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      const openId = nextId.current++;
      setOpenPopup({ state, openId });
    },
    [inlineNavigation, close],
  );

  // A passive effect runs after the host's layout effects have lifted `inert` from the page.
  useEffect(() => {
    if (openPopup !== null) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus({ preventScroll: true });
  }, [openPopup]);

  const preload = useCallback(
    (name?: FeaturePopupName) => {
      preloadHost();
      if (name) registry[name].preload();
    },
    [registry, preloadHost],
  );

  const api = useMemo<PopupApi>(
    () => ({ current: openPopup?.state ?? null, open, close, preload }),
    [openPopup, open, close, preload],
  );
  const host = useMemo<PopupHostValue>(
    () => ({ open: openPopup, registry }),
    [openPopup, registry],
  );

  return (
    <PopupApiContext value={api}>
      <PopupHostContext value={host}>{children}</PopupHostContext>
    </PopupApiContext>
  );
}
