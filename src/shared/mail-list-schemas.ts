/**
 * The mail lists (docs/product/mail.md#mail-lists): newsletter, lokalaJobb (in Swedish) and pitches.
 * Each has its page for the links in its mails; members are `pending` until they confirm (double
 * opt-in), then `subscribed`, and `unsubscribed` once they leave. The API's bodies and answers are
 * here, so the pages, the owner's desk and the server read them the same way.
 */
import { z } from 'zod';
import { emailSchema } from './account-schemas';
import { paths } from './paths';

export const MAIL_LISTS = ['newsletter', 'lokalaJobb', 'pitches'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export function isMailList(value: string): value is MailList {
  return (MAIL_LISTS as readonly string[]).includes(value);
}

export const MEMBER_STATES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

export interface MailListInfo {
  /** The list's name as its mails and page say it. */
  name: string;
  /** The language of the list's mails and page. */
  lang: 'en' | 'sv';
  /** The page its mails link to (confirm, unsubscribe, subscribe again). */
  page: string;
}

export const MAIL_LIST_INFO: Record<MailList, MailListInfo> = {
  newsletter: { name: 'Newsletter', lang: 'en', page: paths.newsletterUnsubscribe },
  lokalaJobb: { name: 'Lokala jobb', lang: 'sv', page: paths.lokalaJobbUnsubscribe },
  pitches: { name: 'Pitches', lang: 'en', page: paths.pitchesUnsubscribe },
};

/**
 * Query parameters of the links in list mails. The confirmation link's name ends in "token" so the
 * server's request log redacts it like every other token (app.ts SECRET_QUERY_KEY).
 */
export const UNSUBSCRIBE_TOKEN_PARAM = 'token';
export const CONFIRM_TOKEN_PARAM = 'confirm-token';

/** Tokens are base64url(member id) "." base64url(HMAC-SHA256): about 92 characters. */
export const MAIL_TOKEN_MAX_LENGTH = 200;

export const MAIL_LIST_MESSAGES = {
  linkInvalid: 'This link is not valid.',
  unknownList: 'Unknown mail list.',
  subjectMissing: 'Subject is missing.',
  subjectTooLong: 'Subject has to be less than 201 characters.',
  subjectOneLine: 'Subject has to be one line.',
  textMissing: 'Text is missing.',
  textTooLong: 'Text has to be less than 20001 characters.',
  noRecipients: 'No one has confirmed a subscription to this list yet.',
} as const;

/** "ada@example.com" → "a***@example.com": enough to recognise one's own address, not to learn one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const tokenSchema = z
  .string({ error: MAIL_LIST_MESSAGES.linkInvalid })
  .trim()
  .min(1, { error: MAIL_LIST_MESSAGES.linkInvalid })
  .max(MAIL_TOKEN_MAX_LENGTH, { error: MAIL_LIST_MESSAGES.linkInvalid });

const listSchema = z
  .string({ error: MAIL_LIST_MESSAGES.unknownList })
  .refine(isMailList, { error: MAIL_LIST_MESSAGES.unknownList });

/** GET /api/mail/unsubscribe?token= and GET /api/mail/confirm?token=. */
export const mailTokenQuerySchema = z.object({ token: tokenSchema });

/** POST /api/mail/unsubscribe: the token in the query (RFC 8058 one-click) or in a JSON body. */
export const unsubscribeQuerySchema = z.object({ token: tokenSchema.optional() });
export const unsubscribeBodySchema = z
  .object({
    token: tokenSchema.optional(),
    /** RFC 8058: mail providers post `List-Unsubscribe=One-Click` as a form body. */
    'List-Unsubscribe': z.string().max(64).optional(),
  })
  .nullish();

/** POST /api/mail/confirm and POST /api/mail/resubscribe. */
export const mailTokenBodySchema = z.object({ token: tokenSchema });

/** POST /api/mail/subscribe: the "subscribe again" form of a page whose link was not valid. */
export const subscribePayloadSchema = z.object({ list: listSchema, email: emailSchema });
export type SubscribePayload = z.input<typeof subscribePayloadSchema>;

/** What a valid link shows: the list, the member's state and the address, masked. */
export const mailMemberSchema = z.object({
  list: z.enum(MAIL_LISTS),
  state: z.enum(MEMBER_STATES),
  email: z.string(),
});
export type MailMember = z.infer<typeof mailMemberSchema>;

export const subscribeAcceptedSchema = z.object({ status: z.literal('sent') });

export const NEWSLETTER_SUBJECT_MAX = 200;
export const NEWSLETTER_TEXT_MAX = 20_000;

/** POST /api/admin/newsletters: a plain-text mail to the confirmed members of one list. */
export const newsletterPayloadSchema = z
  .object({
    list: listSchema.default('newsletter'),
    subject: z
      .string({ error: MAIL_LIST_MESSAGES.subjectMissing })
      .trim()
      .min(1, { error: MAIL_LIST_MESSAGES.subjectMissing, abort: true })
      .max(NEWSLETTER_SUBJECT_MAX, { error: MAIL_LIST_MESSAGES.subjectTooLong, abort: true })
      .refine((value) => !/[\r\n]/.test(value), { error: MAIL_LIST_MESSAGES.subjectOneLine }),
    text: z
      .string({ error: MAIL_LIST_MESSAGES.textMissing })
      .trim()
      .min(1, { error: MAIL_LIST_MESSAGES.textMissing, abort: true })
      .max(NEWSLETTER_TEXT_MAX, { error: MAIL_LIST_MESSAGES.textTooLong }),
  })
  .strict();
export type NewsletterPayload = z.input<typeof newsletterPayloadSchema>;

/** A sent newsletter and how far the mail queue got with it. */
export const newsletterSchema = z.object({
  id: z.string(),
  list: z.enum(MAIL_LISTS),
  subject: z.string(),
  createdAt: z.string(),
  recipients: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  queued: z.number().int().min(0),
  /** The list's members who left after it went out, before the list's next newsletter. */
  unsubscribes: z.number().int().min(0),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

/** 202 of POST /api/admin/newsletters/test: the test is queued to the owner's own address. */
export const newsletterTestQueuedSchema = z.object({ to: z.string() });

export const newsletterCreatedSchema = z.object({ newsletter: newsletterSchema });
export const newsletterListSchema = z.object({ newsletters: z.array(newsletterSchema) });
export const NEWSLETTERS_LIST_LIMIT = 50;

/** GET /api/admin/mail-lists: how many members each list has in each state. */
export const mailListCountsSchema = z.object({
  lists: z.array(
    z.object({
      list: z.enum(MAIL_LISTS),
      pending: z.number().int().min(0),
      subscribed: z.number().int().min(0),
      unsubscribed: z.number().int().min(0),
    }),
  ),
});
export type MailListCounts = z.infer<typeof mailListCountsSchema>;
