/** `const { signedIn, user, logIn } = useAuth()`: the auth state AuthProvider keeps. */
import { createContext, use } from 'react';
import type { LoginPayload, RegisterPayload } from '#shared/account-schemas';
import type { AuthenticationResponse } from '#shared/passkey-schemas';
import type { CurrentUser, UserInfo } from '../current-user';

export type AuthStatus = boolean | null;

export interface AuthApi {
  signedIn: AuthStatus;
  userInfoState: boolean | null;
  /** The current user in the client (avatar, username, adminRank; docs/product/data.md#users-table). */
  user: CurrentUser | null;
  /** The whole user info (email, verification, bio, newsletter…) for the account page. */
  info: UserInfo | null;
  /** Asks the server again. */
  refresh: () => Promise<void>;
  /** Takes a user a call already returned (null signs out locally). */
  setUserInfo: (info: UserInfo | null) => void;
  /** POST /api/auth/login; throws the ApiError on failure. */
  logIn: (payload: LoginPayload) => Promise<UserInfo>;
  /** POST /api/auth/register (creates the account and logs in); throws the ApiError on failure. */
  register: (payload: RegisterPayload) => Promise<UserInfo>;
  /**
   * POST /api/auth/passkey with the browser's answer (docs/product/accounts.md#passkeys): signs in
   * as a password log-in does; throws the ApiError on a refusal.
   */
  signInWithPasskey: (response: AuthenticationResponse) => Promise<UserInfo>;
  /**
   * Log out (docs/product/accounts.md#log-out): stops the live listeners, ends the session on the server,
   * then clears the user's data (local user info back to its defaults). Throws when the server
   * could not end the session; the caller reports it as handleLogOut, and the visitor stays
   * signed in.
   */
  logOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}
