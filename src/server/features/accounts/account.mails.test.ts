import { expect, test } from 'vitest';
import { emailVerificationMail, passwordChangedMail, passwordResetMail } from './account.mails';

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
