/**
 * The account mails queued in the caller's transaction: links come from PUBLIC_URL and the shared
 * paths, never from the request, and the site's name from content/site.json.
 */
import type { Kysely } from 'kysely';
import { absoluteUrl, paths } from '#shared/paths';
import type { Config } from '#server/config';
import type { Database, User } from '#server/db/schema';
import { enqueueMail } from '#server/mail/outbox.repository';
import {
  emailVerificationMail,
  passwordChangedMail,
  passwordResetMail,
} from '#server/mail/templates';
import { siteName } from '#server/site-content';
import {
  createEmailVerification,
  createPasswordReset,
  PASSWORD_RESET_TTL_MS,
} from './links.repository';

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
    siteName: siteName(),
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
    siteName: siteName(),
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
    siteName: siteName(),
    username: user.username,
    accountLink: absoluteUrl(config.publicUrl, paths.account),
  });
  await enqueueMail(db, { to: user.email, ...mail });
}
