/**
 * The reset link's token: read once from ?token=, then taken out of the address bar; and a
 * `<meta name="referrer" content="no-referrer">` while the page is shown, so the token never leaves
 * in a Referer header (the server also sends Referrer-Policy: no-referrer for this page).
 */
import { useEffect, useState } from 'react';
import { readQueryParam, removeQueryParam } from './url-params';

export const TOKEN_PARAM = 'token';

export function useResetToken(): string | null {
  const [token] = useState(() => readQueryParam(TOKEN_PARAM));
  useEffect(() => {
    removeQueryParam(TOKEN_PARAM);
  }, []);
  return token;
}

export function useNoReferrer(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
