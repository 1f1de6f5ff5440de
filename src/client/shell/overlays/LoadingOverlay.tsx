/**
 * The loading overlay (spec §4): `show(message, { blurred })` pushes a message and returns its hide
 * function; the latest message is displayed and the overlay hides when every show has been hidden.
 * It sits above pop-ups (z-index 100, spec §9) and outside the part of the page a pop-up makes inert.
 */
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { LOADING_OVERLAY_Z_INDEX } from '#shared/layout';
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/modal-inert';
import { Spinner } from '../../ui/Spinner';
import { latestEntry, pushEntry, removeEntry, type LoadingEntry } from './loading-stack';
import './loading-overlay.css';

export interface LoadingOverlayOptions {
  /** Blurs the page behind the message. */
  blurred?: boolean;
}

export interface LoadingOverlayApi {
  /** Shows `message` until the returned function is called (calling it again does nothing). */
  show: (message: string, options?: LoadingOverlayOptions) => () => void;
}

const LoadingOverlayApiContext = createContext<LoadingOverlayApi | null>(null);
const LoadingStackContext = createContext<readonly LoadingEntry[]>([]);

export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<readonly LoadingEntry[]>([]);
  const nextId = useRef(1);

  const show = useCallback((message: string, options: LoadingOverlayOptions = {}) => {
    const id = nextId.current++;
    setStack((current) => pushEntry(current, { id, message, blurred: options.blurred ?? false }));
    let hidden = false;
    return () => {
      if (hidden) return;
      hidden = true;
      setStack((current) => removeEntry(current, id));
    };
  }, []);

  const api = useMemo<LoadingOverlayApi>(() => ({ show }), [show]);

  return (
    <LoadingOverlayApiContext value={api}>
      <LoadingStackContext value={stack}>{children}</LoadingStackContext>
    </LoadingOverlayApiContext>
  );
}

export function useLoadingOverlay(): LoadingOverlayApi {
  const api = use(LoadingOverlayApiContext);
  if (!api) throw new Error('useLoadingOverlay needs a <LoadingOverlayProvider> above it');
  return api;
}

/** The overlay itself; ShellOverlays mounts it once. */
export function LoadingOverlay() {
  const entry = latestEntry(use(LoadingStackContext));
  const visible = entry !== null;
  return createPortal(
    <div
      className="loading-overlay"
      data-visible={visible}
      data-blurred={entry?.blurred ?? false}
      style={{ zIndex: LOADING_OVERLAY_Z_INDEX }}
      {...{ [KEEP_ACTIVE_ATTRIBUTE]: '' }}
    >
      {/* The live region stays mounted so screen readers hear each new message. */}
      <div className="loading-overlay__card" role="status" aria-live="polite">
        {visible && (
          <>
            <Spinner size={20} />
            <span className="loading-overlay__message">{entry.message}</span>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
