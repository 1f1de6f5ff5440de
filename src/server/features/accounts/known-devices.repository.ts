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

/** True when this browser proved anything to the account after `since`. */
export async function deviceKnownToAccount(
  db: Kysely<Database>,
  tokenHash: string,
  userId: string,
  since: Date,
): Promise<boolean> {
  const at = since.toISOString();
  const row = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('login_at', '>', at), eb('mfa_verified_at', '>', at)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The account with this email when this browser proved `proof` to it after `since`, else null.
 * One query whether or not the email has an account, so its timing says nothing about accounts.
 */
export async function deviceKnownToEmail(
  db: Kysely<Database>,
  tokenHash: string,
  email: string,
  proof: DeviceProof,
  since: Date,
): Promise<string | null> {
  const row = await db
    .selectFrom('known_devices')
    .innerJoin('users', 'users.id', 'known_devices.user_id')
    .select('users.id')
    .where('known_devices.token_hash', '=', tokenHash)
    .where('users.email', '=', email)
    .where(`known_devices.${COLUMN[proof]}`, '>', since.toISOString())
    .executeTakeFirst();
  return row?.id ?? null;
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
