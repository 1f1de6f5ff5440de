/**
 * The account mails: their words (in the common layout of mail/templates.ts), and queueing them in
 * the caller's transaction. Links come from PUBLIC_URL and the shared paths, never from the request,
 * and the site's name from content/site.json.
 */
import type { Kysely } from 'kysely';
import { absoluteUrl, paths } from '#shared/paths';
import { siteInSentence } from '#shared/site-in-sentence';
import type { Config } from '#server/config';
import type { Database, User } from '#server/db/schema';
import { enqueueMail } from '#server/mail/outbox.repository';
import { inertText, renderMail, type MailContent } from '#server/mail/templates';
import { siteName } from '#server/features/content/content.service';
import {
  createEmailVerification,
  createPasswordReset,
  PASSWORD_RESET_TTL_MS,
} from './links.repository';

/** The username is whoever signed up's choice, so it is written without a live link. */
const hello = (username: string) => (username ? `Hi ${inertText(username)},` : 'Hi,');

export function passwordResetMail(input: {
  siteName: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailContent {
  return {
    subject: `Reset your password on ${siteInSentence(input.siteName)}`,
    ...renderMail({
      siteName: input.siteName,
      greeting: hello(input.username),
      paragraphs: [
        `Someone asked to reset the password of your account on ${siteInSentence(input.siteName)}. If that was you, choose a new password within ${input.validMinutes} minutes with this link. It works once.`,
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
    subject: `Confirm your email address for ${siteInSentence(input.siteName)}`,
    ...renderMail({
      siteName: input.siteName,
      greeting: hello(input.username),
      paragraphs: [
        `Thanks for signing up at ${siteInSentence(input.siteName)}. Please confirm that this is your email address.`,
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
    subject: `Your password on ${siteInSentence(input.siteName)} was changed`,
    ...renderMail({
      siteName: input.siteName,
      greeting: hello(input.username),
      paragraphs: [
        `The password of your account on ${siteInSentence(input.siteName)} was just changed, and every other device that was logged in was logged out.`,
        'If this was not you, reset your password at once with "Forgot password?" in the log-in form, and contact our support.',
      ],
      action: { label: 'Open my account', url: input.accountLink },
    }),
  };
}

type MailConfig = Pick<Config, 'publicUrl'>;

export function passwordResetLink(config: MailConfig, token: string): string {
  return absoluteUrl(
    config.publicUrl,
    `${paths.accountResetPassword}?token=${encodeURIComponent(token)}`,
  );
}

export function emailVerificationLink(config: MailConfig, token: string): string {
  return absoluteUrl(config.publicUrl, `${paths.account}?verify=${encodeURIComponent(token)}`);
}

/** A new reset link for the user and the mail carrying it. */
export async function queuePasswordResetMail(
  db: Kysely<Database>,
  config: MailConfig,
  user: User,
): Promise<void> {
  const token = await createPasswordReset(db, user.id);
  const mail = passwordResetMail({
    siteName: await siteName(db),
    username: user.username,
    link: passwordResetLink(config, token),
    validMinutes: PASSWORD_RESET_TTL_MS / 60_000,
  });
  await enqueueMail(db, { to: user.email, ...mail });
}

/** A new verification link for the user's current address and the mail carrying it. */
export async function queueEmailVerificationMail(
  db: Kysely<Database>,
  config: MailConfig,
  user: User,
): Promise<void> {
  const token = await createEmailVerification(db, user.id, user.email);
  const mail = emailVerificationMail({
    siteName: await siteName(db),
    username: user.username,
    link: emailVerificationLink(config, token),
  });
  await enqueueMail(db, { to: user.email, ...mail });
}

export async function queuePasswordChangedMail(
  db: Kysely<Database>,
  config: MailConfig,
  user: User,
): Promise<void> {
  const mail = passwordChangedMail({
    siteName: await siteName(db),
    username: user.username,
    accountLink: absoluteUrl(config.publicUrl, paths.account),
  });
  await enqueueMail(db, { to: user.email, ...mail });
}
