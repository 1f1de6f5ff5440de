/** `const hide = useLoadingOverlay().show('Saving…')`: the loading overlay of LoadingOverlayProvider. */
import { createContext, use } from 'react';

export interface LoadingOverlayOptions {
  /** Blurs the page behind the message. */
  blurred?: boolean;
}

export interface LoadingOverlayApi {
  /** Shows `message` until the returned function is called (calling it again does nothing). */
  show: (message: string, options?: LoadingOverlayOptions) => () => void;
}

export const LoadingOverlayApiContext = createContext<LoadingOverlayApi | null>(null);

export function useLoadingOverlay(): LoadingOverlayApi {
  const api = use(LoadingOverlayApiContext);
  if (!api) throw new Error('useLoadingOverlay needs a <LoadingOverlayProvider> above it');
  return api;
}
