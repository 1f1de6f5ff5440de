import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api';
import { isSiteFault, isUnexpected, problemFromError } from './form-problem';

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

test("server failures and non-API errors are the site's faults: unexpected, with the error to report", () => {
  const cases = [new ApiError('internal', 'Internal error', undefined, 500), new TypeError('boom')];
  for (const error of cases) {
    expect(isUnexpected(error)).toBe(true);
    expect(isSiteFault(error)).toBe(true);
    expect(problemFromError(error, FIELDS, 'Something went wrong..')).toEqual({
      field: null,
      message: 'Something went wrong..',
      unexpected: error,
    });
  }
});

test('no connection reads as unexpected but is no fault of the site: nothing to report', () => {
  const offline = new ApiError('offline', 'Failed to get document because the client is offline.');
  expect(isSiteFault(offline)).toBe(false);
  expect(problemFromError(offline, FIELDS, 'Something went wrong..')).toEqual({
    field: null,
    message: 'Something went wrong..',
  });
});

test("a wrong password, a field message and a rate limit are never the site's faults", () => {
  for (const error of [
    new ApiError('unauthenticated', 'The email or password is not correct.', undefined, 401),
    new ApiError('permission-denied', 'This account is disabled.', undefined, 403),
    new ApiError('invalid-argument', 'Email is missing.', 'email', 400),
    new ApiError('resource-exhausted', 'Too many attempts.', undefined, 429),
  ]) {
    expect(isSiteFault(error)).toBe(false);
    expect(problemFromError(error, FIELDS, 'x')).not.toHaveProperty('unexpected');
  }
});
