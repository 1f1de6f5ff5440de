/**
 * The pop-ups of the site (docs/product/shell.md#pop-ups) as one discriminated union: at most one is open
 * at a time, and opening another replaces it (previous arrows move back along the chain). The shell
 * renders its own pop-ups; the features' pop-ups are registered by app/ (FeaturePopupRegistry).
 */
import type { ReactNode } from 'react';
import type { AccessKind, IndicatorProduct } from '#shared/indicator-products';
import type { PopupSlotProps } from './popup-slot';

export type WalletName = 'bitcoin' | 'ethereum';

export interface ErrorReportDraft {
  error: string;
  errorName: string;
}

export type PopupState =
  | { name: 'navigation' }
  | { name: 'signUp'; stay?: boolean }
  | { name: 'logIn'; stay?: boolean }
  | { name: 'resetPassword' }
  | { name: 'editAvatar' }
  | { name: 'donation' }
  | { name: 'wallet'; wallet: WalletName }
  | { name: 'leaveSite'; href: string; back?: PopupState }
  | { name: 'errorReport'; report: ErrorReportDraft }
  | { name: 'indicatorForm'; product: IndicatorProduct; kind: AccessKind };

export type PopupName = PopupState['name'];

/*
 * `stay` on Log in and Sign up: opened from a page's own button (Nowou's Log in to sync, the desk,
 * the account page, a form), success closes the pop-up and leaves the visitor on that page; opened
 * from the navigation, success goes back to the navigation (docs/product/accounts.md#log-in).
 */

/** The pop-ups a feature renders: the shell's host asks the registry for them. */
export type FeaturePopupName =
  'signUp' | 'logIn' | 'resetPassword' | 'editAvatar' | 'indicatorForm';

export type FeaturePopupState = Extract<PopupState, { name: FeaturePopupName }>;

export interface FeaturePopup<S extends FeaturePopupState> {
  /** The open pop-up: a <Popup> with the feature's content, mounted fresh for every open. */
  render: (state: S, slot: PopupSlotProps) => ReactNode;
  /** Starts loading the pop-up's lazily loaded content before it opens. */
  preload: () => void;
}

/** Which component renders each feature pop-up and how to preload it (filled in by app/). */
export type FeaturePopupRegistry = {
  [N in FeaturePopupName]: FeaturePopup<Extract<PopupState, { name: N }>>;
};

export function isFeaturePopup(state: PopupState): state is FeaturePopupState {
  return (
    state.name === 'signUp' ||
    state.name === 'logIn' ||
    state.name === 'resetPassword' ||
    state.name === 'editAvatar' ||
    state.name === 'indicatorForm'
  );
}

/** Renders a feature pop-up through the registry. */
export function renderFeaturePopup(
  registry: FeaturePopupRegistry,
  state: FeaturePopupState,
  slot: PopupSlotProps,
): ReactNode {
  // Each entry takes the state of its own name; the union cannot say so, hence the widening.
  const popup = registry[state.name] as FeaturePopup<FeaturePopupState>;
  return popup.render(state, slot);
}

export interface PopupApi {
  /** The open pop-up, or null. */
  current: PopupState | null;
  /** Opens a pop-up, replacing the open one; focus returns to the first opener when all close. */
  open: (state: PopupState) => void;
  close: () => void;
  /**
   * Starts loading the pop-ups' code (e.g. when the pointer reaches a button that opens one), with a
   * feature pop-up's own content when it is named.
   */
  preload: (name?: FeaturePopupName) => void;
}
