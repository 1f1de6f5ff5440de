/**
 * Holds the one open pop-up (spec §2, §4). Opening replaces the open pop-up; each open gets a new
 * id so the host mounts its content fresh (reopening resets every field). The element that had focus
 * when the first pop-up of a chain opened gets it back once the chain closes.
 */
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLayout } from '../layout/use-layout';
import type { PopupApi, PopupState } from './popup-state';

interface OpenPopup {
  state: PopupState;
  openId: number;
}

const PopupApiContext = createContext<PopupApi | null>(null);
const OpenPopupContext = createContext<OpenPopup | null>(null);

export function PopupProvider({ children }: { children: ReactNode }) {
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

  const api = useMemo<PopupApi>(
    () => ({ current: openPopup?.state ?? null, open, close }),
    [openPopup, open, close],
  );

  return (
    <PopupApiContext value={api}>
      <OpenPopupContext value={openPopup}>{children}</OpenPopupContext>
    </PopupApiContext>
  );
}

export function usePopups(): PopupApi {
  const api = use(PopupApiContext);
  if (!api) throw new Error('usePopups needs a <PopupProvider> above it');
  return api;
}

/** For the host: the open pop-up with the id that keys its content. */
export function useOpenPopup(): OpenPopup | null {
  return use(OpenPopupContext);
}
