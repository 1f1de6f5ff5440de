/**
 * One schema per account input (docs/architecture.md#schemas-and-validation): the server validates
 * with these and the forms show their messages, so both say the same words. Messages are the
 * product's (docs/product/api.md#account-field-messages) word for word; the few rules the first
 * specification did not have (length caps, a breached-password check) have their own plain messages
 * (docs/product/departures.md#accounts-beyond-the-first-specification).
 */
import { z } from 'zod';
import { TEXT_AREA_MAX_LENGTH } from './text-limits';
import { hasInvisibleCharacters, isSingleScript } from './username-scripts';

export const MESSAGES = {
  emailMissing: 'Email is missing.',
  emailNoAt: "Email is missing an '@' symbol.",
  emailInvalid: 'Email address is not valid.',
  emailTooLong: 'Email has to be less than 255 characters.',
  emailConfirmMissing: 'Please confirm your email by typing it in twice.',
  emailConfirmMismatch: 'Email addresses need to be identical.',
  passwordMissing: 'Password is missing.',
  passwordTooShort: 'Password has to be atleast 6 characters.',
  passwordTooLong: 'Password has to be less than 257 characters.',
  passwordTooCommon: 'This password is too common. Please choose another one.',
  passwordConfirmMissing: 'Please confirm your password by typing it in twice.',
  passwordConfirmMismatch: 'Your passwords need to be identical.',
  usernameMissing: 'Username is missing.',
  usernameTooLong: 'Username has to be less than 21 characters.',
  usernameTooShort: 'Username has to be atleast 2 characters.',
  usernameInvalid: 'Username can only use letters, numbers, spaces and . _ -',
  usernameInvisible:
    'Username cannot contain invisible or blank characters other than a plain space.',
  usernameMixedScripts:
    'Username has to use letters of one alphabet: Latin, Cyrillic and Greek letters, for example, cannot be mixed.',
  bioMissing: 'Bio is missing.',
  avatarInvalid: 'Please choose one of the four avatars.',
  currentPasswordMissing: 'Current password is missing.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordWrong: 'The password is not correct.',
  loginFailed: 'The email or password is not correct.',
  accountDisabled: 'This account is disabled.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  usernameLookAlike: 'This username looks too much like one that is already taken.',
  resetLinkInvalid: 'This reset link has expired or was already used.',
  verificationLinkInvalid: 'This verification link has expired or was already used.',
  emailAlreadyVerified: 'This email address is already verified.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Caps the work one hash can cost; far above any real passphrase. */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;
export { TEXT_AREA_MAX_LENGTH };
export const SELECTABLE_AVATARS = 4;
export const BUNDLED_AVATARS = 5;
export const DEFAULT_AVATAR = 2;

export function agreementMessage(name: string): string {
  return `You must accept our ${name} to continue.`;
}

export function textAreaTooLongMessage(label: string, max = TEXT_AREA_MAX_LENGTH): string {
  return `${label} has to be less than ${max + 1} characters.`;
}

/**
 * The generic helper of docs/product/api.md#validation-rules: present when neither null nor the empty
 * string.
 */
export function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

const requiredString = (message: string) =>
  z.string({ error: message }).min(1, { error: message, abort: true });

/** Also refuses the characters mail software reads as address separators or display-name syntax. */
export const emailSchema = requiredString(MESSAGES.emailMissing)
  .trim()
  .min(1, { error: MESSAGES.emailMissing, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true })
  .refine((v) => v.includes('@'), { error: MESSAGES.emailNoAt, abort: true })
  .refine((v) => /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()"]+$/.test(v), {
    error: MESSAGES.emailInvalid,
    abort: true,
  })
  .transform((v) => v.toLowerCase());

export const passwordSchema = requiredString(MESSAGES.passwordMissing)
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true });

