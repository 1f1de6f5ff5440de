/**
 * The lists' members (mail_list_members): one row per list and address, `pending` until the
 * confirmation link is used, then `subscribed`, `unsubscribed` once they leave. Every state change
 * goes through a token from a mail (or the signed-in owner of the address), never through an address
 * typed into a form. Each change is also kept as an event (mail_list_events) for the account's
 * timeline on the desk, in the same transaction as the change.
 */
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, OperandExpression, Transaction } from 'kysely';
import {
  MAIL_LISTS,
  MEMBER_STATES,
  type MailList,
  type MailListCounts,
  type MemberState,
} from '#shared/mail-list-schemas';
import type { Database, MailListMember, User } from '#server/db/schema';
import {
  macMatches,
  newConfirmNonce,
  readToken,
  unsubscribeTokenHash,
  type TokenPurpose,
} from './list-tokens';

export function normaliseListEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The rows that are the user's: made through the account, and, once its address is verified, those
 * of that address (an unverified address proves nothing).
 */
function ofUser(user: Pick<User, 'id' | 'email' | 'email_verified'>) {
  return (eb: ExpressionBuilder<Database, 'mail_list_members'>) =>
    user.email_verified === 1
      ? eb.or([eb('user_id', '=', user.id), eb('email', '=', user.email)])
      : eb('user_id', '=', user.id);
}

/** Runs `work` in a transaction: the caller's own when it is in one, else a new one. */
function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction
    ? work(db)
    : db.transaction().execute((trx: Transaction<Database>) => work(trx));
}

async function recordStates(
  db: Kysely<Database>,
  memberIds: readonly string[],
  state: MemberState,
  at: string,
): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .insertInto('mail_list_events')
    .values(memberIds.map((memberId) => ({ id: randomUUID(), member_id: memberId, state, at })))
    .execute();
}

export async function findMember(
  db: Kysely<Database>,
  list: MailList,
  email: string,
): Promise<MailListMember | undefined> {
  return db
    .selectFrom('mail_list_members')
    .selectAll()
    .where('list', '=', list)
    .where('email', '=', normaliseListEmail(email))
    .executeTakeFirst();
}

/**
 * Puts the address on the list as `pending` with a new confirmation nonce (a new row, or one that was
 * pending or unsubscribed) and returns the row; a row already `subscribed` is left as it is, not even
 * tied to the account asking (an account with an unverified address must not gain a hold on
 * someone else's subscription), and returned with `pending: false`. One upsert, so two requests
 * racing for one address cannot collide.
 */
export async function markPending(
  db: Kysely<Database>,
  secret: Buffer,
  input: { list: MailList; email: string; userId: string | null },
  now = new Date(),
): Promise<{ member: MailListMember; pending: boolean }> {
  const id = randomUUID();
  const email = normaliseListEmail(input.email);
  const nowIso = now.toISOString();
  const nonce = newConfirmNonce();
  const updated = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('mail_list_members')
      .values({
        id,
        list: input.list,
        email,
        user_id: input.userId,
        unsubscribe_token: unsubscribeTokenHash(secret, id),
        state: 'pending',
        confirm_nonce: nonce,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .onConflict((oc) =>
        oc
          .columns(['list', 'email'])
          // The row keeps its account: a sign-up with someone else's address must not attach
          // itself to their entry (and so be able to remove it).
          .doUpdateSet({ state: 'pending', confirm_nonce: nonce, updated_at: nowIso })
          .where('mail_list_members.state', '!=', 'subscribed'),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) await recordStates(trx, [row.id], 'pending', nowIso);
    return row;
  });
  if (updated) return { member: updated, pending: true };
  const member = await findMember(db, input.list, email);
  if (!member) throw new Error('mail list member vanished during the upsert');
  return { member, pending: false };
}

/** How long a confirmation link works after its mail was queued. */
export const CONFIRM_LINK_MS = 7 * 24 * 60 * 60 * 1000;

