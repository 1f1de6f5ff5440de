/**
 * Double opt-in for every way onto a list (sign-up with the box ticked, the account switch, a form's
 * preference, the "subscribe again" form): the address becomes `pending` and gets a confirmation
 * mail, queued in the caller's transaction. Links come from PUBLIC_URL and the list's page, never
 * from the request. Confirmation mails to one address are limited, so nobody can use the forms to
 * flood someone else's inbox; over the limit the request still succeeds but sends nothing.
 * This is what other domains call: accounts (sign-up, the switch, deletion, the data export, the
 * owner's search and view of accounts) and submissions (a form's preferences).
 */
import type { Kysely, OperandExpression } from 'kysely';
import type { AccountExport } from '#shared/account-schemas';
import type { TimelineEntry } from '#shared/desk-accounts-schemas';
import {
  CONFIRM_TOKEN_PARAM,
  MAIL_LIST_INFO,
  UNSUBSCRIBE_TOKEN_PARAM,
  type MailList,
} from '#shared/mail-list-schemas';
import { absoluteUrl } from '#shared/paths';
import type { Config } from '#server/config';
import type { Database, User } from '#server/db/schema';
import { confirmToken, mailListSecret, unsubscribeToken } from './list-tokens';
import {
  deleteUserMemberships,
  findMember,
  listUserMemberships,
  markPending,
  memberEvents,
  normaliseListEmail,
  subscribedMemberQueries,
  unsubscribeUserFromNewsletter,
} from './members.repository';
import { enqueueMail } from '#server/mail/outbox.repository';
import { mailListConfirmationMail } from './list.mails';
import { hitRateLimit, type RateLimitRule } from '#server/plugins/rate-limit';
import { siteName } from '#server/features/content/content.service';

/** A few confirmation mails a day per address: enough for a typo fixed or a mail gone missing. */
export const CONFIRMATIONS_PER_ADDRESS: RateLimitRule = {
  name: 'mail-list-confirmation:email',
  limit: 5,
  windowMs: 24 * 60 * 60_000,
};

/** What the list code needs besides storage: the links' key and the public origin. */
export interface ListContext {
  secret: Buffer;
  publicUrl: string;
}

/** Read before a transaction opens (see mailListSecret). */
export async function listContext(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
): Promise<ListContext> {
  return { secret: await mailListSecret(db), publicUrl: config.publicUrl };
}

export function confirmLink(
  context: ListContext,
  list: MailList,
  memberId: string,
  nonce: string,
): string {
  const token = confirmToken(context.secret, memberId, nonce);
  return absoluteUrl(
    context.publicUrl,
    `${MAIL_LIST_INFO[list].page}?${CONFIRM_TOKEN_PARAM}=${encodeURIComponent(token)}`,
  );
}

/** The link in a list mail's footer: the list's page, which asks before it unsubscribes. */
export function unsubscribePageLink(
  context: ListContext,
  list: MailList,
  memberId: string,
): string {
  const token = unsubscribeToken(context.secret, memberId);
  return absoluteUrl(
    context.publicUrl,
    `${MAIL_LIST_INFO[list].page}?${UNSUBSCRIBE_TOKEN_PARAM}=${encodeURIComponent(token)}`,
  );
}

/** RFC 8058's target for List-Unsubscribe: a POST there unsubscribes at once. */
export function oneClickUnsubscribeLink(context: ListContext, memberId: string): string {
  const token = unsubscribeToken(context.secret, memberId);
  return absoluteUrl(context.publicUrl, `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);
}

export type SubscriptionOutcome = 'confirmation-queued' | 'already-subscribed' | 'limited';

/**
 * Asks the address to confirm its subscription to `list`: pending, with a confirmation mail queued in
 * `db` (the caller's transaction; kick the mail queue after it commits).
 */
export async function requestSubscription(
  db: Kysely<Database>,
  context: ListContext,
  input: { list: MailList; email: string; userId?: string | null },
  now = new Date(),
): Promise<SubscriptionOutcome> {
  const email = normaliseListEmail(input.email);
  const existing = await findMember(db, input.list, email);
  if (existing?.state === 'subscribed') return 'already-subscribed';
  const hit = await hitRateLimit(db, CONFIRMATIONS_PER_ADDRESS, email, now);
  if (!hit.allowed) return 'limited';
  const { member, pending } = await markPending(
    db,
    context.secret,
    { list: input.list, email, userId: input.userId ?? null },
    now,
  );
  if (!pending || !member.confirm_nonce) return 'already-subscribed';
  const mail = mailListConfirmationMail({
    siteName: await siteName(db),
    list: input.list,
    link: confirmLink(context, input.list, member.id, member.confirm_nonce),
  });
  await enqueueMail(db, { to: email, ...mail }, now);
  return 'confirmation-queued';
}

/**
 * The account's newsletter switch (PATCH /api/me, sign-up): on asks for confirmation, off leaves
 * the list at once. users.subscribed_to_newsletter keeps the wish either way.
 */
export async function applyNewsletterWish(
  db: Kysely<Database>,
  context: ListContext,
  user: Pick<User, 'id' | 'email' | 'email_verified'>,
  subscribed: boolean,
  now = new Date(),
): Promise<void> {
  if (subscribed) {
    await requestSubscription(
      db,
      context,
      { list: 'newsletter', email: user.email, userId: user.id },
      now,
    );
  } else {
    await unsubscribeUserFromNewsletter(db, user, now);
  }
}

/**
 * A deleted account takes the list rows made through it (sign-up, the switch) with it; rows of its
 * address made otherwise stay. Run it in the deletion's transaction.
 */
export async function deleteAccountMemberships(
  db: Kysely<Database>,
  userId: string,
): Promise<void> {
  await deleteUserMemberships(db, userId);
}

/** The user's list rows, by list, as the account's data export lists them. */
export async function mailListsForExport(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'email' | 'email_verified'>,
): Promise<AccountExport['mailLists']> {
  const rows = await listUserMemberships(db, user);
  return rows.map((row) => ({
    list: row.list,
    email: row.email,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/**
 * Who is a confirmed member of `list`, as subqueries for a search of accounts: an account is one
 * when its id is among `userIds`, or its address is verified and among `emails`.
 */
export function subscribedMembersOf(
  db: Kysely<Database>,
  list: MailList,
): { userIds: OperandExpression<string>; emails: OperandExpression<string> } {
  return subscribedMemberQueries(db, list);
}

/**
 * The user's list rows as entries of the account's timeline on the desk: every recorded change of
 * state (asked to confirm, confirmed, left). A row from before changes were recorded shows what it
 * still tells: that it asked for confirmation when it was made, and its present state since it
 * last changed.
 */
export async function mailListsForTimeline(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'email' | 'email_verified'>,
): Promise<Extract<TimelineEntry, { kind: 'mail-list' }>[]> {
  const rows = await listUserMemberships(db, user);
  const events = await memberEvents(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const entry = (at: string, state: string) => ({
      kind: 'mail-list' as const,
      at,
      list: row.list,
      state,
    });
    const recorded = events.filter((event) => event.memberId === row.id);
    if (recorded.length > 0) return recorded.map((event) => entry(event.at, event.state));
    if (row.updated_at === row.created_at) return [entry(row.created_at, row.state)];
    return [entry(row.created_at, 'pending'), entry(row.updated_at, row.state)];
  });
}
