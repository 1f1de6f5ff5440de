/** The local user info (avatar and username kept in the browser), kept current across components and other tabs. */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCAL_USER_INFO, localUserInfoSnapshot, subscribeLocal } from './current-user';
import type { LocalUserInfo } from './storage';

export function useLocalUserInfo(): LocalUserInfo {
  return useSyncExternalStore(subscribeLocal, localUserInfoSnapshot, () => DEFAULT_LOCAL_USER_INFO);
}