/** The member a link's token names, if the token is genuine for that purpose (and still works). */
export async function memberByToken(
  db: Kysely<Database>,
  secret: Buffer,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<MailListMember | null> {
  const read = readToken(token);
  if (!read) return null;
  const member = await db
    .selectFrom('mail_list_members')
    .selectAll()
    .where('id', '=', read.memberId)
    .executeTakeFirst();
  if (!member) return null;
  if (!macMatches(secret, read, purpose, member.confirm_nonce)) return null;
  // A confirmation link works for a week after its mail: an old one found in a forwarded or
  // leaked mailbox subscribes nobody. (The unsubscribe link never expires: leaving always works.)
  const sentAt = Date.parse(member.updated_at);
  if (
    purpose === 'confirm' &&
    member.state === 'pending' &&
    now.getTime() - sentAt > CONFIRM_LINK_MS
  )
    return null;
  return member;
}

/**
 * Moves a member to `state`. Leaving the list also ends the open confirmation link, so an old
 * confirmation mail cannot put the address back on the list.
 */
export async function setMemberState(
  db: Kysely<Database>,
  memberId: string,
  state: MemberState,
  now = new Date(),
): Promise<MailListMember> {
  return inTransaction(db, async (trx) => {
    const member = await trx
      .updateTable('mail_list_members')
      .set({
        state,
        updated_at: now.toISOString(),
        ...(state === 'unsubscribed' ? { confirm_nonce: null } : {}),
      })
      .where('id', '=', memberId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStates(trx, [member.id], state, member.updated_at);
    return member;
  });
}

/**
 * The account switch turned off: the newsletter rows made through the account leave, and, once the
 * account's address is verified, any other row of that address too (an unverified address proves
 * nothing, so it cannot take someone else off the list).
 */
export async function unsubscribeUserFromNewsletter(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'email' | 'email_verified'>,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await inTransaction(db, async (trx) => {
    const left = await trx
      .updateTable('mail_list_members')
      .set({ state: 'unsubscribed', confirm_nonce: null, updated_at: at })
      .where('list', '=', 'newsletter')
      .where('state', '!=', 'unsubscribed')
      .where(ofUser(user))
      .returning('id')
      .execute();
    await recordStates(
      trx,
      left.map((row) => row.id),
      'unsubscribed',
      at,
    );
  });
}

/** Confirmed members of a list, for a newsletter. */
export async function subscribedMembers(
  db: Kysely<Database>,
  list: MailList,
): Promise<Pick<MailListMember, 'id' | 'email'>[]> {
  return db
    .selectFrom('mail_list_members')
    .select(['id', 'email'])
    .where('list', '=', list)
    .where('state', '=', 'subscribed')
    .orderBy('email')
    .execute();
}

/** How many members each list has in each state (every list and state, zeros included). */
export async function memberCounts(db: Kysely<Database>): Promise<MailListCounts['lists']> {
  const rows = await db
    .selectFrom('mail_list_members')
    .select((eb) => ['list', 'state', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['list', 'state'])
    .execute();
  return MAIL_LISTS.map((list) => {
    const counts = Object.fromEntries(MEMBER_STATES.map((state) => [state, 0])) as Record<
      MemberState,
      number
    >;
    for (const row of rows) {
      if (row.list === list && (MEMBER_STATES as readonly string[]).includes(row.state))
        counts[row.state as MemberState] = Number(row.n);
    }
    return { list, ...counts };
  });
}

/**
 * A deleted account takes the list rows made through it (sign-up, the switch) with it. Rows of its
 * address made otherwise (a form, the subscribe form) stay: they belong to whoever confirmed them.
 */
export async function deleteUserMemberships(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('mail_list_members').where('user_id', '=', userId).execute();
}

/**
 * The user's list rows, by list: those made through the account, and, once its address is verified,
 * those of that address made before the account existed (the address alone proves nothing until
 * it is verified).
 */
/** The recorded state changes of these members, oldest first. */
export async function memberEvents(
  db: Kysely<Database>,
  memberIds: readonly string[],
): Promise<{ memberId: string; state: string; at: string }[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('mail_list_events')
    .select(['member_id', 'state', 'at'])
    .where('member_id', 'in', memberIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ memberId: row.member_id, state: row.state, at: row.at }));
}

export async function listUserMemberships(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'email' | 'email_verified'>,
): Promise<
  Pick<MailListMember, 'id' | 'list' | 'email' | 'state' | 'created_at' | 'updated_at'>[]
> {
  return db
    .selectFrom('mail_list_members')
    .select(['id', 'list', 'email', 'state', 'created_at', 'updated_at'])
    .where(ofUser(user))
    .orderBy('list')
    .execute();
}

/**
 * The confirmed members of one list as two subqueries a search of accounts can filter by (the
 * owner's desk): the accounts the rows were made through, and the rows' addresses (which count only
 * for an account whose address is verified, as in listUserMemberships). Built here, so this file
 * stays the only one that names the table.
 */
export function subscribedMemberQueries(
  db: Kysely<Database>,
  list: MailList,
): { userIds: OperandExpression<string>; emails: OperandExpression<string> } {
  const subscribed = db
    .selectFrom('mail_list_members')
    .where('list', '=', list)
    .where('state', '=', 'subscribed');
  return {
    userIds: subscribed
      .select('user_id')
      .where('user_id', 'is not', null)
      .$narrowType<{ user_id: string }>(),
    emails: subscribed.select('email'),
  };
}
