import { expect, test } from 'vitest';
import { isOpenableUrl } from './openable-url';

test('web and mail links can be opened', () => {
  expect(isOpenableUrl('https://www.patreon.com/')).toBe(true);
  expect(isOpenableUrl('http://example.com/a?b=c')).toBe(true);
  expect(isOpenableUrl('mailto:hello@example.com')).toBe(true);
});

test('script, data and relative links cannot', () => {
  expect(isOpenableUrl('javascript:alert(1)')).toBe(false);
  expect(isOpenableUrl('data:text/html,hi')).toBe(false);
  expect(isOpenableUrl('/about')).toBe(false);
  expect(isOpenableUrl('')).toBe(false);
});
