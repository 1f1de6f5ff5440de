/**
 * What other parts may do with passkeys: the desk's second factor (the MFA domain asks for a
 * passkey check and reads whether an admin requires one), the command line's reset-mfa (which
 * forgets them with the authenticator), and the account's data export.
 */
import type { Kysely } from 'kysely';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_MESSAGES, type AuthenticationResponse } from '#shared/passkey-schemas';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';
import { authenticationOptions, relyingParty, verifyAssertion } from './ceremonies';
import {
  deleteAllPasskeys,
  listPasskeys,
  passkeyRequired,
  setPasskeyRequirement,
  type Passkey,
} from './passkeys.repository';

export { passkeyRequired, setPasskeyRequirement };
export type { Passkey };

/** The account's passkeys that open the desk (added while its second factor was fresh). */
export async function deskPasskeys(db: Kysely<Database>, userId: string): Promise<Passkey[]> {
  return (await listPasskeys(db, userId)).filter((passkey) => passkey.desk === 1);
}

/** Options for a desk check with one of the account's desk passkeys; null when it has none. */
export async function deskPasskeyOptions(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  userId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const allowed = await deskPasskeys(db, userId);
  if (allowed.length === 0) return null;
  return authenticationOptions(db, relyingParty(config), 'desk', userId, allowed);
}

/**
 * Checks a desk passkey's assertion for this account (its own challenge, its own desk passkey);
 * the passkey used, or an ApiError saying why not. `onPasskey` hears of the passkey named before
 * its signature is checked (the audit log names it even when refused).
 */
export async function verifyDeskPasskey(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  userId: string,
  response: AuthenticationResponse,
  onPasskey?: (passkey: Passkey) => void,
): Promise<Passkey> {
  return verifyAssertion(db, relyingParty(config), response, {
    purpose: 'desk',
    userId,
    accept: (passkey) => {
      onPasskey?.(passkey);
      if (passkey.user_id !== userId || passkey.desk !== 1)
        throw new ApiError('invalid-argument', PASSKEY_MESSAGES.notForDesk);
    },
  });
}

/** Forgets the account's passkeys and its requirement (reset-mfa, in its transaction). */
export async function forgetPasskeys(db: Kysely<Database>, userId: string): Promise<number> {
  return deleteAllPasskeys(db, userId);
}

/** The account's passkeys for its data export: names and dates, never a key. */
export async function passkeysForExport(db: Kysely<Database>, userId: string) {
  return (await listPasskeys(db, userId)).map((passkey) => ({
    name: passkey.name,
    createdAt: passkey.created_at,
    lastUsedAt: passkey.last_used_at,
    synced: passkey.backed_up === 1,
  }));
}
