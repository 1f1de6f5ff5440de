/**
 * The account mails, as text and HTML. Every value put into the HTML is escaped; links are built by
 * the caller from PUBLIC_URL (never from a request's Host header).
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  siteName: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

function render({ siteName, greeting, paragraphs, action, after = [] }: Layout): {
  text: string;
  html: string;
} {
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after,
    `— ${siteName}`,
  ].join('\n\n');
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml('If the button does not work, copy this link into your browser:')}<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#1f2937;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
${p(greeting)}
${paragraphs.map(p).join('\n')}
${button}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;color:#555555">${escapeHtml(`— ${siteName}`)}</p>
</div>
</body></html>
`;
  return { text: `${text}\n`, html };
}

const hello = (username: string) => (username ? `Hi ${username},` : 'Hi,');

export function passwordResetMail(input: {
  siteName: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailContent {
  return {
    subject: `Reset your password for ${input.siteName}`,
    ...render({
      siteName: input.siteName,
      greeting: hello(input.username),
      paragraphs: [
        `Someone asked to reset the password of your ${input.siteName} account. If that was you, choose a new password within ${input.validMinutes} minutes with this link. It works once.`,
      ],
      action: { label: 'Choose a new password', url: input.link },
      after: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
    }),
  };
}

export function emailVerificationMail(input: {
  siteName: string;
  username: string;
  link: string;
}): MailContent {
  return {
    subject: `Confirm your email address for ${input.siteName}`,
    ...render({
      siteName: input.siteName,
      greeting: hello(input.username),
      paragraphs: [
        `Thanks for signing up at ${input.siteName}. Please confirm that this is your email address.`,
      ],
      action: { label: 'Confirm my email address', url: input.link },
      after: ['If you did not create an account, ignore this mail.'],
    }),
  };
}

export function passwordChangedMail(input: {
  siteName: string;
  username: string;
  accountLink: string;
}): MailContent {
  return {
    subject: `Your ${input.siteName} password was changed`,
    ...render({
      siteName: input.siteName,
      greeting: hello(input.username),
      paragraphs: [
        `The password of your ${input.siteName} account was just changed, and every other signed-in device was signed out.`,
        'If this was not you, reset your password at once with "Forgot password?" in the log-in form, and contact our support.',
      ],
      action: { label: 'Open my account', url: input.accountLink },
    }),
  };
}
