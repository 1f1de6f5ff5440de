import { afterEach, expect, test, vi } from 'vitest';
import { hasCookieConsent, saveCookieConsent } from './cookie-consent';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('no saved consent means the notice shows', () => {
  expect(hasCookieConsent(memoryStorage())).toBe(false);
});

test('a saved {consent: true} under the cookie-consent key hides it', () => {
  expect(hasCookieConsent(memoryStorage({ 'cookie-consent': '{"consent":true}' }))).toBe(true);
});

test('anything else, or unreadable storage, shows it again', () => {
  expect(hasCookieConsent(memoryStorage({ 'cookie-consent': '{"consent":false}' }))).toBe(false);
  expect(hasCookieConsent(memoryStorage({ 'cookie-consent': 'not json' }))).toBe(false);
  expect(hasCookieConsent(undefined)).toBe(false);
  const throwing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
  };
  expect(hasCookieConsent(throwing)).toBe(false);
});

test('closing the notice saves consent that later reads find', () => {
  const storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  saveCookieConsent();
  expect(storage.items.get('cookie-consent')).toBe('{"consent":true}');
  expect(hasCookieConsent(storage)).toBe(true);
});
