/**
 * The admin's security routes (docs/product/desk.md#admin-multi-factor, docs/product/desk.md#audit-log): the
 * bodies the desk sends and the answers it reads, shared so both sides give the same messages.
 */
import { z } from 'zod';
import { authenticationResponseSchema } from './passkey-schemas';

export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryFormat: 'Enter a recovery code like abcd-efgh-ijkl-mnop-qrst-uvwx.',
  wrongCode: 'That code is not correct, or it was already used. Wait for the next one.',
  wrongRecoveryCode: 'That recovery code is not correct, or it was already used.',
  noEnrolment: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  alreadyEnrolled: 'An authenticator is already set up for this account.',
  enrolmentCodeFormat:
    'Enter the enrolment code the command line printed for you, like abcd-efgh-ijkl-mnop.',
  enrolmentCodeWrong:
    'That enrolment code is not right, or it expired or was used. Ask whoever runs the site to run npm run admin -- set-rank <your email> <rank> again for a new one.',
  keyUnreadable:
    "This server cannot read your authenticator's key: the site's MFA key changed since you set it up. Use a recovery code, then replace the authenticator; or ask whoever runs the site to restore the old key.",
} as const;

export const RECOVERY_CODE_COUNT = 10;
/** How long the command line's enrolment code works. */
export const MFA_ENROLMENT_CODE_MINUTES = 15;

export const totpCodeSchema = z
  .string({ error: MFA_MESSAGES.codeFormat })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: MFA_MESSAGES.codeFormat }));

export const recoveryCodeSchema = z
  .string({ error: MFA_MESSAGES.recoveryFormat })
  .transform((value) => value.trim().toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{24}$/, { error: MFA_MESSAGES.recoveryFormat }));

export const mfaConfirmSchema = z.strictObject({ code: totpCodeSchema });

/** 16 base32 characters in groups of four; dashes, spaces and case do not matter. */
export const enrolmentCodeSchema = z
  .string({ error: MFA_MESSAGES.enrolmentCodeFormat })
  .transform((value) => value.trim().toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{16}$/, { error: MFA_MESSAGES.enrolmentCodeFormat }));

/**
 * POST /api/admin/mfa/enrolment: the first set-up needs the command line's enrolment code;
 * replacing a working authenticator needs a recent code from it instead (a step-up).
 */
export const mfaEnrolmentStartSchema = z
  .strictObject({ enrolmentCode: enrolmentCodeSchema.optional() })
  .nullish();

/**
 * One of three: a code from the app, a passkey's answer to the desk's challenge
 * (docs/product/accounts.md#passkeys), or a recovery code when the phone is gone.
 */
export const mfaVerifySchema = z.union([
  z.strictObject({ code: totpCodeSchema }),
  z.strictObject({ passkey: authenticationResponseSchema }),
  z.strictObject({ recoveryCode: recoveryCodeSchema }),
]);

/**
 * PUT /api/admin/mfa/passkey-required: on, with a passkey's answer to the desk's challenge made
 * just now (so one surely works here); off, with a step-up like any change to the desk's factors.
 */
export const passkeyRequirementSchema = z.union([
  z.strictObject({ required: z.literal(true), passkey: authenticationResponseSchema }),
  z.strictObject({ required: z.literal(false) }),
]);

export const mfaStatusSchema = z.object({
  enrolled: z.boolean(),
  /** When this session last entered a code (null: not yet). */
  verifiedAt: z.string().nullable(),
  /** Until when sensitive actions need no new code. */
  stepUpUntil: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The account's passkeys that open the desk. */
  passkeys: z.number().int(),
  /** Only a passkey opens the desk (the authenticator app's codes are refused). */
  passkeyRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaEnrolmentSchema = z.object({
  /** Base32, to type in by hand. */
  secret: z.string(),
  /** otpauth:// URI, for the QR code. */
  uri: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

const isoDate = z.iso.datetime({ offset: true, error: 'Dates look like 2026-11-25T00:00:00Z.' });

export const auditQuerySchema = z.strictObject({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(80).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetId: z.string().nullable(),
  /** The email of the account the action was on, when it was on one that still exists. */
  targetLabel: z.string().nullable(),
  outcome: z.enum(['success', 'failure', 'denied']),
  details: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
  source: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last. */
  next: z.number().nullable(),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
