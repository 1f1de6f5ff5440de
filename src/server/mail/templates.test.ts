import { expect, test } from 'vitest';
import { escapeHtml, inertText, quotedVisitorText } from '#server/mail/templates';

test('escapeHtml escapes the five HTML-significant characters', () => {
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
  );
});

test('visitor text loses what could make a link, a new line or a change of direction', () => {
  expect(inertText('re-login at https://evil.example/desk')).toBe(
    're-login at https[:]//evil[.]example/desk',
  );
  expect(inertText('evil\uFF0Eexample and evil\u3002example')).toBe(
    'evil[.]example and evil[.]example',
  );
  expect(inertText('Ann\r\nSecond line\u202Eeman')).toBe('Ann Second lineeman');
  expect(inertText('J. Smith, 3.5 stars.')).toBe('J. Smith, 3[.]5 stars.');
  expect(quotedVisitorText('Bob” Click here “')).toBe("“Bob' Click here '”");
});
