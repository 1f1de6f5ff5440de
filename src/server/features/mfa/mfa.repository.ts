/** The only reads and writes of admin_mfa, mfa_recovery_codes and mfa_enrolment_codes. */
import type { Kysely } from 'kysely';
import type { AdminMfaTable, Database } from '#server/db/schema';
import type { Selectable } from 'kysely';

export type AdminMfa = Selectable<AdminMfaTable>;

export async function findMfa(db: Kysely<Database>, userId: string): Promise<AdminMfa | undefined> {
  return db.selectFrom('admin_mfa').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The sealed secret of every authenticator set up (confirmed), for the key's check at start-up. */
export async function confirmedSecrets(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('admin_mfa')
    .select('secret_sealed')
    .where('confirmed_at', 'is not', null)
    .execute();
  return rows.map((row) => row.secret_sealed);
}

/**
 * Offers a new secret: replaces any earlier one, which stays valid nowhere once this is confirmed.
 * `sessionHash` names the session that entered the enrolment code, the only one that may confirm it.
 */
export async function savePendingMfa(
  db: Kysely<Database>,
  userId: string,
  secretSealed: string,
  sessionHash: string | null = null,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('admin_mfa')
    .values({
      user_id: userId,
      secret_sealed: secretSealed,
      created_at: now.toISOString(),
      confirmed_at: null,
      last_used_step: null,
      pending_secret_sealed: null,
      enrolment_session_hash: sessionHash,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        secret_sealed: secretSealed,
        created_at: now.toISOString(),
        confirmed_at: null,
        last_used_step: null,
        enrolment_session_hash: sessionHash,
      }),
    )
    .execute();
}

/**
 * Takes the step of an accepted code, unless that step or a later one was already used: true when
 * this caller got it. One statement, so two requests with one code cannot both pass.
 */
export async function claimStep(
  db: Kysely<Database>,
  userId: string,
  step: number,
  confirmAt?: Date,
): Promise<boolean> {
  let update = db.updateTable('admin_mfa').set({ last_used_step: step });
  // Confirming happens once: of two confirms at once, only the first gets the recovery codes.
  if (confirmAt)
    update = update
      .set({ confirmed_at: confirmAt.toISOString(), enrolment_session_hash: null })
      .where('confirmed_at', 'is', null);
  const result = await update
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  codeHashes: string[],
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('mfa_recovery_codes')
      .values(
        codeHashes.map((code_hash) => ({
          code_hash,
          user_id: userId,
          created_at: now.toISOString(),
          used_at: null,
        })),
      )
      .execute();
  });
}

/** Uses up a recovery code: true when it was the user's and unused (one statement, so only once). */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(
  db: Kysely<Database>,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.left ?? 0);
}

/**
 * Forgets the authenticator and its recovery codes (a lost device: `npm run admin -- reset-mfa`).
 * Run it in a transaction.
 */
export async function deleteMfa(db: Kysely<Database>, userId: string): Promise<boolean> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('admin_mfa').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Offers a replacement for a working authenticator: kept beside it, so the one in use goes on
 * working until a code from the new one confirms the swap.
 */
export async function savePendingReplacement(
  db: Kysely<Database>,
  userId: string,
  secretSealed: string,
): Promise<void> {
  await db
    .updateTable('admin_mfa')
    .set({ pending_secret_sealed: secretSealed })
    .where('user_id', '=', userId)
    .execute();
}

/** Puts the confirmed replacement in place of the old secret, if it is still the one offered. */
export async function swapInReplacement(
  db: Kysely<Database>,
  userId: string,
  secretSealed: string,
  step: number,
): Promise<boolean> {
  const result = await db
    .updateTable('admin_mfa')
    .set({ secret_sealed: secretSealed, pending_secret_sealed: null, last_used_step: step })
    .where('user_id', '=', userId)
    .where('pending_secret_sealed', '=', secretSealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the account's one enrolment code (a new one replaces the last). */
export async function saveEnrolmentCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  expiresAt: Date,
  now = new Date(),
): Promise<void> {
  const values = {
    code_hash: codeHash,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
  await db
    .insertInto('mfa_enrolment_codes')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** True while the account has an enrolment code that has not expired (and, given a hash, is it). */
export async function enrolmentCodeValid(
  db: Kysely<Database>,
  userId: string,
  codeHash: string | null,
  now = new Date(),
): Promise<boolean> {
  let query = db
    .selectFrom('mfa_enrolment_codes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString());
  if (codeHash !== null) query = query.where('code_hash', '=', codeHash);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Uses up the account's enrolment code; true when there was one left. */
export async function useEnrolmentCode(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mfa_enrolment_codes')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets a set-up that was offered but never confirmed (a working authenticator stays). */
export async function deleteUnconfirmedMfa(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom('admin_mfa')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .execute();
}
