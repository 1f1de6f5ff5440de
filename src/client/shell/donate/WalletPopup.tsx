/** A crypto wallet (spec §3, §4); the address, Copy address and QR image come with the offerings release. */
import { Popup } from '../../ui/Popup';
import type { PopupSlotProps } from '../popups/popup-slot';
import type { WalletName } from '../popups/popup-state';
import { usePopups } from '../popups/PopupProvider';
import { WALLETS } from './wallets';
import './donate.css';

export function WalletPopup({ wallet, ...slot }: PopupSlotProps & { wallet: WalletName }) {
  const { open, close } = usePopups();
  const { name, Icon } = WALLETS[wallet];
  return (
    <Popup title={name} onClose={close} onBack={() => open({ name: 'donation' })} {...slot}>
      <div className="wallet">
        <span className="wallet__badge">
          <Icon size={40} />
        </span>
        <p className="popup__text">
          Thank you for choosing {name}. The wallet address and its QR code arrive with the
          offerings release.
        </p>
      </div>
    </Popup>
  );
}
