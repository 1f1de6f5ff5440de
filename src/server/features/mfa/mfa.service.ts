/** What other parts may do with an admin's authenticator: the command line resets a lost one. */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { deleteUserSessions, forgetMfaDevices } from '#server/features/accounts/accounts.service';
import { deleteMfa } from './mfa.repository';

/**
 * Forgets the user's authenticator, its recovery codes and the browsers that entered them, and ends
 * every session, in one transaction:
 * a session left open (on the lost device, say) could otherwise set up an authenticator of its own.
 * The owner logs in again and sets up the app anew. True when there was one.
 */
export async function resetMfa(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const had = await deleteMfa(trx, userId);
    await deleteUserSessions(trx, userId);
    // A browser that entered codes (the lost laptop, say) no longer has tries of its own.
    await forgetMfaDevices(trx, userId);
    return had;
  });
}
