/**
 * Who a stream belongs to and what their user info is now. Temporary stand-in until the accounts
 * server (sessions and user info) lands: nobody is signed in yet.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { UserInfo } from '#shared/account-schemas';
import type { Database } from '#server/db/schema';

/** The signed-in user's id for this request's session cookie, or null (signed out, session ended). */
export async function sessionUserId(_request: FastifyRequest): Promise<string | null> {
  return null;
}

/** The user's info as GET /api/me gives it, or null when the account no longer exists. */
export async function readUserInfo(
  _db: Kysely<Database>,
  _userId: string,
): Promise<UserInfo | null> {
  return null;
}
