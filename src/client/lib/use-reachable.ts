/** Whether the API can be reached, as this tab last saw it (connectivity.ts), kept current. */
import { useSyncExternalStore } from 'react';
import { isReachable, subscribeReachability } from './connectivity';

export function useReachable(): boolean {
  return useSyncExternalStore(subscribeReachability, isReachable, () => true);
}
