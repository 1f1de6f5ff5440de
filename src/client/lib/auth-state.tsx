/**
 * Auth state (spec §4): null while checking, true when signed in, false when signed out or when the
 * check fails. AuthProvider asks GET /api/me once on start: 200 with a user → true; 401, 404, other
 * errors or no connection → false.
 */
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { api } from './api';
import { currentUserFromMe, type CurrentUser } from './current-user';

export type AuthStatus = boolean | null;

export interface AuthApi {
  signedIn: AuthStatus;
  user: CurrentUser | null;
  /** Asks the server again, e.g. after logging in or signing up. */
  refresh: () => Promise<void>;
  /** Sets the user directly when a call already returned it (null signs out locally). */
  setUser: (user: CurrentUser | null) => void;
  /** Ends the session on the server; throws the ApiError when that fails. */
  logOut: () => Promise<void>;
}

interface AuthSnapshot {
  signedIn: AuthStatus;
  user: CurrentUser | null;
}

const CHECKING: AuthSnapshot = { signedIn: null, user: null };
const SIGNED_OUT: AuthSnapshot = { signedIn: false, user: null };

const AuthContext = createContext<AuthApi | null>(null);

async function fetchAuth(signal?: AbortSignal): Promise<AuthSnapshot> {
  try {
    const user = currentUserFromMe(await api<unknown>('/api/me', { signal }));
    return user ? { signedIn: true, user } : SIGNED_OUT;
  } catch (error) {
    if (signal?.aborted) throw error;
    return SIGNED_OUT;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>(CHECKING);

  useEffect(() => {
    const controller = new AbortController();
    fetchAuth(controller.signal).then(setSnapshot, () => {
      // Aborted on unmount: nothing to update.
    });
    return () => controller.abort();
  }, []);

  const refresh = useCallback(async () => {
    setSnapshot(await fetchAuth());
  }, []);

  const setUser = useCallback((user: CurrentUser | null) => {
    setSnapshot(user ? { signedIn: true, user } : SIGNED_OUT);
  }, []);

  const logOut = useCallback(async () => {
    await api('/api/auth/logout', { method: 'POST' });
    setSnapshot(SIGNED_OUT);
  }, []);

  const value = useMemo<AuthApi>(
    () => ({ signedIn: snapshot.signedIn, user: snapshot.user, refresh, setUser, logOut }),
    [snapshot, refresh, setUser, logOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthApi {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}
