/**
 * Newsletters the owner sends (table newsletters) and their mails in the queue: one mail per
 * confirmed member, each with its own unsubscribe link and RFC 8058 headers, all queued in one
 * transaction with the newsletter's row, so a newsletter is either queued whole or not at all.
 * Progress is read back from the mail queue (mail/outbox.repository.ts) by newsletter id.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MailList, Newsletter } from '#shared/mail-list-schemas';
import type { Database } from '#server/db/schema';
import { subscribedMembers } from './members.repository';
import {
  oneClickUnsubscribeLink,
  unsubscribePageLink,
  type ListContext,
} from './subscriptions.service';
import {
  countNewsletterMails,
  enqueueNewsletterMails,
  type QueuedMail,
} from '#server/mail/outbox.repository';
import { listMail } from './list.mails';
import { siteName } from '#server/site-content';

export interface NewNewsletterInput {
  list: MailList;
  subject: string;
  text: string;
  createdBy: string;
}

/** Queues the newsletter; null when the list has no confirmed member to send it to. */
export async function queueNewsletter(
  db: Kysely<Database>,
  context: ListContext,
  input: NewNewsletterInput,
  now = new Date(),
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const members = await subscribedMembers(trx, input.list);
    if (members.length === 0) return null;
    const id = randomUUID();
    const nowIso = now.toISOString();
    await trx
      .insertInto('newsletters')
      .values({
        id,
        list: input.list,
        subject: input.subject,
        text: input.text,
        created_at: nowIso,
        created_by: input.createdBy,
        recipients: members.length,
      })
      .execute();
    const name = siteName();
    const mails: QueuedMail[] = members.map((member) => {
      const mail = listMail({
        siteName: name,
        list: input.list,
        subject: input.subject,
        text: input.text,
        unsubscribeLink: unsubscribePageLink(context, input.list, member.id),
      });
      return {
        to: member.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          'List-Unsubscribe': `<${oneClickUnsubscribeLink(context, member.id)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    });
    await enqueueNewsletterMails(trx, id, mails, now);
    return id;
  });
}

/** The latest newsletters, newest first, each with how many of its mails are sent, failed, queued. */
export async function listNewsletters(
  db: Kysely<Database>,
  options: { limit: number; id?: string },
): Promise<Newsletter[]> {
  let query = db
    .selectFrom('newsletters')
    .select(['id', 'list', 'subject', 'created_at', 'recipients'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.id) query = query.where('id', '=', options.id);
  const newsletters = await query.execute();
  if (newsletters.length === 0) return [];
  const counts = await countNewsletterMails(
    db,
    newsletters.map((row) => row.id),
  );
  const countOf = (id: string, status: string) =>
    counts.find((row) => row.newsletterId === id && row.status === status)?.count ?? 0;
  return newsletters.map((row) => ({
    id: row.id,
    list: row.list as MailList,
    subject: row.subject,
    createdAt: row.created_at,
    recipients: row.recipients,
    sent: countOf(row.id, 'sent'),
    failed: countOf(row.id, 'failed'),
    queued: countOf(row.id, 'queued'),
  }));
}
