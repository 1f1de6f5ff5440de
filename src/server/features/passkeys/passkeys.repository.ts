/** The only reads and writes of passkeys, passkey_challenges and passkey_requirements. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeyChallengesTable, PasskeysTable } from '#server/db/schema';

export type Passkey = Selectable<PasskeysTable>;
export type PasskeyChallenge = Selectable<PasskeyChallengesTable>;
export type ChallengePurpose = 'register' | 'sign-in' | 'desk';

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Kysely<Database>, userId: string): Promise<Passkey[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many of the account's passkeys open the desk. */
export async function deskPasskeyCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('desk', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findPasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Passkey | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findByCredentialId(
  db: Kysely<Database>,
  credentialId: string,
): Promise<Passkey | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  backupEligible: boolean;
  backedUp: boolean;
  desk: boolean;
}

export async function insertPasskey(
  db: Kysely<Database>,
  input: NewPasskey,
  now = new Date(),
): Promise<Passkey> {
  return db
    .insertInto('passkeys')
    .values({
      id: randomUUID(),
      user_id: input.userId,
      credential_id: input.credentialId,
      public_key: input.publicKey,
      counter: input.counter,
      transports: JSON.stringify(input.transports),
      name: input.name,
      backup_eligible: input.backupEligible ? 1 : 0,
      backed_up: input.backedUp ? 1 : 0,
      desk: input.desk ? 1 : 0,
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Notes a use: the new counter, whether it is backed up now, and when. One statement that only
 * moves the counter forward, or keeps 0 at 0 (a synced passkey never counts), so two requests with
 * one assertion cannot both pass. True when this caller got it.
 */
export async function recordUse(
  db: Kysely<Database>,
  passkey: Pick<Passkey, 'id' | 'counter'>,
  newCounter: number,
  backedUp: boolean,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, backed_up: backedUp ? 1 : 0, last_used_at: now.toISOString() })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
    .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey | undefined> {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Forgets every passkey of the account and its desk requirement (the command line's reset-mfa). */
export async function deleteAllPasskeys(db: Kysely<Database>, userId: string): Promise<number> {
  await db.deleteFrom('passkey_requirements').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps a new challenge (its hash) and drops the expired ones on the way. */
export async function saveChallenge(
  db: Kysely<Database>,
  challengeHash: string,
  purpose: ChallengePurpose,
  userId: string | null,
  expiresAt: Date,
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: challengeHash,
      purpose,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
}

/**
 * Takes a challenge out, in one statement, so it is used once whatever happens next: the row it
 * was, or undefined when it is unknown or already used. The caller checks purpose, account and age.
 */
export async function takeChallenge(
  db: Kysely<Database>,
  challengeHash: string,
): Promise<PasskeyChallenge | undefined> {
  return db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', challengeHash)
    .returningAll()
    .executeTakeFirst();
}

export async function passkeyRequired(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkey_requirements')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPasskeyRequirement(
  db: Kysely<Database>,
  userId: string,
  required: boolean,
  now = new Date(),
): Promise<void> {
  if (!required) {
    await db.deleteFrom('passkey_requirements').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('passkey_requirements')
    .values({ user_id: userId, required_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
