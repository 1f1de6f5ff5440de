/**
 * The mail lists' mails: the confirmation a double opt-in sends, and a list mail (the owner's
 * newsletter) with why the reader gets it and the one-click unsubscribe link. Every value put into
 * the HTML is escaped.
 */
import { escapeHtml, renderMail, type MailContent, type MailLayout } from '#server/mail/templates';
import { siteInSentence } from '#shared/site-in-sentence';

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
    what: (siteName) => `the newsletter from ${siteInSentence(siteName)}`,
    confirmSubject: (siteName) =>
      `Confirm your subscription to the newsletter from ${siteInSentence(siteName)}`,
  },
  pitches: {
    lang: 'en',
    what: (siteName) => `emails about new work from ${siteName}`,
    confirmSubject: (siteName) => `Confirm emails about new work from ${siteName}`,
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
  const layout: MailLayout =
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
            'Om det inte var du kan du bortse från det här e-postmeddelandet. Du får ingen mer e-post från oss.',
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
  return { subject: wording.confirmSubject(input.siteName), ...renderMail(layout) };
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
    ? `Du får det här e-postmeddelandet eftersom du prenumererar på ${wording.what(input.siteName)}.`
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
