/**
 * The cookie notice (docs/product/shell.md#cookie-notice): a band above the header, not a modal, shown until Close
 * saves consent. Prerendered pages carry it, and /theme-init.js shows it before paint only to a
 * visitor without consent (shell.css), so it neither flashes for those who closed it nor waits for
 * the app's script for those who did not.
 */
import { useSyncExternalStore } from 'react';
import { COPY } from '#shared/copy';
import { paths } from '#shared/paths';
import { Link } from '../../lib/navigation/router';
import { Button } from '../../ui/Button';
import { CookieIcon } from '../../ui/icons';
import { hasCookieConsent, saveCookieConsent, subscribeToCookieConsent } from './cookie-consent';
import './cookie-notice.css';

function dismiss() {
  saveCookieConsent();
  // The before-paint mark of /theme-init.js goes with it (docs/architecture.md#prerendered-pages).
  document.documentElement.removeAttribute('data-cookie-notice');
}

export function CookieNotice() {
  const consent = useSyncExternalStore(subscribeToCookieConsent, hasCookieConsent, () => false);
  if (consent) return null;

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
