import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api';
import { isUnexpected, problemFromError } from './form-problem';

const FIELDS = ['email', 'password'] as const;

test('a server error naming a field of the form goes under that field', () => {
  const error = new ApiError('aborted', 'That email is already in use.', 'email', 409);
  expect(problemFromError(error, FIELDS, 'Something went wrong..')).toEqual({
    field: 'email',
    message: 'That email is already in use.',
  });
});

test('server field names can be renamed to the form field', () => {
  const error = new ApiError('invalid-argument', 'Password is missing.', 'newPassword', 400);
  expect(problemFromError(error, FIELDS, 'x', { newPassword: 'password' }).field).toBe('password');
});

test('wrong credentials and rate limits are shown for the whole form, as the server says them', () => {
  const wrong = new ApiError('unauthenticated', 'Email or password is incorrect.', undefined, 401);
  expect(problemFromError(wrong, FIELDS, 'x')).toEqual({
    field: null,
    message: 'Email or password is incorrect.',
  });
  const limited = new ApiError('resource-exhausted', 'Too many attempts.', 'captcha', 429);
  expect(problemFromError(limited, FIELDS, 'x')).toEqual({
    field: null,
    message: 'Too many attempts.',
  });
});

test('server failures, no connection and non-API errors are unexpected and keep the error', () => {
  const cases = [
    new ApiError('internal', 'Internal error', undefined, 500),
    new ApiError('offline', 'Failed to get document because the client is offline.'),
    new TypeError('boom'),
  ];
  for (const error of cases) {
    expect(isUnexpected(error)).toBe(true);
    expect(problemFromError(error, FIELDS, 'Something went wrong..')).toEqual({
      field: null,
      message: 'Something went wrong..',
      unexpected: error,
    });
  }
});
