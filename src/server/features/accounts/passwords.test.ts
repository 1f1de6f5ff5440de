import { expect, test } from 'vitest';
import { useAppPasswordHashing } from '#test-support/quick-password-hashing';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import {
  createLimiter,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

useAppPasswordHashing();

test('a hash is scrypt$N$r$p$salt$key at OWASP parameters, salted, and verifies only its password', async () => {
  const [a, b] = await Promise.all([
    hashPassword('tangerine-sky-31'),
    hashPassword('tangerine-sky-31'),
  ]);
  expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword('tangerine-sky-31', a)).toBe(true);
  expect(await verifyPassword('tangerine-sky-32', a)).toBe(false);
  expect(await verifyPassword('Tangerine-sky-31', b)).toBe(false);
  expect(needsRehash(a)).toBe(false);
}, 30_000);

test('malformed or absurd stored hashes never verify and never throw', async () => {
  for (const stored of [
    '',
    'plain',
    'scrypt$0$8$1$AA$AA',
    'scrypt$3$8$1$AA$AA',
    `scrypt$${2 ** 24}$8$1$AA$AA`,
    'scrypt$16384$8$1$$',
    'bcrypt$2b$10$abc',
  ]) {
    expect(await verifyPassword('anything', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  }
});

test('the dummy verification (log-in to a missing account) runs and says no', async () => {
  expect(await verifyAgainstDummy('whatever-it-is')).toBe(false);
}, 30_000);

test('the limiter runs at most the given number of tasks at once, the rest in arrival order', async () => {
  const run = createLimiter(MAX_CONCURRENT_HASHES);
  let running = 0;
  let peak = 0;
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      }),
    ),
  );
  expect(MAX_CONCURRENT_HASHES).toBe(2);
  expect(peak).toBe(2);
  expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
});

test('a failing task frees its slot', async () => {
  const run = createLimiter(1);
  await expect(run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await run(async () => 'next')).toBe('next');
});

test('the bundled breached-password list has at least 1,000 entries and matches in any case', () => {
  expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
  for (const password of ['123456', 'password', 'qwerty', 'iloveyou', '111111', 'abc123'])
    expect(isCommonPassword(password)).toBe(true);
  expect(isCommonPassword('PassWord')).toBe(true);
  expect(isCommonPassword('ILOVEYOU')).toBe(true);
  expect(isCommonPassword('violet-harbour-42-lantern')).toBe(false);
});
