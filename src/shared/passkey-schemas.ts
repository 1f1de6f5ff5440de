/**
 * Passkeys (docs/product/accounts.md#passkeys): the bodies the browser sends for the WebAuthn ceremonies
 * (their shape only; the server's library checks what they mean), the answers it reads, the limits
 * and every message, shared so the account page, the log-in pop-up and the API say the same words.
 */
import { z } from 'zod';
import { loginPasswordSchema } from './account-schemas';
import { hasInvisibleCharacters } from './username-scripts';

/** At most this many passkeys per account. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** A ceremony's challenge works once, for this long. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/**
 * A session this young adds a passkey without the password again (sign-up, a fresh log-in); an
 * older one asks for it, so a stolen session cookie cannot plant a lasting way in.
 */
export const PASSKEY_FRESH_SIGN_IN_MINUTES = 15;

export const PASSKEY_MESSAGES = {
  nameFormat: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  answerInvalid: 'The passkey answer is not valid. Please try again.',
  challengeExpired: 'This passkey request expired or was already used. Please try again.',
  wrongOrigin: 'This passkey answer was made for another site, so it is refused.',
  userNotVerified:
    'Your device did not confirm it is you (fingerprint, face or PIN). Try again and confirm on the device.',
  unknownPasskey:
    'This passkey is not registered here: it may have been removed. Log in with your password, or use another passkey.',
  otherAccount: 'This passkey belongs to another account.',
  alreadyAdded: 'This passkey is already on your account.',
  verificationFailed: 'The passkey could not be verified. Please try again.',
  counterBackwards:
    "This passkey's use count went backwards, as a copied passkey's would, so it is refused. If it is yours, remove it and add it again.",
  tooMany: `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one to add another.`,
  passwordNeeded: 'Enter your current password to add a passkey.',
  gone: 'This passkey is already gone.',
  /** The browser's own: the prompt was closed or timed out. */
  cancelled: 'The passkey prompt was closed before it finished.',
  unsupported: 'This browser cannot use passkeys.',
  /** The desk (docs/product/desk.md#admin-multi-factor). */
  noDeskPasskey:
    'No passkey opens the desk for this account yet. Add one on your account page while the desk is open in this browser.',
  notForDesk: 'This passkey does not open the desk for this account.',
  passkeyOnly: 'This account opens the desk with a passkey only. Use your passkey.',
  recoveryNeedsKnownBrowser:
    'This account requires a passkey, so a recovery code works only in a browser that opened the desk before. Ask whoever runs the site to run npm run admin -- reset-mfa <your email>.',
  appOff:
    'The authenticator app is off while this account requires a passkey. Turn off "Require a passkey" first.',
  lastDeskPasskey:
    'The desk requires a passkey and this is the last one that opens it. Turn off "Require a passkey" at the desk first.',
} as const;

/** base64url text of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.answerInvalid })
    .max(max, { error: PASSKEY_MESSAGES.answerInvalid })
    .regex(/^[A-Za-z0-9_-]*$/, { error: PASSKEY_MESSAGES.answerInvalid });

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** A credential id is at most 1023 bytes (WebAuthn Level 3), 1364 characters in base64url. */
const credentialId = base64url(1364).min(1, { error: PASSKEY_MESSAGES.answerInvalid });

const clientExtensionResults = z.record(z.string(), z.unknown());

/** What navigator.credentials.create() gave, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: PASSKEY_MESSAGES.answerInvalid }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(32768),
      authenticatorData: base64url(16384).optional(),
      transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(8192).optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.answerInvalid },
);
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What navigator.credentials.get() gave. */
export const authenticationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: PASSKEY_MESSAGES.answerInvalid }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(16384),
      signature: base64url(8192),
      userHandle: base64url(1024).optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.answerInvalid },
);
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameFormat })
  .trim()
  .min(1, { error: PASSKEY_MESSAGES.nameFormat })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: PASSKEY_MESSAGES.nameFormat })
  .refine((name) => !hasInvisibleCharacters(name) && !/\p{Cc}/u.test(name), {
    error: PASSKEY_MESSAGES.nameFormat,
  });

/** POST /api/me/passkeys/options: the password, when the session is not fresh. */
export const passkeyOptionsRequestSchema = z
  .strictObject({ password: loginPasswordSchema.optional() })
  .nullish();

/** POST /api/me/passkeys: the new credential, and a name (else one from the device). */
export const addPasskeySchema = z.strictObject({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});

export const renamePasskeySchema = z.strictObject({ name: passkeyNameSchema });

export const passkeyIdParamsSchema = z.strictObject({
  id: z.string().min(1).max(64),
});

/** POST /api/auth/passkey and the desk's passkey check. */
export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema });

export const passkeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the person's other devices (backed up by its provider). */
  synced: z.boolean(),
  /** Opens the owner's desk (an admin's passkey added while the desk was open). */
  desk: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

export const passkeyListSchema = z.object({
  passkeys: z.array(passkeyViewSchema),
  /** Adding one asks for the current password first (the session is older than 15 minutes). */
  passwordNeeded: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyResponseSchema = z.object({ passkey: passkeyViewSchema });

/**
 * The options handed to navigator.credentials.create()/get(), as the server's library makes them;
 * a loose object, since they are WebAuthn's own (no secret is in them).
 */
export const ceremonyOptionsSchema = z.object({
  options: z.custom<{ challenge: string }>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { challenge?: unknown }).challenge === 'string',
  ),
});
