/** For the shell's pop-up host only: the open pop-up, with the id that keys its content, and the registry. */
import { createContext, use } from 'react';
import type { FeaturePopupRegistry, PopupState } from './popup-state';

export interface OpenPopup {
  state: PopupState;
  openId: number;
}

export interface PopupHostValue {
  open: OpenPopup | null;
  registry: FeaturePopupRegistry;
}

export const PopupHostContext = createContext<PopupHostValue | null>(null);

export function usePopupHost(): PopupHostValue {
  const value = use(PopupHostContext);
  if (!value) throw new Error('usePopupHost needs a <PopupProvider> above it');
  return value;
}
