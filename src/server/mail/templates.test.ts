import { expect, test } from 'vitest';
import { escapeHtml } from '#server/mail/templates';

test('escapeHtml escapes the five HTML-significant characters', () => {
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
  );
});
