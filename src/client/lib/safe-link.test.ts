import { describe, expect, test } from 'vitest';
import { isSafeHref, safeLinkHref } from './safe-link';

describe('safeLinkHref', () => {
  test.each([
    ['https://example.com', 'https://example.com/'],
    [' mailto:ada@example.com ', 'mailto:ada@example.com'],
    [
      'https://good.example/](https://evil.example/)',
      'https://good.example/](https://evil.example/)',
    ],
  ])('%j opens %j', (url, href) => {
    expect(safeLinkHref(url)).toBe(href);
  });

  test.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://good.example@evil.example/',
    'https://user:pw@example.com/',
    'https://',
  ])('%j is no link', (url) => {
    expect(safeLinkHref(url)).toBeNull();
  });
});

test('isSafeHref takes the address as written', () => {
  expect(isSafeHref('javascript:alert(1)')).toBe(false);
  expect(isSafeHref(' https://a.example')).toBe(false);
  expect(isSafeHref('HTTPS://A.EXAMPLE')).toBe(true);
  expect(isSafeHref('https://good.example@evil.example/')).toBe(false);
});