/** Log-in only checks presence: an old account's password is whatever it was. */
export const loginPasswordSchema = requiredString(MESSAGES.passwordMissing).max(
  PASSWORD_MAX_LENGTH,
  {
    error: MESSAGES.passwordTooLong,
    abort: true,
  },
);

/**
 * Look-alikes are refused here, where both sides see them (docs/product/accounts.md#usernames): invisible
 * characters and mixed scripts. A name that looks like a taken one is the server's to say.
 */
export const usernameSchema = requiredString(MESSAGES.usernameMissing)
  .trim()
  .min(1, { error: MESSAGES.usernameMissing, abort: true })
  .max(USERNAME_MAX_LENGTH, { error: MESSAGES.usernameTooLong, abort: true })
  .min(USERNAME_MIN_LENGTH, { error: MESSAGES.usernameTooShort, abort: true })
  .refine((v) => !hasInvisibleCharacters(v), { error: MESSAGES.usernameInvisible, abort: true })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, { error: MESSAGES.usernameInvalid, abort: true })
  .refine(isSingleScript, { error: MESSAGES.usernameMixedScripts, abort: true });

export const selectableAvatarSchema = z
  .number({ error: MESSAGES.avatarInvalid })
  .int({ error: MESSAGES.avatarInvalid })
  .min(0, { error: MESSAGES.avatarInvalid })
  .max(SELECTABLE_AVATARS - 1, { error: MESSAGES.avatarInvalid });

export const bioSchema = requiredString(MESSAGES.bioMissing)
  .trim()
  .min(1, { error: MESSAGES.bioMissing, abort: true })
  .max(TEXT_AREA_MAX_LENGTH, { error: textAreaTooLongMessage('Bio'), abort: true });

/**
 * POST /api/auth/register: the sign-up payload (docs/product/api.md#account-routes). Unknown fields are
 * dropped, never stored.
 */
export const registerPayloadSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  avatar: selectableAvatarSchema,
  subscribedToNewsletter: z.boolean({ error: 'subscribedToNewsletter must be true or false.' }),
  currentUTCTime: z.string({ error: 'currentUTCTime is missing.' }).max(64),
});
export type RegisterPayload = z.input<typeof registerPayloadSchema>;

export const loginPayloadSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export type LoginPayload = z.input<typeof loginPayloadSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: 'The reset link is not valid.' }).min(1).max(200),
  password: passwordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: requiredString(MESSAGES.currentPasswordMissing).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** PATCH /api/me: each field optional; when given it is validated like the forms. */
export const updateMePayloadSchema = z
  .object({
    username: usernameSchema.optional(),
    avatar: selectableAvatarSchema.optional(),
    bio: bioSchema.optional(),
    subscribedToNewsletter: z.boolean().optional(),
  })
  .strict();

export const deleteAccountSchema = z.object({ password: loginPasswordSchema });

export interface FieldError {
  field: string;
  message: string;
}

type Check = [field: string, check: () => string | null];

function schemaMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value.');
}

function firstError(checks: Check[]): FieldError | null {
  for (const [field, check] of checks) {
    const message = check();
    if (message) return { field, message };
  }
  return null;
}

