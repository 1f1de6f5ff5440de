import { describe, expect, test } from 'vitest';
import { LINK_PROBLEM, checkLinkUrl } from './link-url';

describe('checkLinkUrl', () => {
  test.each(['https://example.com', ' http://a.io/path?q=1#top ', 'mailto:ada@example.com'])(
    '%s is a link',
    (text) => {
      expect(checkLinkUrl(text)).toEqual({ ok: true, url: text.trim() });
    },
  );

  test.each([
    '',
    'h',
    'https',
    'https:',
    'https://',
    'example.com',
    'mailto:',
    'mailto:ada',
    'obsidian://open?vault=x',
    'javascript:alert(1)',
    'file:///etc/passwd',
  ])('%j is not a link yet', (text) => {
    expect(checkLinkUrl(text)).toEqual({ ok: false, message: LINK_PROBLEM });
  });

  test('a link longer than a node stores says so', () => {
    const check = checkLinkUrl(`https://example.com/${'a'.repeat(2_000)}`);
    expect(check).toEqual({ ok: false, message: 'A link is at most 2,000 characters.' });
  });
});
