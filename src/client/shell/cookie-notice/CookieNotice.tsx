/**
 * The cookie notice (docs/product.md#cookie-notice): a small card, not a modal, shown until Close
 * saves consent.
 */
import { useState } from 'react';
import { Link } from '../../lib/navigation/router';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { Button } from '../../ui/Button';
import { CookieIcon } from '../../ui/icons';
import { hasCookieConsent, saveCookieConsent } from './cookie-consent';
import './cookie-notice.css';

export function CookieNotice() {
  const [visible, setVisible] = useState(() => !hasCookieConsent());
  if (!visible) return null;

  function dismiss() {
    saveCookieConsent();
    setVisible(false);
  }

  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <CookieIcon className="cookie-notice__icon" size={22} />
      <p className="cookie-notice__text">
        {COPY.cookieNotice}{' '}
        <Link className="cookie-notice__link" to={paths.privacyPolicy}>
          Privacy policy
        </Link>
      </p>
      <Button className="cookie-notice__close" onClick={dismiss}>
        Close
      </Button>
    </section>
  );
}
