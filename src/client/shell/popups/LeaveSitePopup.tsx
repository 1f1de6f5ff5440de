/**
 * Consent before leaving the site (docs/product/shell.md#leaving-the-site): the product's question, the
 * link, Yes and No. Yes opens the link in a new tab without an opener or referrer; No closes, or
 * returns to the pop-up it came from.
 */
import { useId } from 'react';
import { COPY } from '#shared/copy';
import { Button } from '../../ui/Button';
import { Popup } from '../../ui/Popup';
import { isOpenableUrl } from './openable-url';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import type { PopupState } from '../../lib/popups/popup-state';
import { usePopups } from '../../lib/popups/use-popups';
import './popups.css';

interface LeaveSitePopupProps extends PopupSlotProps {
  href: string;
  back?: PopupState;
}

export function LeaveSitePopup({ href, back, ...slot }: LeaveSitePopupProps) {
  const { open, close } = usePopups();
  const textId = useId();
  const openable = isOpenableUrl(href);

  function proceed() {
    window.open(href, '_blank', 'noopener,noreferrer');
    close();
  }

  return (
    <Popup title="Leave this website?" onClose={close} describedBy={textId} {...slot}>
      <p id={textId} className="popup__text">
        {COPY.leaveSite}
      </p>
      <p className="popup-url">{href}</p>
      <div className="popup__actions">
        <Button variant="primary" onClick={proceed} disabled={!openable}>
          {COPY.yes}
        </Button>
        <Button onClick={() => (back ? open(back) : close())}>{COPY.no}</Button>
      </div>
    </Popup>
  );
}
