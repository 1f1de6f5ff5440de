/**
 * The WebAuthn ceremonies on the server (docs/product/accounts.md#passkeys), through @simplewebauthn/server:
 * the relying party is PUBLIC_URL's host name and the only origin accepted is PUBLIC_URL's own;
 * user verification (fingerprint, face, PIN) is required; each challenge is random, kept only as
 * its SHA-256, works once and for five minutes. Before the library checks the signature, the
 * answer is read for what can be told plainly (another site, an expired challenge, no user
 * verification, a counter gone backwards), so each refusal says why.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { decodeAttestationObject, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES,
  type AuthenticationResponse,
  type RegistrationResponse,
} from '#shared/passkey-schemas';
import type { Config } from '#server/config';
import type { Database, User } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';
import {
  findByCredentialId,
  recordUse,
  saveChallenge,
  takeChallenge,
  type ChallengePurpose,
  type Passkey,
} from './passkeys.repository';

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

export interface RelyingParty {
  /** The host name of PUBLIC_URL (`example.com`, `localhost`): what every passkey is bound to. */
  id: string;
  /** PUBLIC_URL's origin, the only one a ceremony may come from. */
  origin: string;
}

export function relyingParty(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

function refuse(message: string): never {
  throw new ApiError('invalid-argument', message);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function bytes(base64url: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(base64url, 'base64url'));
}

/** A fresh challenge, kept as its hash for this purpose (and account) for five minutes. */
async function issueChallenge(
  db: Kysely<Database>,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const challenge = new Uint8Array(randomBytes(32));
  const now = new Date();
  const text = Buffer.from(challenge).toString('base64url');
  await saveChallenge(
    db,
    sha256(text),
    purpose,
    userId,
    new Date(now.getTime() + CHALLENGE_MS),
    now,
  );
  return challenge;
}

interface ClientData {
  challenge: string;
  origin: string;
}

/** The parts of clientDataJSON the checks below need; anything unreadable is no answer at all. */
function readClientData(
  clientDataJSON: string,
  type: 'webauthn.create' | 'webauthn.get',
): ClientData {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    return refuse(PASSKEY_MESSAGES.answerInvalid);
  }
  if (typeof data !== 'object' || data === null) return refuse(PASSKEY_MESSAGES.answerInvalid);
  const { type: given, challenge, origin } = data as Record<string, unknown>;
  if (given !== type || typeof challenge !== 'string' || typeof origin !== 'string')
    return refuse(PASSKEY_MESSAGES.answerInvalid);
  return { challenge, origin };
}

/**
 * Checks what the browser signed before anything is looked up: the challenge is taken out for
 * good (unknown, used, another purpose's or account's, or older than five minutes: refused), and
 * the origin must be PUBLIC_URL's exactly.
 */
async function checkClientData(
  db: Kysely<Database>,
  rp: RelyingParty,
  clientData: ClientData,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<void> {
  const taken = await takeChallenge(db, sha256(clientData.challenge));
  const fits =
    taken !== undefined &&
    taken.purpose === purpose &&
    taken.user_id === userId &&
    Date.parse(taken.expires_at) > Date.now();
  if (!fits) refuse(PASSKEY_MESSAGES.challengeExpired);
  if (clientData.origin !== rp.origin) refuse(PASSKEY_MESSAGES.wrongOrigin);
}

function parseTransports(stored: string): AuthenticatorTransport[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? (list as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

function descriptor(passkey: Pick<Passkey, 'credential_id' | 'transports'>) {
  return { id: passkey.credential_id, transports: parseTransports(passkey.transports) };
}

/** The options for navigator.credentials.create(): a discoverable credential, verified user. */
export async function registrationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  rpName: string,
  user: Pick<User, 'id' | 'email' | 'username'>,
  existing: Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    // The account's id, never its email: the authenticator keeps the handle and hands it back.
    userID: new TextEncoder().encode(user.id),
    userName: user.email,
    userDisplayName: user.username || user.email,
    challenge: await issueChallenge(db, 'register', user.id),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backupEligible: boolean;
  backedUp: boolean;
}

/** Checks a new credential made for `userId`'s registration challenge. */
export async function verifyRegistration(
  db: Kysely<Database>,
  rp: RelyingParty,
  userId: string,
  response: RegistrationResponse,
): Promise<NewCredential> {
  const clientData = readClientData(response.response.clientDataJSON, 'webauthn.create');
  await checkClientData(db, rp, clientData, 'register', userId);
  let flags;
  try {
    const authData = decodeAttestationObject(bytes(response.response.attestationObject)).get(
      'authData',
    );
    flags = parseAuthenticatorData(authData).flags;
  } catch {
    return refuse(PASSKEY_MESSAGES.answerInvalid);
  }
  if (!flags.uv) refuse(PASSKEY_MESSAGES.userNotVerified);
  let result;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: clientData.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return refuse(PASSKEY_MESSAGES.verificationFailed);
  }
  if (!result.verified) return refuse(PASSKEY_MESSAGES.verificationFailed);
  const info = result.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ?? response.response.transports ?? [],
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
  };
}

