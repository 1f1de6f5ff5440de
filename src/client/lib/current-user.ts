/**
 * The user as the client holds it: the signed-in user's info from the API (the user info of
 * docs/product/data.md#users-table), the slice the shell needs (the current user in the client: avatar,
 * username, adminRank), and the visitor's local user info (avatar and username kept in the
 * browser). Nothing here imports zod: the navigation panel reads it on the first load.
 */
import type { UserInfo } from '#shared/account-schemas';
import { STORAGE_KEYS } from '#shared/storage-keys';
import { readStored, writeStored, type LocalUserInfo } from './storage';

export type { UserInfo };

export interface CurrentUser {
  username: string;
  avatar: number;
  adminRank: number;
}

/**
 * The admin threshold: the Admin button shows when adminRank is above 9
 * (docs/product/accounts.md#admin-role).
 */
export const ADMIN_RANK_ABOVE = 9;
/**
 * Developer logging reaches the console from this adminRank up (docs/product/accounts.md#developer-logging).
 */
export const DEV_LOG_MIN_RANK = 3;

export function isAdmin(user: CurrentUser | null): boolean {
  return user !== null && user.adminRank > ADMIN_RANK_ABOVE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bool = (value: unknown): boolean => value === true;

/**
 * Reads a user from an API body: `{ user }` (GET /api/me, log-in, sign-up, PATCH /api/me, the live
 * `user` event) or the user info itself. Anything without a user means signed out. Missing fields
 * take the defaults of docs/product/data.md#users-table, so an older server never breaks the page.
 */
export function userInfoFromBody(body: unknown): UserInfo | null {
  const info = isRecord(body) && 'user' in body ? body.user : body;
  if (!isRecord(info)) return null;
  if (
    typeof info.uid !== 'string' &&
    typeof info.username !== 'string' &&
    typeof info.avatar !== 'number' &&
    typeof info.adminRank !== 'number'
  ) {
    return null;
  }
  const privileges = isRecord(info.userPrivileges) ? info.userPrivileges : {};
  return {
    uid: text(info.uid),
    email: text(info.email),
    emailVerified: bool(info.emailVerified),
    displayName: text(info.displayName),
    username: text(info.username),
    avatar: num(info.avatar, 2),
    bio: text(info.bio),
    adminRank: num(info.adminRank, 0),
    userPrivileges: { earlyUser: bool(privileges.earlyUser) },
    subscribedToNewsletter: bool(info.subscribedToNewsletter),
    subscribedProducts: Array.isArray(info.subscribedProducts) ? info.subscribedProducts : [],
    createdAt: text(info.createdAt),
  };
}

export function currentUserOf(info: UserInfo | null): CurrentUser | null {
  return info ? { username: info.username, avatar: info.avatar, adminRank: info.adminRank } : null;
}

/** GET /api/me's body as the current user, or null when signed out. */
export function currentUserFromMe(body: unknown): CurrentUser | null {
  return currentUserOf(userInfoFromBody(body));
}

// Local user info (docs/product/data.md#local-storage-keys, `local-user-info`: avatar default 2,
// username).

export const DEFAULT_LOCAL_USER_INFO: LocalUserInfo = { avatar: 2, username: '' };

const localListeners = new Set<() => void>();
let localSnapshot: LocalUserInfo | null = null;

export function readLocalUserInfo(): LocalUserInfo {
  const stored = readStored('localUserInfo', DEFAULT_LOCAL_USER_INFO);
  return {
    avatar: num(stored.avatar, DEFAULT_LOCAL_USER_INFO.avatar),
    username: text(stored.username),
  };
}

function notifyLocal() {
  localSnapshot = null;
  for (const listener of [...localListeners]) listener();
}

export function saveLocalUserInfo(info: LocalUserInfo): void {
  writeStored('localUserInfo', info);
  notifyLocal();
}

/** Log out (docs/product/accounts.md#log-out): the local user info goes back to its defaults. */
export function resetLocalUserInfo(): void {
  saveLocalUserInfo(DEFAULT_LOCAL_USER_INFO);
}

function onStorage(event: StorageEvent) {
  if (event.key === null || event.key === STORAGE_KEYS.localUserInfo) notifyLocal();
}

export function subscribeLocal(listener: () => void): () => void {
  if (localListeners.size === 0) window.addEventListener('storage', onStorage);
  localListeners.add(listener);
  return () => {
    localListeners.delete(listener);
    if (localListeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function localUserInfoSnapshot(): LocalUserInfo {
  localSnapshot ??= readLocalUserInfo();
  return localSnapshot;
}
