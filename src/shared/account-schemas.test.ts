import { describe, expect, test } from 'vitest';
import {
  agreementMessage,
  changePasswordSchema,
  deleteAccountSchema,
  emailSchema,
  isPresent,
  loginPayloadSchema,
  MESSAGES,
  passwordResetConfirmSchema,
  passwordSchema,
  registerPayloadSchema,
  textAreaTooLongMessage,
  updateMePayloadSchema,
  usernameSchema,
  userInfoSchema,
  validateLoginForm,
  validateNewPasswordForm,
  validateSignUpForm,
  type SignUpForm,
} from '#shared/account-schemas';
import type { z } from 'zod';

function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

describe('the account field messages, word for word', () => {
  test('texts', () => {
    expect(MESSAGES).toMatchObject({
      emailMissing: 'Email is missing.',
      emailNoAt: "Email is missing an '@' symbol.",
      emailConfirmMissing: 'Please confirm your email by typing it in twice.',
      emailConfirmMismatch: 'Email addresses need to be identical.',
      passwordMissing: 'Password is missing.',
      passwordTooShort: 'Password has to be atleast 6 characters.',
      passwordConfirmMissing: 'Please confirm your password by typing it in twice.',
      passwordConfirmMismatch: 'Your passwords need to be identical.',
      usernameMissing: 'Username is missing.',
      usernameTooLong: 'Username has to be less than 21 characters.',
      usernameTooShort: 'Username has to be atleast 2 characters.',
      bioMissing: 'Bio is missing.',
    });
    expect(agreementMessage('Terms of service')).toBe(
      'You must accept our Terms of service to continue.',
    );
    expect(textAreaTooLongMessage('Bio')).toBe('Bio has to be less than 30001 characters.');
  });

  test('isPresent: neither null nor the empty string', () => {
    expect([null, undefined, ''].map(isPresent)).toEqual([false, false, false]);
    expect([' ', 0, false, 'x'].map(isPresent)).toEqual([true, true, true, true]);
  });
});

describe('email', () => {
  test.each([
    [undefined, MESSAGES.emailMissing],
    ['', MESSAGES.emailMissing],
    ['   ', MESSAGES.emailMissing],
    [42, MESSAGES.emailMissing],
    ['ada.example.com', MESSAGES.emailNoAt],
    ['ada@', MESSAGES.emailInvalid],
    ['ada@example', MESSAGES.emailInvalid],
    ['a da@example.com', MESSAGES.emailInvalid],
    ['x,victim@example.com', MESSAGES.emailInvalid],
    ['"Ada" <ada@example.com>', MESSAGES.emailInvalid],
    [`${'a'.repeat(250)}@example.com`, MESSAGES.emailTooLong],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(emailSchema, value)).toBe(message);
  });

  test('is trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('password', () => {
  test.each([
    [undefined, MESSAGES.passwordMissing],
    ['', MESSAGES.passwordMissing],
    ['12345', MESSAGES.passwordTooShort],
    ['x'.repeat(257), MESSAGES.passwordTooLong],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(passwordSchema, value)).toBe(message);
  });

  test('six characters are enough; spaces count and are kept', () => {
    expect(passwordSchema.parse('abcdef')).toBe('abcdef');
    expect(passwordSchema.parse('  ab  ')).toBe('  ab  ');
  });

  test('log-in only asks for presence (old passwords stay valid)', () => {
    expect(loginPayloadSchema.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(
      true,
    );
  });
});

describe('username', () => {
  test.each([
    [undefined, MESSAGES.usernameMissing],
    ['', MESSAGES.usernameMissing],
    ['  ', MESSAGES.usernameMissing],
    ['a', MESSAGES.usernameTooShort],
    ['a'.repeat(21), MESSAGES.usernameTooLong],
    ['<script>', MESSAGES.usernameInvalid],
    ['_lead', MESSAGES.usernameInvalid],
    ['carol\u3164', MESSAGES.usernameInvisible],
    ['\u3164\u3164', MESSAGES.usernameInvisible],
    ['ca\u200Drol', MESSAGES.usernameInvisible],
    ['ca\u2003rol', MESSAGES.usernameInvisible],
    ['c\u0430rol', MESSAGES.usernameMixedScripts],
    ['car\u03BFl', MESSAGES.usernameMixedScripts],
    ['Pay\u0440al', MESSAGES.usernameMixedScripts],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(usernameSchema, value)).toBe(message);
  });

  test('2 to 20 characters, trimmed, letters of any script', () => {
    expect(usernameSchema.parse('ab')).toBe('ab');
    expect(usernameSchema.parse(` ${'a'.repeat(20)} `)).toBe('a'.repeat(20));
    expect(usernameSchema.parse('Åsa Öberg')).toBe('Åsa Öberg');
    expect(usernameSchema.parse('Анна-Мария')).toBe('Анна-Мария');
    expect(usernameSchema.parse('東京タワー')).toBe('東京タワー');
  });
});

