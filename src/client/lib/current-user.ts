/** The signed-in user as the client holds it (spec §3 "Current user in the client"). */
export interface CurrentUser {
  username: string;
  avatar: number;
  adminRank: number;
}

/** The spec's admin threshold: the Admin button shows when adminRank is above 9 (spec §6, §9). */
export const ADMIN_RANK_ABOVE = 9;

export function isAdmin(user: CurrentUser | null): boolean {
  return user !== null && user.adminRank > ADMIN_RANK_ABOVE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads GET /api/me's body: the user info itself or wrapped as `{ user }`. Anything without a user
 * (null, `{ user: null }`) means signed out. Missing numbers take the spec's defaults.
 */
export function currentUserFromMe(body: unknown): CurrentUser | null {
  const info = isRecord(body) && 'user' in body ? body.user : body;
  if (!isRecord(info)) return null;
  if (
    typeof info.username !== 'string' &&
    typeof info.avatar !== 'number' &&
    typeof info.adminRank !== 'number'
  ) {
    return null;
  }
  return {
    username: typeof info.username === 'string' ? info.username : '',
    avatar: typeof info.avatar === 'number' ? info.avatar : 2,
    adminRank: typeof info.adminRank === 'number' ? info.adminRank : 0,
  };
}
