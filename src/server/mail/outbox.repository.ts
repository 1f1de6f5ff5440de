/**
 * The mail queue (mail_outbox). Mail is written in the same transaction as the change it reports,
 * then sent by the worker; rows are claimed with a lease so two instances never send the same mail.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, NewOutboxMail, OutboxMail } from '#server/db/schema';

export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;
/** Rows per insert: well inside SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_CHUNK = 100;

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** A mail_outbox row for `mail`, due at once. */
export function outboxRow(mail: QueuedMail, now = new Date()): NewOutboxMail {
  return {
    id: randomUUID(),
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
  };
}

export async function enqueueMail(
  db: Kysely<Database>,
  mail: QueuedMail,
  now = new Date(),
): Promise<string> {
  const row = outboxRow(mail, now);
  await db.insertInto('mail_outbox').values(row).execute();
  return row.id;
}

/**
 * Queues a newsletter's mails, one row each marked with the newsletter's id, in the caller's
 * transaction (with the newsletter's own row, so it is queued whole or not at all).
 */
export async function enqueueNewsletterMails(
  db: Kysely<Database>,
  newsletterId: string,
  mails: QueuedMail[],
  now = new Date(),
): Promise<void> {
  const rows: NewOutboxMail[] = mails.map((mail) => ({
    ...outboxRow(mail, now),
    newsletter_id: newsletterId,
  }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('mail_outbox')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

export interface NewsletterMailCount {
  newsletterId: string;
  status: string;
  count: number;
}

/** How many mails of each of the newsletters are in each status (a newsletter's progress). */
export async function countNewsletterMails(
  db: Kysely<Database>,
  newsletterIds: string[],
): Promise<NewsletterMailCount[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => ['newsletter_id', 'status', eb.fn.countAll<number | string>().as('n')])
    .where('newsletter_id', 'in', newsletterIds)
    .groupBy(['newsletter_id', 'status'])
    .execute();
  return rows.map((row) => ({
    newsletterId: row.newsletter_id ?? '',
    status: row.status,
    count: Number(row.n),
  }));
}

/** 30 s · 2^attempts, at most an hour: the wait after the attempts-th failure (1-based). */
export function backoffMs(failedAttempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failedAttempts - 1), BACKOFF_CAP_MS);
}

/**
 * Claims up to `limit` due mails for `claimId` until `leaseMs` from now, mail about a visitor's own
 * account before list mail (newsletters). A row whose lease ran out
 * (its instance died mid-send) is due again. Each claim is one conditional update, so of two
 * instances racing for a row exactly one wins.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  claimId: string,
  leaseMs: number,
  limit: number,
  now = new Date(),
): Promise<OutboxMail[]> {
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', nowIso)
    // A restored copy sends nothing until the owner releases its queue (docs/product/command-line.md#backups).
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('site_flags').select('name').where('name', '=', 'mail_paused'))),
    )
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    // A visitor waiting for a reset link comes before a newsletter's thousandth reader.
    .orderBy(sql`case when newsletter_id is null then 0 else 1 end`)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: OutboxMail[] = [];
  const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
  for (const { id } of due) {
    const row = await db
      .updateTable('mail_outbox')
      .set({ locked_until: lockedUntil, locked_by: claimId })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

export async function markSent(
  db: Kysely<Database>,
  id: string,
  claimId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      attempts: sql<number>`attempts + 1`,
      last_error: null,
      locked_until: null,
      locked_by: null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', claimId)
    .execute();
}

/** Records a failed attempt: queued again after the backoff, or failed for good after the last one. */
export async function markAttemptFailed(
  db: Kysely<Database>,
  mail: Pick<OutboxMail, 'id' | 'attempts'>,
  claimId: string,
  reason: string,
  now = new Date(),
): Promise<'queued' | 'failed'> {
  const attempts = mail.attempts + 1;
  const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
  await db
    .updateTable('mail_outbox')
    .set({
      status,
      attempts: sql<number>`attempts + 1`,
      last_error: reason.slice(0, 500),
      next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
      locked_until: null,
      locked_by: null,
    })
    .where('id', '=', mail.id)
    .where('locked_by', '=', claimId)
    .execute();
  return status;
}

/**
 * How long a mail's recipient, subject, text and headers stay in the queue once it was sent or given
 * up on: long enough to look into a delivery problem, short enough that the queue is no archive of
 * addresses and links (the privacy policy promises this).
 */
export const DELIVERED_MAIL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Forgets mail that was sent or given up on more than DELIVERED_MAIL_KEPT_MS ago: account mail is
 * deleted; a newsletter's mail keeps only its status, which the newsletter's progress counts. Returns
 * how many rows it deleted or emptied.
 */
export async function forgetDeliveredMail(db: Kysely<Database>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERED_MAIL_KEPT_MS).toISOString();
  // A failed mail's next_attempt_at is when it was given up on, plus at most one backoff.
  const isOld = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', cutoff)]),
      eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', '<', cutoff)]),
    ]);
  const deleted = await db
    .deleteFrom('mail_outbox')
    .where('newsletter_id', 'is', null)
    .where(isOld)
    .executeTakeFirst();
  const emptied = await db
    .updateTable('mail_outbox')
    .set({
      to_address: '',
      subject: '',
      text_body: '',
      html_body: null,
      headers: null,
      last_error: null,
    })
    .where('newsletter_id', 'is not', null)
    .where('to_address', '<>', '')
    .where(isOld)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) + Number(emptied.numUpdatedRows);
}
