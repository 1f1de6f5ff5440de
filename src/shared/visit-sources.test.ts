import { expect, test } from 'vitest';
import { DIRECT_SOURCE, visitSource } from './visit-sources';

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
