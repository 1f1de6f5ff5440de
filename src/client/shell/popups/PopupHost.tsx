/**
 * Renders the open pop-up by name. Each open has its own key, so content mounts fresh and no field,
 * error or checkbox survives a reopen (spec §4). After close the last pop-up stays mounted, inert,
 * for its exit transition.
 */
import { useState, type ReactNode } from 'react';
import { DonationPopup } from '../donate/DonationPopup';
import { WalletPopup } from '../donate/WalletPopup';
import { AccountPopup } from './AccountPopup';
import { ErrorReportPopup } from './ErrorReportPopup';
import { IndicatorFormPopup } from './IndicatorFormPopup';
import { LeaveSitePopup } from './LeaveSitePopup';
import { NavigationPopup } from './NavigationPopup';
import type { PopupState } from './popup-state';
import type { PopupSlotProps } from './popup-slot';
import { useOpenPopup } from './PopupProvider';

export function PopupHost() {
  const openPopup = useOpenPopup();
  const [shown, setShown] = useState(openPopup);
  const [seen, setSeen] = useState(openPopup);
  if (openPopup !== seen) {
    setSeen(openPopup);
    if (openPopup) setShown(openPopup);
  }
  if (!shown) return null;
  const slot: PopupSlotProps = { leaving: openPopup === null, onExited: () => setShown(null) };
  return <PopupContent key={shown.openId} state={shown.state} slot={slot} />;
}

function PopupContent({ state, slot }: { state: PopupState; slot: PopupSlotProps }): ReactNode {
  switch (state.name) {
    case 'navigation':
      return <NavigationPopup {...slot} />;
    case 'signUp':
    case 'logIn':
    case 'resetPassword':
    case 'editAvatar':
      return <AccountPopup name={state.name} {...slot} />;
    case 'donation':
      return <DonationPopup {...slot} />;
    case 'wallet':
      return <WalletPopup wallet={state.wallet} {...slot} />;
    case 'leaveSite':
      return <LeaveSitePopup href={state.href} back={state.back} {...slot} />;
    case 'errorReport':
      return <ErrorReportPopup report={state.report} {...slot} />;
    case 'indicatorForm':
      return <IndicatorFormPopup product={state.product} kind={state.kind} {...slot} />;
  }
}