/**
 * The options for navigator.credentials.get(): for a sign-in any passkey of this site (the
 * browser offers them, the one chosen names the account); for the desk only the account's own.
 */
export async function authenticationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  purpose: 'sign-in' | 'desk',
  userId: string | null,
  allowed: Passkey[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: await issueChallenge(db, purpose, userId),
    timeout: CHALLENGE_MS,
    userVerification: 'required',
    allowCredentials: allowed.map(descriptor),
  });
}

export interface AssertionCheck {
  purpose: 'sign-in' | 'desk';
  /** The account the challenge was offered to (the desk), or null (a sign-in). */
  userId: string | null;
  /** Refuses a passkey the caller cannot take (throws), before its signature is checked. */
  accept?: (passkey: Passkey) => void;
}

/**
 * Checks an assertion and records the use: the passkey it was made with. Refused, with the reason
 * in words: an answer for another challenge, site or purpose; a passkey not registered here (or
 * removed); a user handle naming another account than the passkey's; no user verification; a
 * counter that went backwards (a synced passkey's stays 0, which is fine); a bad signature.
 */
export async function verifyAssertion(
  db: Kysely<Database>,
  rp: RelyingParty,
  response: AuthenticationResponse,
  check: AssertionCheck,
): Promise<Passkey> {
  const clientData = readClientData(response.response.clientDataJSON, 'webauthn.get');
  await checkClientData(db, rp, clientData, check.purpose, check.userId);
  const passkey = await findByCredentialId(db, response.id);
  if (!passkey) {
    if (check.purpose === 'desk') refuse(PASSKEY_MESSAGES.notForDesk);
    throw new ApiError('unauthenticated', PASSKEY_MESSAGES.unknownPasskey);
  }
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id)
    refuse(PASSKEY_MESSAGES.otherAccount);
  check.accept?.(passkey);
  let parsed;
  try {
    parsed = parseAuthenticatorData(bytes(response.response.authenticatorData));
  } catch {
    return refuse(PASSKEY_MESSAGES.answerInvalid);
  }
  if (!parsed.flags.uv) refuse(PASSKEY_MESSAGES.userNotVerified);
  const stored = Number(passkey.counter);
  if ((parsed.counter > 0 || stored > 0) && parsed.counter <= stored)
    refuse(PASSKEY_MESSAGES.counterBackwards);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: clientData.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: bytes(passkey.public_key),
        counter: stored,
        transports: parseTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch {
    return refuse(PASSKEY_MESSAGES.verificationFailed);
  }
  if (!result.verified) return refuse(PASSKEY_MESSAGES.verificationFailed);
  const { newCounter, credentialBackedUp } = result.authenticationInfo;
  const now = new Date();
  if (
    !(await recordUse(db, { id: passkey.id, counter: stored }, newCounter, credentialBackedUp, now))
  )
    refuse(PASSKEY_MESSAGES.verificationFailed);
  return {
    ...passkey,
    counter: newCounter,
    backed_up: credentialBackedUp ? 1 : 0,
    last_used_at: now.toISOString(),
  };
}
