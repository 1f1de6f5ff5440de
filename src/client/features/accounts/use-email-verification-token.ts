/**
 * The verification mail links to /account?verify=TOKEN. The account page reads the token once,
 * takes it out of the address bar (history.replaceState, so it is neither kept in history nor sent
 * on as a referrer) and confirms it with the server.
 */
import { useEffect, useState } from 'react';
import { COPY } from '#shared/copy';
import { ApiError } from '../../lib/api';
import { verifyEmail } from './api';
import { isUnexpected } from '../../ui/form/form-problem';
import { readQueryParam, removeQueryParam } from '../../lib/url-params';

export const VERIFY_PARAM = 'verify';

export type VerificationResult =
  | { phase: 'none' }
  | { phase: 'checking' }
  | { phase: 'verified' }
  | { phase: 'failed'; message: string };

// One request per token, even when an effect runs twice (StrictMode) or the page mounts again.
const requests = new Map<string, Promise<void>>();

function verifyOnce(token: string): Promise<void> {
  let request = requests.get(token);
  if (!request) {
    request = verifyEmail(token);
    requests.set(token, request);
  }
  return request;
}

export function useEmailVerificationToken(onVerified: () => void): VerificationResult {
  // Read during the first render, before the effect below takes it out of the URL.
  const [token] = useState(() => readQueryParam(VERIFY_PARAM));
  const [result, setResult] = useState<VerificationResult>(
    token ? { phase: 'checking' } : { phase: 'none' },
  );

  useEffect(() => {
    removeQueryParam(VERIFY_PARAM);
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token).then(
      () => {
        if (!live) return;
        setResult({ phase: 'verified' });
        onVerified();
      },
      (error: unknown) => {
        if (!live) return;
        setResult({
          phase: 'failed',
          message:
            isUnexpected(error) || !(error instanceof ApiError)
              ? COPY.somethingWentWrongForm
              : error.message,
        });
      },
    );
    return () => {
      live = false;
    };
    // The token is read once; a new onVerified function must not verify again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return result;
}
