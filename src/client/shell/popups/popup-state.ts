/**
 * The pop-ups of the shell (spec §2) as one discriminated union: at most one is open at a time,
 * and opening another replaces it (previous arrows move back along the chain).
 */
import type { AccessKind, IndicatorProduct } from '#shared/indicator-products';

export type WalletName = 'bitcoin' | 'ethereum';

export interface ErrorReportDraft {
  error: string;
  errorName: string;
}

export type PopupState =
  | { name: 'navigation' }
  | { name: 'signUp' }
  | { name: 'logIn' }
  | { name: 'resetPassword' }
  | { name: 'editAvatar' }
  | { name: 'donation' }
  | { name: 'wallet'; wallet: WalletName }
  | { name: 'leaveSite'; href: string; back?: PopupState }
  | { name: 'errorReport'; report: ErrorReportDraft }
  | { name: 'indicatorForm'; product: IndicatorProduct; kind: AccessKind };

export type PopupName = PopupState['name'];

export interface PopupApi {
  /** The open pop-up, or null. */
  current: PopupState | null;
  /** Opens a pop-up, replacing the open one; focus returns to the first opener when all close. */
  open: (state: PopupState) => void;
  close: () => void;
}
