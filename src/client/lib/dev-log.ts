/**
 * Developer logging (docs/product/accounts.md#developer-logging): `devLog(...)` writes to the console only
 * while someone with adminRank 3 or more is logged in; for everyone else it does nothing. The auth
 * state tells this module who is logged in.
 */
import { DEV_LOG_MIN_RANK } from './current-user';

let signedInRank: number | null = null;

/** Called by the auth state whenever the signed-in user changes (null when signed out). */
export function setDevLogRank(adminRank: number | null): void {
  signedInRank = adminRank;
}

export function devLogEnabled(): boolean {
  return signedInRank !== null && signedInRank >= DEV_LOG_MIN_RANK;
}

export function devLog(...data: unknown[]): void {
  // console.debug: developer detail, never an error that a test or a monitor would count.
  if (devLogEnabled()) console.debug('[dev]', ...data);
}
