/**
 * Auth state (docs/product/accounts.md#auth-state): `signedIn` is null while checking, true when signed in,
 * false when signed out or when the check fails; `userInfoState` is null while the user info loads,
 * true once loaded, false otherwise. AuthProvider asks GET /api/me once on start, keeps the user
 * current from the live stream's `user` event, and owns log-in, sign-up and log-out; components
 * read it with useAuth.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginPayload, RegisterPayload } from '#shared/account-schemas';
import type { AuthenticationResponse } from '#shared/passkey-schemas';
import { api } from '../api';
import {
  currentUserOf,
  resetLocalUserInfo,
  userInfoFromBody,
  type UserInfo,
} from '../current-user';
import { devLog, setDevLogRank } from '../dev-log';
import { liveConnection } from '../live';
import { useLiveEvent } from '../use-live-event';
import { AuthContext, type AuthApi, type AuthStatus } from './use-auth';

/** POST /api/auth/passkey's body: the browser's answer to the sign-in challenge. */
interface PasskeySignIn {
  response: AuthenticationResponse;
}

interface AuthSnapshot {
  signedIn: AuthStatus;
  userInfoState: boolean | null;
  info: UserInfo | null;
}

const CHECKING: AuthSnapshot = { signedIn: null, userInfoState: null, info: null };
const SIGNED_OUT: AuthSnapshot = { signedIn: false, userInfoState: false, info: null };

function snapshotOf(info: UserInfo | null): AuthSnapshot {
  return info ? { signedIn: true, userInfoState: true, info } : SIGNED_OUT;
}

async function fetchMe(signal?: AbortSignal): Promise<AuthSnapshot> {
  try {
    return snapshotOf(userInfoFromBody(await api<unknown>('/api/me', { signal })));
  } catch (error) {
    if (signal?.aborted) throw error;
    // docs/product/accounts.md#auth-state: auth failures are logged and the user state is reset.
    devLog('GET /api/me failed; treating the visitor as signed out', error);
    return SIGNED_OUT;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>(CHECKING);
  // Every change bumps the version, so an older answer (a slow first check) never undoes a newer one.
  const version = useRef(0);

  const apply = useCallback((next: AuthSnapshot) => {
    version.current += 1;
    setSnapshot(next);
  }, []);

  const check = useCallback(
    async (signal?: AbortSignal) => {
      const started = version.current;
      const next = await fetchMe(signal);
      if (version.current === started) apply(next);
    },
    [apply],
  );

  useEffect(() => {
    const controller = new AbortController();
    check(controller.signal).catch(() => {
      // Aborted on unmount: nothing to update.
    });
    return () => controller.abort();
  }, [check]);

  useEffect(() => {
    setDevLogRank(snapshot.info?.adminRank ?? null);
  }, [snapshot.info]);

  // The stream sends the session's user on connect and after every change (another tab, another
  // device, the admin command), and null once the session is gone: it is the newest word.
  useLiveEvent('user', ({ user }) => apply(snapshotOf(userInfoFromBody(user))));

  const refresh = useCallback(() => check(), [check]);

  const setUserInfo = useCallback((info: UserInfo | null) => apply(snapshotOf(info)), [apply]);

  const signIn = useCallback(
    async (path: string, payload: LoginPayload | RegisterPayload | PasskeySignIn) => {
      const info = userInfoFromBody(await api<unknown>(path, { method: 'POST', body: payload }));
      if (!info) {
        // Signed in but the answer held no user: ask for it.
        await check();
        throw new Error(`${path} answered without a user`);
      }
      apply(snapshotOf(info));
      // The stream was opened for the old (signed-out) session: reopen it to get `user` events.
      liveConnection().restart();
      return info;
    },
    [apply, check],
  );

  const logIn = useCallback(
    (payload: LoginPayload) => signIn('/api/auth/login', payload),
    [signIn],
  );
  const register = useCallback(
    (payload: RegisterPayload) => signIn('/api/auth/register', payload),
    [signIn],
  );

  const signInWithPasskey = useCallback(
    (response: AuthenticationResponse) => signIn('/api/auth/passkey', { response }),
    [signIn],
  );

  const logOut = useCallback(async () => {
    // docs/product/accounts.md#log-out: the listeners stop first, so nothing of the old session arrives
    // while it ends.
    liveConnection().stop();
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch (error) {
      liveConnection().start();
      throw error;
    }
    resetLocalUserInfo();
    apply(SIGNED_OUT);
    liveConnection().restart();
  }, [apply]);

  const value = useMemo<AuthApi>(
    () => ({
      signedIn: snapshot.signedIn,
      userInfoState: snapshot.userInfoState,
      user: currentUserOf(snapshot.info),
      info: snapshot.info,
      refresh,
      setUserInfo,
      logIn,
      register,
      signInWithPasskey,
      logOut,
    }),
    [snapshot, refresh, setUserInfo, logIn, register, signInWithPasskey, logOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
