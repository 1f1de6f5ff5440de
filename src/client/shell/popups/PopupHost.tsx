/**
 * Renders the open pop-up by name: the shell's own pop-ups here, the features' pop-ups through the
 * registry app/ gave the PopupProvider. Each open has its own key, so content mounts fresh and no
 * field, error or checkbox survives a reopen (docs/product.md#pop-ups). After close the last pop-up
 * stays mounted, inert, for its exit transition.
 */
import { useState, type ReactNode } from 'react';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import {
  isFeaturePopup,
  renderFeaturePopup,
  type FeaturePopupRegistry,
  type PopupState,
} from '../../lib/popups/popup-state';
import { usePopupHost } from '../../lib/popups/use-popup-host';
import { DonationPopup } from '../donate/DonationPopup';
import { WalletPopup } from '../donate/WalletPopup';
import { ErrorReportPopup } from './ErrorReportPopup';
import { LeaveSitePopup } from './LeaveSitePopup';
import { NavigationPopup } from './NavigationPopup';

export function PopupHost() {
  const { open: openPopup, registry } = usePopupHost();
  const [shown, setShown] = useState(openPopup);
  const [seen, setSeen] = useState(openPopup);
  if (openPopup !== seen) {
    setSeen(openPopup);
    if (openPopup) setShown(openPopup);
  }
  if (!shown) return null;
  const slot: PopupSlotProps = { leaving: openPopup === null, onExited: () => setShown(null) };
  return <PopupContent key={shown.openId} state={shown.state} slot={slot} registry={registry} />;
}

interface PopupContentProps {
  state: PopupState;
  slot: PopupSlotProps;
  registry: FeaturePopupRegistry;
}

function PopupContent({ state, slot, registry }: PopupContentProps): ReactNode {
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
