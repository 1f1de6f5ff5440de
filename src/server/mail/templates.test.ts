import { expect, test } from 'vitest';
import {
  emailVerificationMail,
  escapeHtml,
  passwordChangedMail,
  passwordResetMail,
} from '#server/mail/templates';

test('escapeHtml escapes the five HTML-significant characters', () => {
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
  );
});

const hostile = {
  siteName: 'Site <script>alert(1)</script>',
  username: 'Eve "&" Co',
  link: 'https://example.com/account/reset-password?token=a"><img src=x>',
};

test.each([
  ['reset', passwordResetMail({ ...hostile, validMinutes: 45 })],
  ['verification', emailVerificationMail(hostile)],
  ['password changed', passwordChangedMail({ ...hostile, accountLink: hostile.link })],
])('the %s mail escapes every value in its HTML and keeps the text plain', (_name, mail) => {
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).not.toContain('<img');
  expect(mail.html).toContain('Site &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(mail.html).toContain('Eve &quot;&amp;&quot; Co');
  expect(mail.text).toContain('Hi Eve "&" Co,');
  expect(mail.text).toContain(hostile.link);
  expect(mail.subject).toContain(hostile.siteName);
});

test('the reset mail says how long its link works', () => {
  const mail = passwordResetMail({ ...hostile, validMinutes: 45 });
  expect(mail.text).toContain('within 45 minutes');
});
