import { expect, test } from 'vitest';
import { errorReportPayloadSchema, maskErrorText } from './error-report-schemas';

test('email addresses become [email]', () => {
  expect(maskErrorText('No account for ada.lovelace+test@example.co.uk, sorry')).toBe(
    'No account for [email], sorry',
  );
  expect(maskErrorText('a@b.se and B_O@mail.example.com')).toBe('[email] and [email]');
});

test('long token-like strings and anything after token= become [token]', () => {
  expect(maskErrorText('Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.payload')).toBe(
    'Bearer [token].payload',
  );
  expect(maskErrorText('GET /account/reset-password?token=abc123&x=1 failed')).toBe(
    'GET /account/reset-password?token=[token]&x=1 failed',
  );
  expect(maskErrorText('session 0123456789abcdefABCDEF_-xyz expired')).toBe(
    'session [token] expired',
  );
  expect(maskErrorText('?access_token=short;client_secret=s3cr3t')).toBe(
    '?access_token=[token];client_secret=[token]',
  );
  expect(maskErrorText('failed (token=abc123) {password=x}')).toBe(
    'failed (token=[token]) {password=[token]}',
  );
});

test('masking twice changes nothing', () => {
  const samples = [
    'ada@example.com token=abc 0123456789abcdefABCDEF_-xyz',
    'token=[token] [email] [token]',
    '(token=[token]) token=a]b',
    'password=hunter2 mail me at x.y@z.io',
  ];
  for (const text of samples) {
    const once = maskErrorText(text);
    expect(maskErrorText(once)).toBe(once);
  }
});

test('ordinary error text is left as it is', () => {
  for (const text of [
    'TypeError: Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/AboutPage-Bx7_aZ9q.js',
    'Error: Request failed with status 503 (unavailable)',
    'auth/wrong-password at handleLogIn (LogInForm.tsx:42:7)',
  ]) {
    expect(maskErrorText(text)).toBe(text);
  }
});

test('the payload schema takes the report fields and an optional known page', () => {
  const payload = { error: 'x', errorName: 'handleLogIn', timestamp: '2026-11-21T10:00:00.000Z' };
  expect(errorReportPayloadSchema.safeParse(payload).success).toBe(true);
  expect(errorReportPayloadSchema.safeParse({ ...payload, page: 'about' }).success).toBe(true);
  for (const bad of [
    { ...payload, page: 'nowhere' },
    { ...payload, errorName: '1abc' },
    { ...payload, errorName: 'a b' },
    { ...payload, errorName: 'a'.repeat(65) },
    { ...payload, timestamp: 'yesterday' },
    { ...payload, error: '' },
    { ...payload, error: 'x'.repeat(4001) },
    { ...payload, extra: true },
  ]) {
    expect(errorReportPayloadSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  }
});
