/**
 * The owner's notification mails (docs/product/mail.md#owner-notifications), in the common layout:
 * one at once per new thing, or a day's digest. They name what happened and link to the desk; the
 * message itself is read there, not sent around by mail. What a visitor wrote (a name, an error's
 * name) shows only in the body, quoted and without live links.
 */
import { absoluteUrl } from '#shared/paths';
import { renderMail, type MailContent } from '#server/mail/templates';
import { RATE_LIMITS } from '#server/plugins/rate-limit';

export interface NoticeLine {
  /** What happened, in the site's own words only: the subject of a mail at once. */
  title: string;
  /** The title with what the visitor wrote, quoted and without live links (quotedVisitorText). */
  summary: string;
  /** The desk's section, its #fragment. */
  section: string;
}

export function instantMail(input: {
  siteName: string;
  publicUrl: string;
  notice: NoticeLine;
}): MailContent {
  return {
    // Visitor text never goes into a subject, where it would read as the site's own words.
    subject: `${input.notice.title} · ${input.siteName}`,
    ...renderMail({
      siteName: input.siteName,
      greeting: 'Hi,',
      paragraphs: [`${input.notice.summary}.`],
      action: {
        label: 'Open the desk',
        url: absoluteUrl(input.publicUrl, `/admin#${input.notice.section}`),
      },
      after: ['You get these because you chose mails at once on your account page.'],
    }),
  };
}

const things = (count: number) => `${count} new ${count === 1 ? 'thing' : 'things'} to answer`;

export function digestMail(input: {
  siteName: string;
  publicUrl: string;
  /** How many events the lines stand for (coalesced by kind). */
  count: number;
  lines: string[];
}): MailContent {
  return {
    subject: `${things(input.count)} · ${input.siteName}`,
    ...renderMail({
      siteName: input.siteName,
      greeting: 'Hi,',
      paragraphs: [`Since the last digest:`, ...input.lines.map((line) => `• ${line}`)],
      action: { label: 'Open the desk', url: absoluteUrl(input.publicUrl, '/admin') },
      after: ['You get this once a day because you chose a daily digest on your account page.'],
    }),
  };
}

/** The notices held past the hourly caps on mails at once, together (docs/product/mail.md#owner-notifications). */
export function catchUpMail(input: {
  siteName: string;
  publicUrl: string;
  count: number;
  lines: string[];
}): MailContent {
  return {
    subject: `${things(input.count)} · ${input.siteName}`,
    ...renderMail({
      siteName: input.siteName,
      greeting: 'Hi,',
      paragraphs: [
        'More came in than mails at once are sent for, so these come together:',
        ...input.lines.map((line) => `• ${line}`),
      ],
      action: { label: 'Open the desk', url: absoluteUrl(input.publicUrl, '/admin') },
      after: [
        `You get these because you chose mails at once on your account page. At most ${RATE_LIMITS.noticeMailsPerKind.limit} of a kind and ${RATE_LIMITS.noticeMails.limit} in all go out at once each hour; the rest come together, at most once an hour.`,
      ],
    }),
  };
}
