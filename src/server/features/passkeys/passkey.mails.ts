/**
 * "A passkey was added" (docs/product/mail.md#account-mails): a passkey keeps working after a password
 * reset, so the account holder hears at once of every one added, and where to remove it.
 */
import type { Kysely } from 'kysely';
import { absoluteUrl, paths } from '#shared/paths';
import { siteInSentence } from '#shared/site-in-sentence';
import type { Config } from '#server/config';
import type { Database, User } from '#server/db/schema';
import { siteName } from '#server/features/content/content.service';
import { enqueueMail } from '#server/mail/outbox.repository';
import { inertText, renderMail, type MailContent } from '#server/mail/templates';

export function passkeyAddedMail(input: {
  siteName: string;
  username: string;
  passkeyName: string;
  when: Date;
  accountLink: string;
}): MailContent {
  // The name and the username are the person's own words: written without a live link.
  const greeting = input.username ? `Hi ${inertText(input.username)},` : 'Hi,';
  const at = input.when.toISOString().slice(0, 16).replace('T', ' ');
  return {
    subject: `A passkey was added to your account on ${siteInSentence(input.siteName)}`,
    ...renderMail({
      siteName: input.siteName,
      greeting,
      paragraphs: [
        `A passkey named “${inertText(input.passkeyName)}” was added to your account on ${siteInSentence(input.siteName)} on ${at} UTC. It logs in to the account without the password.`,
        'If this was not you, remove it on your account page at once and change your password: a password reset alone does not remove passkeys.',
      ],
      action: { label: 'Open my account', url: input.accountLink },
    }),
  };
}

export async function queuePasskeyAddedMail(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  user: Pick<User, 'email' | 'username'>,
  passkeyName: string,
  when = new Date(),
): Promise<void> {
  const mail = passkeyAddedMail({
    siteName: await siteName(db),
    username: user.username,
    passkeyName,
    when,
    accountLink: absoluteUrl(config.publicUrl, paths.account),
  });
  await enqueueMail(db, { to: user.email, ...mail });
}
