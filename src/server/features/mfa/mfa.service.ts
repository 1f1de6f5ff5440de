/**
 * What other parts may do with an admin's authenticator: the command line resets a lost one, and
 * hands out the one-time code the first set-up asks for.
 */
import type { Kysely } from 'kysely';
import { MFA_ENROLMENT_CODE_MINUTES } from '#shared/admin-security-schemas';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { deleteUserSessions, forgetMfaDevices } from '#server/features/accounts/accounts.service';
import { forgetPasskeys } from '#server/features/passkeys/passkeys.service';
import { loadMfaKey, MFA_KEY_FILE, unseal } from './mfa-key';
import {
  confirmedSecrets,
  deleteMfa,
  deleteUnconfirmedMfa,
  findMfa,
  saveEnrolmentCode,
} from './mfa.repository';
import { hashRecoveryCode, newEnrolmentCode } from './recovery-codes';

/**
 * Forgets the user's authenticator, its recovery codes, its passkeys and the browsers that entered
 * them, and ends every session, in one transaction: a session left open (on the lost device, say) could
 * otherwise set up an authenticator of its own. The owner logs in again and sets up the app anew.
 * Says whether there was an authenticator app, and how many passkeys were removed.
 */
export async function resetMfa(
  db: Kysely<Database>,
  userId: string,
): Promise<{ hadAuthenticator: boolean; removedPasskeys: number }> {
  return db.transaction().execute(async (trx) => {
    const had = await deleteMfa(trx, userId);
    // Passkeys are authenticators too (one may be on the lost phone), and the requirement goes
    // with them, so the new set-up starts from the app.
    const passkeys = await forgetPasskeys(trx, userId);
    await deleteUserSessions(trx, userId);
    // A browser that entered codes (the lost laptop, say) no longer has tries of its own.
    await forgetMfaDevices(trx, userId);
    return { hadAuthenticator: had, removedPasskeys: passkeys };
  });
}

/**
 * A new one-time code for the account's first authenticator set-up (docs/product/desk.md#admin-multi-factor),
 * valid for 15 minutes and kept only as its hash; null when an authenticator is already set up
 * (replacing it needs a code from it instead). Only the command line calls this: whoever runs the
 * site hands the code to the admin, so a stolen password alone cannot set up an authenticator.
 */
export async function issueEnrolmentCode(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<string | null> {
  const mfa = await findMfa(db, userId);
  if (mfa?.confirmed_at) return null;
  const code = newEnrolmentCode();
  const expiresAt = new Date(now.getTime() + MFA_ENROLMENT_CODE_MINUTES * 60_000);
  await db.transaction().execute(async (trx) => {
    // A set-up offered before this code (by whoever held the password) must not be confirmed
    // with it: from now on only one started with the code can be.
    await deleteUnconfirmedMfa(trx, userId);
    await saveEnrolmentCode(trx, userId, hashRecoveryCode(code), expiresAt, now);
  });
  return code;
}

/**
 * Start-up warnings (README, "The owner's desk") when this server's key cannot open authenticators
 * already set up: a restored or copied DATA_DIR without its mfa.key makes a new key at start, and
 * a changed MFA_KEY is another key; either way every admin would meet the error only at the desk.
 * `madeKeyFile`: DATA_DIR had no mfa.key before this start (and MFA_KEY is not set).
 */
export async function authenticatorKeyWarnings(
  db: Kysely<Database>,
  config: Pick<Config, 'mfaKey' | 'dataDir'>,
  madeKeyFile: boolean,
): Promise<string[]> {
  const key = loadMfaKey(config);
  const unreadable = (await confirmedSecrets(db)).filter((sealed) => {
    try {
      unseal(key, sealed);
      return false;
    } catch {
      return true;
    }
  }).length;
  if (unreadable === 0) return [];
  const cause = madeKeyFile
    ? `DATA_DIR had no ${MFA_KEY_FILE}, so this start made a new key, and`
    : `The MFA key (${config.mfaKey ? 'MFA_KEY' : `${MFA_KEY_FILE} in DATA_DIR`}) changed:`;
  const admins =
    unreadable === 1 ? '1 admin’s authenticator' : `${unreadable} admins’ authenticators`;
  return [
    `${cause} ${admins} set up under the old key cannot be opened with it. Stop the site and put back the ${MFA_KEY_FILE} kept with your backups (or set MFA_KEY to it); otherwise each admin opens the desk with a recovery code and replaces the authenticator, or run npm run admin -- reset-mfa <email>.`,
  ];
}
