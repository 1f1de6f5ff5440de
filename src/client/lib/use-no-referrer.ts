/**
 * A `<meta name="referrer" content="no-referrer">` while the page is shown, so a token in its
 * address never leaves in a Referer header (the password-reset and mail-list pages).
 */
import { useEffect } from 'react';

export function useNoReferrer(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
