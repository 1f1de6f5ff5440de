/**
 * The mails' common layout, as text and HTML (each domain writes its own mails with it: accounts in
 * account.mails.ts, the mail lists in list.mails.ts). Every value put into the HTML is escaped; links
 * are built by the caller from PUBLIC_URL (never from a request's Host header).
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

/**
 * Text a visitor wrote, made fit for the body of one of the site's own mails: one line, without
 * control, format or direction characters, in NFKC, and written so no mail program makes a link of
 * it (`://` as `[:]//`, a dot between letters or digits as `[.]`, as addresses are "defanged").
 * Subjects never carry visitor text (docs/product/mail.md#owner-notifications).
 */
export function inertText(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\p{Cf}/gu, '')
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Visitor text in quotes it cannot close (its own double quotes become single ones). */
export function quotedVisitorText(value: string): string {
  return `“${inertText(value).replace(/["“”„‟″〃«»]/g, "'")}”`;
}

export interface MailLayout {
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

export function renderMail({
  siteName,
  lang = 'en',
  greeting,
  paragraphs,
  action,
  after = [],
}: MailLayout): {
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
