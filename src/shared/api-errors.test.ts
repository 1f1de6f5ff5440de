import { expect, test } from 'vitest';
import { errorEnvelopeSchema, readErrorEnvelope } from './api-errors';

const samples: unknown[] = [
  { error: { status: 'invalid-argument', message: 'Email is missing.', field: 'email' } },
  { error: { status: 'unauthenticated', message: 'Log in first.' } },
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
