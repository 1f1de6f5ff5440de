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
  /** The mail's language (its HTML lang and the button's fallback line); English by default. */
  lang?: 'en' | 'sv';
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

const COPY_LINK_LINE = {
  en: 'If the button does not work, copy this link into your browser:',
  sv: 'Om knappen inte fungerar, kopiera länken till din webbläsare:',
} as const;

function render({ siteName, lang = 'en', greeting, paragraphs, action, after = [] }: Layout): {
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
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(COPY_LINK_LINE[lang])}<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>
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

/** The mail lists as their mails name them: what the reader signed up for, in the list's language. */
export type ListMailKind = 'newsletter' | 'lokalaJobb' | 'pitches';

const LIST_WORDING: Record<
  ListMailKind,
  {
    lang: 'en' | 'sv';
    what: (siteName: string) => string;
    confirmSubject: (siteName: string) => string;
  }
> = {
  newsletter: {
    lang: 'en',
    what: (siteName) => `the ${siteName} newsletter`,
    confirmSubject: (siteName) => `Confirm your subscription to the ${siteName} newsletter`,
  },
  pitches: {
    lang: 'en',
    what: (siteName) => `e-mails about new work from ${siteName}`,
    confirmSubject: (siteName) => `Confirm e-mails about new work from ${siteName}`,
  },
  lokalaJobb: {
    lang: 'sv',
    what: () => 'nyheter från Lokala jobb',
    confirmSubject: () => 'Bekräfta din prenumeration på nyheter från Lokala jobb',
  },
};

/** Double opt-in: the mail that asks the address's owner to confirm before any list mail is sent. */
export function mailListConfirmationMail(input: {
  siteName: string;
  list: ListMailKind;
  link: string;
}): MailContent {
  const wording = LIST_WORDING[input.list];
  const what = wording.what(input.siteName);
  const layout: Layout =
    wording.lang === 'sv'
      ? {
          siteName: input.siteName,
          lang: 'sv',
          greeting: 'Hej!',
          paragraphs: [
            `Någon, förhoppningsvis du, har bett om att få ${what} till den här adressen. Bekräfta med knappen nedan. Tills du gör det skickar vi ingenting.`,
          ],
          action: { label: 'Bekräfta prenumerationen', url: input.link },
          after: [
            'Om det inte var du kan du bortse från det här mejlet. Du får inga fler mejl från oss.',
          ],
        }
      : {
          siteName: input.siteName,
          greeting: 'Hi,',
          paragraphs: [
            `Someone, hopefully you, asked to get ${what} at this address. Please confirm with the button below. Until you do, nothing is sent.`,
          ],
          action: { label: 'Confirm subscription', url: input.link },
          after: ['If this was not you, ignore this mail: you will not hear from us again.'],
        };
  return { subject: wording.confirmSubject(input.siteName), ...render(layout) };
}

/**
 * A mail to a list (the owner's newsletter): the owner's plain text, paragraphs split at blank lines,
 * every character escaped, then why the reader gets it and the one-click unsubscribe link.
 */
export function listMail(input: {
  siteName: string;
  list: ListMailKind;
  subject: string;
  text: string;
  unsubscribeLink: string;
}): MailContent {
  const wording = LIST_WORDING[input.list];
  const sv = wording.lang === 'sv';
  const why = sv
    ? `Du får det här mejlet eftersom du prenumererar på ${wording.what(input.siteName)}.`
    : `You get this mail because you subscribed to ${wording.what(input.siteName)}.`;
  const unsubscribeLabel = sv ? 'Avregistrera dig med ett klick' : 'Unsubscribe with one click';
  const paragraphs = input.text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const text = [
    ...paragraphs,
    `— ${input.siteName}`,
    `${why} ${unsubscribeLabel}: ${input.unsubscribeLink}`,
  ].join('\n\n');
  const body = paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px">${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${wording.lang}"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#1f2937;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
${body}
<p style="margin:24px 0 0;color:#555555">${escapeHtml(`— ${input.siteName}`)}</p>
<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e5e7eb;font-size:13px;color:#555555">${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeLink)}" style="color:#1f2937">${escapeHtml(unsubscribeLabel)}</a>.</p>
</div>
</body></html>
`;
  return { subject: input.subject, text: `${text}\n`, html };
}
