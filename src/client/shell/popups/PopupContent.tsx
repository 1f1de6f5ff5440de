/** The open pop-up by name: the shell's own here, the features' through app/'s registry. */
import type { ReactNode } from 'react';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import {
  isFeaturePopup,
  renderFeaturePopup,
  type FeaturePopupRegistry,
  type PopupState,
} from '../../lib/popups/popup-state';
import { DonationPopup } from '../donate/DonationPopup';
import { WalletPopup } from '../donate/WalletPopup';
import { ErrorReportPopup } from './ErrorReportPopup';
import { LeaveSitePopup } from './LeaveSitePopup';
import { NavigationPopup } from './NavigationPopup';

interface PopupContentProps {
  state: PopupState;
  slot: PopupSlotProps;
  registry: FeaturePopupRegistry;
}

export default function PopupContent({ state, slot, registry }: PopupContentProps): ReactNode {
  if (isFeaturePopup(state)) return renderFeaturePopup(registry, state, slot);
  switch (state.name) {
    case 'navigation':
      return <NavigationPopup {...slot} />;
    case 'donation':
      return <DonationPopup {...slot} />;
    case 'wallet':
      return <WalletPopup wallet={state.wallet} {...slot} />;
    case 'leaveSite':
      return <LeaveSitePopup href={state.href} back={state.back} {...slot} />;
    case 'errorReport':
      return <ErrorReportPopup report={state.report} {...slot} />;
  }
}
