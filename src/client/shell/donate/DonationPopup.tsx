/**
 * The Donation pop-up (docs/product/shell.md#donation-and-wallets): crowd-funding and membership links,
 * each behind the leave-site consent (whose No returns here), and the Bitcoin and Ethereum wallets.
 */
import { Popup } from '../../ui/Popup';
import { CrowdFundingIcon, ExternalLinkIcon, HeartIcon } from '../../ui/icons';
import { ExternalLink } from '../../ui/ExternalLink';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import type { WalletName } from '../../lib/popups/popup-state';
import { usePopups } from '../../lib/popups/use-popups';
import { contentPart } from '../../lib/site-content';
import { WALLETS } from './wallets';
import './donate.css';

const BACK_TO_DONATION = { name: 'donation' } as const;
const WALLET_ORDER: readonly WalletName[] = ['bitcoin', 'ethereum'];

export function DonationPopup(slot: PopupSlotProps) {
  const { open, close } = usePopups();
  return (
    <Popup title="Donate" onClose={close} wide {...slot}>
      <p className="popup__text">
        Thank you for thinking of it! Every gift, big or small, keeps new indicators, art, music and
        apps coming.
      </p>
      <ul className="donation-options">
        <li>
          <ExternalLink
            className="donation-option"
            href={contentPart('donation').crowdFundingUrl}
            back={BACK_TO_DONATION}
          >
            <CrowdFundingIcon className="donation-option__icon" size={24} />
            <span className="donation-option__text">
              <span className="donation-option__label">Crowd-funding</span>
              <span className="donation-option__hint">A one-off gift</span>
            </span>
            <ExternalLinkIcon className="donation-option__external" size={16} />
          </ExternalLink>
        </li>
        <li>
          <ExternalLink
            className="donation-option"
            href={contentPart('donation').membershipUrl}
            back={BACK_TO_DONATION}
          >
            <HeartIcon className="donation-option__icon" size={24} />
            <span className="donation-option__text">
              <span className="donation-option__label">Membership</span>
              <span className="donation-option__hint">Support every month</span>
            </span>
            <ExternalLinkIcon className="donation-option__external" size={16} />
          </ExternalLink>
        </li>
        {WALLET_ORDER.map((wallet) => {
          const { name, ticker, Icon } = WALLETS[wallet];
          return (
            <li key={wallet}>
              <button
                type="button"
                className="donation-option"
                onClick={() => open({ name: 'wallet', wallet })}
              >
                <Icon className="donation-option__icon" size={24} />
                <span className="donation-option__text">
                  <span className="donation-option__label">{name}</span>
                  <span className="donation-option__hint">Send {ticker}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Popup>
  );
}
