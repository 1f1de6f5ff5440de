/**
 * Whose stream this is, re-checked at every read: the session is looked up once when the stream
 * opens, and afterwards its row is read again each time, so a log-out (the row deleted) or an expiry
 * turns the next `user` event into `{user: null}` while the stream stays open.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { UserInfo } from '#shared/account-schemas';
import type { Database } from '#server/db/schema';
import { userInfoForSession } from '#server/features/accounts/accounts.service';
import { currentSession } from '#server/plugins/guards';

export interface StreamUser {
  /** The user's id while the session lasts, null once signed out (or never signed in). */
  userId(): string | null;
  /** Reads the current user info; null when the session or the account has ended. */
  read(): Promise<UserInfo | null>;
}

export function streamUser(request: FastifyRequest, db: Kysely<Database>): StreamUser {
  // The session's token hash, once the first read found one; null when signed out.
  let tokenHash: string | null | undefined;
  let userId: string | null = null;

  return {
    userId: () => userId,
    async read() {
      if (tokenHash === undefined) {
        // The session lookup remembers its answer for the request: right for the first read only.
        tokenHash = (await currentSession(request))?.session.token_hash ?? null;
      }
      const info = tokenHash === null ? null : await userInfoForSession(db, tokenHash);
      if (!info) tokenHash = null;
      userId = info ? info.uid : null;
      return info;
    },
  };
}
