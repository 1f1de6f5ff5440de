/**
 * The Donate button in the header's tools (docs/product/shell.md#donate-button): scales in after
 * DONATE_BUTTON_DELAY_MS (donate.css, from first paint), shows THANK YOU! on hover and focus, opens
 * the Donation pop-up. Not offered in Nowou mode nor on the owner's desk.
 */
import { useLocation } from '../../lib/navigation/router';
import { COPY } from '#shared/copy';
import { isAdminPath, isProductivityPath } from '#shared/paths';
import { HeartIcon } from '../../ui/icons';
import { usePopups } from '../../lib/popups/use-popups';
import './donate.css';

export function DonateButton() {
  const { open, preload } = usePopups();
  const { pathname } = useLocation();
  if (isProductivityPath(pathname) || isAdminPath(pathname)) return null;
  return (
    <button
      type="button"
      className="donate-button"
      aria-label="Donate"
      onPointerEnter={() => preload()}
      onFocus={() => preload()}
      onClick={() => open({ name: 'donation' })}
    >
      <HeartIcon className="donate-button__icon" size={18} />
      {/* Both labels share one grid cell, so the button keeps its width when the text swaps. */}
      <span className="donate-button__labels" aria-hidden="true">
        <span className="donate-button__label">Donate</span>
        <span className="donate-button__label donate-button__label--thanks">
          {COPY.donateHover}
        </span>
      </span>
    </button>
  );
}