describe('sign-up payload', () => {
  const valid = {
    email: 'ada@example.com',
    username: 'Ada',
    password: 'secret-enough',
    avatar: 0,
    subscribedToNewsletter: false,
    currentUTCTime: 'Sat, 21 Nov 2026 12:00:00 GMT',
  };

  test('accepts the sign-up payload and drops anything else (rank, privileges)', () => {
    const parsed = registerPayloadSchema.parse({
      ...valid,
      adminRank: 10,
      userPrivileges: { earlyUser: true },
    });
    expect(parsed).toEqual(valid);
  });

  test.each([[-1], [4], [1.5], ['1'], [null]])('avatar %j is refused', (avatar) => {
    expect(firstMessage(registerPayloadSchema, { ...valid, avatar })).toBe(MESSAGES.avatarInvalid);
  });

  test('avatars 0 to 3 are accepted', () => {
    for (const avatar of [0, 1, 2, 3])
      expect(registerPayloadSchema.safeParse({ ...valid, avatar }).success).toBe(true);
  });

  test('subscribedToNewsletter must be a boolean', () => {
    expect(
      registerPayloadSchema.safeParse({ ...valid, subscribedToNewsletter: 'yes' }).success,
    ).toBe(false);
  });
});

describe('PATCH /api/me payload', () => {
  test('every field optional; unknown fields refused (rank, privileges, email)', () => {
    expect(updateMePayloadSchema.safeParse({}).success).toBe(true);
    expect(updateMePayloadSchema.safeParse({ avatar: 3, bio: 'Hi' }).success).toBe(true);
    for (const extra of [{ adminRank: 10 }, { userPrivileges: {} }, { email: 'a@example.com' }])
      expect(updateMePayloadSchema.safeParse(extra).success).toBe(false);
  });

  test('bio follows the text-area rules', () => {
    expect(firstMessage(updateMePayloadSchema, { bio: '' })).toBe(MESSAGES.bioMissing);
    expect(firstMessage(updateMePayloadSchema, { bio: 'x'.repeat(30001) })).toBe(
      'Bio has to be less than 30001 characters.',
    );
    expect(updateMePayloadSchema.safeParse({ bio: 'x'.repeat(30000) }).success).toBe(true);
  });
});

test('password change, reset and deletion bodies', () => {
  expect(firstMessage(changePasswordSchema, { newPassword: 'abcdef' })).toBe(
    MESSAGES.currentPasswordMissing,
  );
  expect(firstMessage(changePasswordSchema, { currentPassword: 'x', newPassword: 'abc' })).toBe(
    MESSAGES.passwordTooShort,
  );
  expect(firstMessage(passwordResetConfirmSchema, { token: 't', password: '' })).toBe(
    MESSAGES.passwordMissing,
  );
  expect(firstMessage(deleteAccountSchema, {})).toBe(MESSAGES.passwordMissing);
});

describe('form validation: the first error only, in the form’s order', () => {
  const form: SignUpForm = {
    email: 'ada@example.com',
    emailConfirm: 'ADA@example.com ',
    username: 'Ada',
    password: 'secret-enough',
    passwordConfirm: 'secret-enough',
    acceptTerms: true,
    acceptPrivacy: true,
  };

  test('a valid sign-up form has no error', () => {
    expect(validateSignUpForm(form)).toBeNull();
  });

  test.each([
    [{ email: '', username: '' }, 'email', MESSAGES.emailMissing],
    [{ emailConfirm: '' }, 'emailConfirm', MESSAGES.emailConfirmMissing],
    [{ emailConfirm: 'other@example.com' }, 'emailConfirm', MESSAGES.emailConfirmMismatch],
    [{ username: 'a', password: '' }, 'username', MESSAGES.usernameTooShort],
    [{ password: 'abc', passwordConfirm: '' }, 'password', MESSAGES.passwordTooShort],
    [{ passwordConfirm: '' }, 'passwordConfirm', MESSAGES.passwordConfirmMissing],
    [{ passwordConfirm: 'secret-enougH' }, 'passwordConfirm', MESSAGES.passwordConfirmMismatch],
    [
      { acceptTerms: false, acceptPrivacy: false },
      'acceptTerms',
      agreementMessage('Terms of service'),
    ],
    [{ acceptPrivacy: false }, 'acceptPrivacy', agreementMessage('Privacy policy')],
  ])('%j → %s', (override, field, message) => {
    expect(validateSignUpForm({ ...form, ...override })).toEqual({ field, message });
  });

  test('log-in and new-password forms', () => {
    expect(validateLoginForm({ email: 'ada', password: '' })).toEqual({
      field: 'email',
      message: MESSAGES.emailNoAt,
    });
    expect(validateLoginForm({ email: 'ada@example.com', password: '' })).toEqual({
      field: 'password',
      message: MESSAGES.passwordMissing,
    });
    expect(validateNewPasswordForm({ password: 'abcdef', passwordConfirm: 'abcdeg' })).toEqual({
      field: 'passwordConfirm',
      message: MESSAGES.passwordConfirmMismatch,
    });
    expect(validateNewPasswordForm({ password: 'abcdef', passwordConfirm: 'abcdef' })).toBeNull();
  });
});

test('user info carries the documented fields and nothing secret', () => {
  expect(Object.keys(userInfoSchema.shape).sort()).toEqual(
    [
      'adminRank',
      'avatar',
      'bio',
      'createdAt',
      'displayName',
      'email',
      'emailVerified',
      'subscribedProducts',
      'subscribedToNewsletter',
      'uid',
      'userPrivileges',
      'username',
    ].sort(),
  );
});
