import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { confirmToken, macMatches, readToken, unsubscribeToken } from './list-tokens';

const secret = randomBytes(32);
const otherSecret = randomBytes(32);
const id = randomUUID();

test('an unsubscribe token names its member and verifies only under its own secret', () => {
  const token = unsubscribeToken(secret, id);
  expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
  const read = readToken(token);
  expect(read?.memberId).toBe(id);
  expect(macMatches(secret, read!, 'unsubscribe')).toBe(true);
  expect(macMatches(otherSecret, read!, 'unsubscribe')).toBe(false);
  // The same member always gets the same unsubscribe token (it is never stored, only its hash).
  expect(unsubscribeToken(secret, id)).toBe(token);
});

test('a confirmation token works only for its purpose and its current nonce', () => {
  const token = confirmToken(secret, id, 'nonce-1');
  const read = readToken(token)!;
  expect(macMatches(secret, read, 'confirm', 'nonce-1')).toBe(true);
  expect(macMatches(secret, read, 'confirm', 'nonce-2')).toBe(false);
  expect(macMatches(secret, read, 'confirm', null)).toBe(false);
  expect(macMatches(secret, read, 'unsubscribe')).toBe(false);
  expect(macMatches(secret, readToken(unsubscribeToken(secret, id))!, 'confirm', 'nonce-1')).toBe(
    false,
  );
});

test('a token for one member does not work for another', () => {
  const token = unsubscribeToken(secret, id);
  const [, mac] = token.split('.');
  const forged = `${Buffer.from(randomUUID()).toString('base64url')}.${mac}`;
  expect(macMatches(secret, readToken(forged)!, 'unsubscribe')).toBe(false);
});

test('anything that is not exactly a token of ours is refused before any lookup', () => {
  const token = unsubscribeToken(secret, id);
  const [idPart = '', macPart = ''] = token.split('.');
  // The last base64url character of 32 bytes carries 4 unused bits: another spelling of the same
  // bytes is not accepted.
  const last = macPart.at(-1)!;
  const sibling = 'AEIMQUYcgkosw048'.includes(last)
    ? String.fromCharCode(last.charCodeAt(0) + 1)
    : last;
  for (const bad of [
    '',
    'abc',
    `${idPart}`,
    `${idPart}.${macPart}.x`,
    `${idPart}.${macPart}x`,
    `${idPart}.${macPart.slice(0, -1)}`,
    `${idPart}=.${macPart}`,
    `${Buffer.from('not-a-uuid').toString('base64url')}.${macPart}`,
    `${idPart}.${macPart.slice(0, -1)}${sibling}`,
  ]) {
    if (bad === token) continue;
    expect(readToken(bad), bad).toBeNull();
  }
  expect(readToken(token)).not.toBeNull();
});
