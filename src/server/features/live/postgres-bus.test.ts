import { expect, test } from 'vitest';
import { createPostgresBus, decodeChange, encodeChange, relistenDelayMs } from './postgres-bus';

test('a notice travels as its kind and id only', () => {
  expect(encodeChange({ kind: 'user', userId: 'u1' })).toBe('{"kind":"user","id":"u1"}');
  expect(encodeChange({ kind: 'assistant', messageId: 'm1' })).toBe(
    '{"kind":"assistant","id":"m1"}',
  );
  expect(decodeChange('{"kind":"user","id":"u1"}')).toEqual({ kind: 'user', userId: 'u1' });
  expect(decodeChange('{"kind":"assistant","id":"m1"}')).toEqual({
    kind: 'assistant',
    messageId: 'm1',
  });
});

test('a malformed or unknown notice is ignored, never delivered', () => {
  for (const payload of [
    'not json',
    'null',
    '"user"',
    '{"kind":"user"}',
    '{"kind":"user","id":""}',
    '{"kind":"user","id":7}',
    '{"kind":"resync","id":"x"}',
    '{"kind":"other","id":"x"}',
  ]) {
    expect(decodeChange(payload), payload).toBeNull();
  }
});

test('re-listening backs off from a quarter second to ten seconds, with jitter', () => {
  expect(relistenDelayMs(0, () => 0)).toBe(125);
  expect(relistenDelayMs(0, () => 1)).toBe(250);
  expect(relistenDelayMs(3, () => 1)).toBe(2000);
  expect(relistenDelayMs(10, () => 1)).toBe(10_000);
  expect(relistenDelayMs(50, () => 0)).toBe(5000);
});

test('with PostgreSQL unreachable, publishing logs instead of failing the request that changed something', async () => {
  const errors: unknown[] = [];
  const log = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => errors.push(args) };
  const bus = createPostgresBus('postgres://nobody@127.0.0.1:1/none', log);
  try {
    expect(await bus.listening(300)).toBe(false);
    await expect(bus.publish({ kind: 'user', userId: 'u1' })).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  } finally {
    await bus.close();
  }
  expect(await bus.listening(10)).toBe(false);
});
