/** `const { open, close, preload } = usePopups()`: the pop-up controller of PopupProvider. */
import { createContext, use } from 'react';
import type { PopupApi } from './popup-state';

export const PopupApiContext = createContext<PopupApi | null>(null);

export function usePopups(): PopupApi {
  const api = use(PopupApiContext);
  if (!api) throw new Error('usePopups needs a <PopupProvider> above it');
  return api;
}
