/**
 * The loading overlay's state: `show(message, { blurred })` pushes a message and returns
 * its hide function (useLoadingOverlay); the shell's LoadingOverlay displays the latest one.
 */
import { createContext, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { pushEntry, removeEntry, type LoadingEntry } from './loading-stack';
import {
  LoadingOverlayApiContext,
  type LoadingOverlayApi,
  type LoadingOverlayOptions,
} from './use-loading-overlay';

export const LoadingStackContext = createContext<readonly LoadingEntry[]>([]);

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
