import { expect, test } from 'vitest';
import {
  ERROR_STATUS_HTTP,
  errorEnvelopeSchema,
  needsAuthenticatorCode,
  readErrorEnvelope,
  statusForHttp,
} from './api-errors';

const samples: unknown[] = [
  { error: { status: 'invalid-argument', message: 'Email is missing.', field: 'email' } },
  { error: { status: 'unauthenticated', message: 'Log in first.' } },
  { error: { status: 'step-up-required', message: 'Enter a new code.' } },
  { error: { status: 'mfa-required', message: 'Enter a code.', reason: 'mfa-required' } },
  { error: { status: 'teapot', message: 'no such status' } },
  { error: { status: 'internal' } },
  { error: { status: 'internal', message: 'x', field: 3 } },
  { error: 'nope' },
  null,
  'text',
];

test('the zod-free guard agrees with the envelope schema', () => {
  for (const sample of samples) {
    const parsed = errorEnvelopeSchema.safeParse(sample);
    expect(readErrorEnvelope(sample)).toEqual(parsed.success ? parsed.data.error : null);
  }
});

test('a refusal a code would lift has a status name of its own; a bare 403 stays permission-denied', () => {
  expect(ERROR_STATUS_HTTP['step-up-required']).toBe(403);
  expect(ERROR_STATUS_HTTP['mfa-required']).toBe(403);
  expect(statusForHttp(403)).toBe('permission-denied');
  expect(statusForHttp(401)).toBe('unauthenticated');
  expect(needsAuthenticatorCode('step-up-required')).toBe(true);
  expect(needsAuthenticatorCode('mfa-required')).toBe(true);
  expect(needsAuthenticatorCode('permission-denied')).toBe(false);
  expect(needsAuthenticatorCode('unauthenticated')).toBe(false);
});
