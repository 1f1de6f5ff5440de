/**
 * The reset link's token: read once from ?token=, then taken out of the address bar. The page also
 * uses useNoReferrer, so the token never leaves in a Referer header (the server also sends
 * Referrer-Policy: no-referrer for this page).
 */
import { useEffect, useState } from 'react';
import { readQueryParam, removeQueryParam } from '../../lib/url-params';

export const TOKEN_PARAM = 'token';

export function useResetToken(): string | null {
  const [token] = useState(() => readQueryParam(TOKEN_PARAM));
  useEffect(() => {
    removeQueryParam(TOKEN_PARAM);
  }, []);
  return token;
}
