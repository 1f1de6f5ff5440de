import { expect, test } from 'vitest';
import {
  ERROR_REPORT_TEXT_MAX,
  errorReportDraft,
  errorReportPayload,
  errorText,
} from './error-report';

test('an Error becomes its name and message', () => {
  expect(errorText(new TypeError('Failed to fetch'))).toBe('TypeError: Failed to fetch');
  expect(errorText(new Error(''))).toBe('Error');
});

test('strings stay as they are and other values are serialised', () => {
  expect(errorText('auth/wrong-password')).toBe('auth/wrong-password');
  expect(errorText({ code: 503 })).toBe('{"code":503}');
  expect(errorText(undefined)).toBe('undefined');
  expect(errorText('   ')).toBe('Unknown error');
});

test('values that cannot be serialised still give text', () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  expect(errorText(circular)).toBe('[object Object]');
});

test('long errors are cut to the maximum length', () => {
  const text = errorText('word '.repeat(ERROR_REPORT_TEXT_MAX));
  expect(text).toHaveLength(ERROR_REPORT_TEXT_MAX);
  expect(text.endsWith('…')).toBe(true);
});

test('the payload is the previewed draft plus an ISO timestamp', () => {
  const draft = errorReportDraft('handleLogIn', new Error('boom'));
  expect(errorReportPayload(draft, new Date('2026-11-21T10:00:00Z'))).toEqual({
    error: 'Error: boom',
    errorName: 'handleLogIn',
    timestamp: '2026-11-21T10:00:00.000Z',
  });
});

test('email addresses and tokens are masked before the preview shows them', () => {
  const text = errorText(new Error('No account for ada@example.com (token=abc123)'));
  expect(text).toBe('Error: No account for [email] (token=[token])');
  expect(errorText(`${'a'.repeat(10)} ${'x'.repeat(ERROR_REPORT_TEXT_MAX + 50)}`)).toBe(
    `${'a'.repeat(10)} [token]`,
  );
});

test('the payload names the page when its path is a known page', () => {
  const draft = errorReportDraft('handleLogOut', 'offline');
  const now = new Date('2026-11-21T10:00:00Z');
  expect(errorReportPayload(draft, now, '/about').page).toBe('about');
  expect(errorReportPayload(draft, now, '/')).toMatchObject({ page: 'home' });
  expect(errorReportPayload(draft, now, '/no/such/place')).not.toHaveProperty('page');
  expect(errorReportPayload(draft, now)).not.toHaveProperty('page');
});
