/**
 * The known_devices table: which browsers (a device cookie's SHA-256) gave an account its right
 * password, or its admin a right authenticator code, before. Rows go with the account.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export type DeviceProof = 'login' | 'mfa';

const COLUMN = { login: 'login_at', mfa: 'mfa_verified_at' } as const;

/** True when this browser proved `proof` to the account after `since`. */
export async function deviceKnown(
  db: Kysely<Database>,
  tokenHash: string,
  userId: string,
  proof: DeviceProof,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .select(COLUMN[proof])
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where(COLUMN[proof], '>', since.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that this browser proved `proof` to the account now. */
export async function saveDeviceProof(
  db: Kysely<Database>,
  tokenHash: string,
  userId: string,
  proof: DeviceProof,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('known_devices')
    .values({ token_hash: tokenHash, user_id: userId, created_at: at, [COLUMN[proof]]: at })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ [COLUMN[proof]]: at }))
    .execute();
}

/** Forgets which browsers entered the account's codes (its authenticator was reset). */
export async function forgetMfaDevices(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('known_devices')
    .set({ mfa_verified_at: null })
    .where('user_id', '=', userId)
    .execute();
}