export interface SignUpForm {
  email: string;
  emailConfirm: string;
  username: string;
  password: string;
  passwordConfirm: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

/**
 * The sign-up form's rules in the order the form shows them; only the first error is shown
 * (docs/product/api.md#validation-rules).
 */
export function validateSignUpForm(form: SignUpForm): FieldError | null {
  return firstError([
    ['email', () => schemaMessage(emailSchema, form.email)],
    [
      'emailConfirm',
      () =>
        !isPresent(form.emailConfirm.trim())
          ? MESSAGES.emailConfirmMissing
          : form.emailConfirm.trim().toLowerCase() !== form.email.trim().toLowerCase()
            ? MESSAGES.emailConfirmMismatch
            : null,
    ],
    ['username', () => schemaMessage(usernameSchema, form.username)],
    ['password', () => schemaMessage(passwordSchema, form.password)],
    [
      'passwordConfirm',
      () =>
        !isPresent(form.passwordConfirm)
          ? MESSAGES.passwordConfirmMissing
          : form.passwordConfirm !== form.password
            ? MESSAGES.passwordConfirmMismatch
            : null,
    ],
    ['acceptTerms', () => (form.acceptTerms ? null : agreementMessage('Terms of service'))],
    ['acceptPrivacy', () => (form.acceptPrivacy ? null : agreementMessage('Privacy policy'))],
  ]);
}

export function validateLoginForm(form: { email: string; password: string }): FieldError | null {
  return firstError([
    ['email', () => schemaMessage(emailSchema, form.email)],
    ['password', () => schemaMessage(loginPasswordSchema, form.password)],
  ]);
}

export function validateNewPasswordForm(form: {
  password: string;
  passwordConfirm: string;
}): FieldError | null {
  return firstError([
    ['password', () => schemaMessage(passwordSchema, form.password)],
    [
      'passwordConfirm',
      () =>
        !isPresent(form.passwordConfirm)
          ? MESSAGES.passwordConfirmMissing
          : form.passwordConfirm !== form.password
            ? MESSAGES.passwordConfirmMismatch
            : null,
    ],
  ]);
}

/** The user info the API returns (docs/product/data.md#users-table); no secrets. */
export const userInfoSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.number().int(),
  bio: z.string(),
  adminRank: z.number().int(),
  userPrivileges: z.object({ earlyUser: z.boolean() }),
  subscribedToNewsletter: z.boolean(),
  subscribedProducts: z.array(z.unknown()),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const meResponseSchema = z.object({ user: userInfoSchema.nullable() });

/** 201 of POST /api/auth/register, 200 of POST /api/auth/login and PATCH /api/me. */
export const userResponseSchema = z.object({ user: userInfoSchema });

/**
 * The thresholds (docs/product/accounts.md#admin-role, docs/product/accounts.md#developer-logging): the Admin button
 * and admin routes above 9, developer logging from 3.
 */
export const ADMIN_RANK_ABOVE = 9;
export const DEV_LOGGING_MIN_RANK = 3;

/** POST /api/auth/verify-email: the token from the mail's /account?verify=… link. */
export const verifyEmailPayloadSchema = z.object({
  token: z.string({ error: 'The verification link is not valid.' }).min(1).max(200),
});

/** 202 of POST /api/auth/password-reset (always the same) and POST /api/me/email-verification. */
export const mailSentResponseSchema = z.object({ status: z.literal('sent') });

/** 200 of POST /api/auth/verify-email. */
export const emailVerifiedResponseSchema = z.object({ status: z.literal('verified') });

/** 200 of POST /api/me/sessions/revoke-others: how many other sessions were ended. */
export const revokedSessionsResponseSchema = z.object({ revoked: z.number().int().min(0) });

/** GET /api/me/export: everything stored about the signed-in user, without secrets. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  user: userInfoSchema,
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      current: z.boolean(),
    }),
  ),
  productAccess: z.array(
    z.object({
      product: z.string(),
      kind: z.string(),
      platformUsername: z.string(),
      status: z.string(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  submissions: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      status: z.string(),
      payload: z.unknown(),
      createdAt: z.string(),
    }),
  ),
  errorReports: z.array(
    z.object({
      id: z.string(),
      error: z.string(),
      errorName: z.string(),
      page: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  mailLists: z.array(
    z.object({
      list: z.string(),
      email: z.string(),
      state: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** The Nowou items synced through the account, deleted ones kept for 30 days included. */
  nowou: z.array(
    z.object({
      key: z.string(),
      modifiedAt: z.string(),
      deleted: z.boolean(),
      value: z.unknown(),
    }),
  ),
  /** The account's passkeys: names and dates (the keys themselves are public keys, never listed). */
  passkeys: z.array(
    z.object({
      name: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      synced: z.boolean(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
