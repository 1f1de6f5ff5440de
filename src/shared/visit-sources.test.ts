import { expect, test } from 'vitest';
import { DIRECT_SOURCE, SOURCE_MAX, sourceMark, visitSource } from './visit-sources';

const OWN = 'example.com';

test('a referrer is kept as its host alone, never its path or query', () => {
  expect(
    visitSource({ referrer: 'https://www.Google.com/search?q=secret+thing&u=ann@x.io' }, OWN),
  ).toBe('google.com');
  expect(visitSource({ referrer: 'http://news.ycombinator.com/item?id=1' }, OWN)).toBe(
    'news.ycombinator.com',
  );
});

test('utm_source wins over the referrer; an empty one does not', () => {
  expect(visitSource({ referrer: 'https://t.co/x', utmSource: ' Newsletter ' }, OWN)).toBe(
    'newsletter',
  );
  expect(visitSource({ referrer: 'https://t.co/x', utmSource: '  ' }, OWN)).toBe('t.co');
});

test('no referrer, the site itself, or something that is not a web address is Direct', () => {
  expect(visitSource({}, OWN)).toBe(DIRECT_SOURCE);
  expect(visitSource({ referrer: 'https://www.example.com/about' }, OWN)).toBe(DIRECT_SOURCE);
  expect(visitSource({ referrer: 'android-app://com.slack' }, OWN)).toBe(DIRECT_SOURCE);
  expect(visitSource({ referrer: 'not a url' }, OWN)).toBe(DIRECT_SOURCE);
});

test('invisible and direction-changing characters are dropped, and look-alike letters folded', () => {
  expect(visitSource({ utmSource: 'goo\u200bgle.com' }, OWN)).toBe('google.com');
  expect(visitSource({ utmSource: '\u202emoc.elgoog' }, OWN)).toBe('moc.elgoog');
  expect(visitSource({ utmSource: 'news\u2066letter\u2069\u00ad\ufe0f' }, OWN)).toBe('newsletter');
  expect(visitSource({ utmSource: 'ｍａｉｌ　 list' }, OWN)).toBe('mail list');
  // 𝐃irect is Direct, not a source of its own that looks like it.
  expect(visitSource({ utmSource: '𝐃irect' }, OWN)).toBe(DIRECT_SOURCE);
  expect(visitSource({ utmSource: '\u200b\u200e', referrer: 'https://t.co/x' }, OWN)).toBe('t.co');
  expect(visitSource({ referrer: 'https://goo\u200bgle.com/' }, OWN)).toBe('google.com');
});

test('a host beyond ASCII is kept as punycode, and the desk marks it; other names beyond ASCII are marked', () => {
  // Cyrillic о twice: looks like google.com.
  expect(visitSource({ referrer: 'https://g\u043e\u043egle.com/' }, OWN)).toBe('xn--ggle-55da.com');
  expect(visitSource({ utmSource: 'g\u043e\u043egle.com' }, OWN)).toBe('xn--ggle-55da.com');
  expect(visitSource({ utmSource: 'Höstkampanj' }, OWN)).toBe('höstkampanj');
  expect(sourceMark('xn--ggle-55da.com')).toBe('punycode');
  expect(sourceMark('höstkampanj')).toBe('non-ASCII');
  expect(sourceMark('google.com')).toBeNull();
  expect(sourceMark(DIRECT_SOURCE)).toBeNull();
});

test('a long campaign name is cut by character, never inside one', () => {
  const cut = visitSource({ utmSource: `${'a'.repeat(99)}😀😀` }, OWN);
  expect(Array.from(cut)).toHaveLength(SOURCE_MAX);
  expect(cut.endsWith('😀')).toBe(true);
});
