/**
 * Deleting an account with its data (docs/product/accounts.md#account-deletion): the mail-list rows made
 * through it, then the account, whose sessions, links and product access go with it (foreign keys
 * cascade). The same for the account's own DELETE /api/me and the owner's desk.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { deleteAccountMemberships } from '#server/features/mail-lists/subscriptions.service';
import { deleteUser } from './users.repository';

/** True when there was such an account. */
export async function deleteAccountWithData(
  db: Kysely<Database>,
  userId: string,
): Promise<boolean> {
  return db.transaction().execute((trx) => deleteAccountData(trx, userId));
}

/** The same inside the caller's transaction (the desk's deletion, which holds the account first). */
export async function deleteAccountData(trx: Kysely<Database>, userId: string): Promise<boolean> {
  await deleteAccountMemberships(trx, userId);
  return deleteUser(trx, userId);
}
