/**
 * Newsletters the owner sends (table newsletters) and their mails in the queue: one mail per
 * confirmed member, each with its own unsubscribe link and RFC 8058 headers, all queued in one
 * transaction with the newsletter's row, so a newsletter is either queued whole or not at all.
 * Progress is read back from the mail queue (mail/outbox.repository.ts) by newsletter id.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAIL_LIST_INFO, type MailList, type Newsletter } from '#shared/mail-list-schemas';
import { absoluteUrl } from '#shared/paths';
import type { Database } from '#server/db/schema';
import { subscribedMembers } from './members.repository';
import {
  oneClickUnsubscribeLink,
  unsubscribePageLink,
  type ListContext,
} from './subscriptions.service';
import {
  countNewsletterMails,
  enqueueMail,
  enqueueNewsletterMails,
  type QueuedMail,
} from '#server/mail/outbox.repository';
import { listMail } from './list.mails';
import { siteName } from '#server/features/content/content.service';

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
    const name = await siteName(trx);
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
  const [counts, leaving] = await Promise.all([
    countNewsletterMails(
      db,
      newsletters.map((row) => row.id),
    ),
    unsubscribesSince(db, newsletters.at(-1)!.created_at),
  ]);
  // Each newsletter's unsubscribes: its list's members who left after it went out and before the
  // list's next newsletter (the newer one above it in this list, or none).
  const nextOfList = new Map<string, string | null>();
  const until = new Map<string, string | null>();
  for (const row of newsletters) {
    until.set(row.id, nextOfList.get(row.list) ?? null);
    nextOfList.set(row.list, row.created_at);
  }
  const unsubscribesOf = (row: { id: string; list: string; created_at: string }) => {
    const end = until.get(row.id) ?? null;
    return leaving.filter(
      (event) => event.list === row.list && event.at >= row.created_at && (!end || event.at < end),
    ).length;
  };
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
    unsubscribes: unsubscribesOf(row),
  }));
}

/** Members who left a list since `from`, with the list and when. */
async function unsubscribesSince(
  db: Kysely<Database>,
  from: string,
): Promise<{ list: string; at: string }[]> {
  return db
    .selectFrom('mail_list_events')
    .innerJoin('mail_list_members', 'mail_list_members.id', 'mail_list_events.member_id')
    .select(['mail_list_members.list as list', 'mail_list_events.at as at'])
    .where('mail_list_events.state', '=', 'unsubscribed')
    .where('mail_list_events.at', '>=', from)
    .execute();
}

/**
 * A test of a newsletter to one address (the owner's own): the mail each member would get, with
 * "[Test]" before its subject and the list's page as its unsubscribe link (the owner need not be a
 * member). It is queued like any mail and is not a newsletter: it counts nowhere.
 */
export async function queueNewsletterTest(
  db: Kysely<Database>,
  publicUrl: string,
  input: { list: MailList; subject: string; text: string; to: string },
  now = new Date(),
): Promise<void> {
  const mail = listMail({
    siteName: await siteName(db),
    list: input.list,
    subject: `[Test] ${input.subject}`,
    text: input.text,
    unsubscribeLink: absoluteUrl(publicUrl, MAIL_LIST_INFO[input.list].page),
  });
  await enqueueMail(
    db,
    { to: input.to, subject: mail.subject, text: mail.text, html: mail.html },
    now,
  );
}
