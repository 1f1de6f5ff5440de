/** The list links' key in app_secrets: made on first use, then shared by every instance. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

const SECRET_NAME = 'mail-lists-hmac';
const SECRET_BYTES = 32;

export async function readOrCreateSecret(db: Kysely<Database>): Promise<Buffer> {
  // Two instances starting together both try; the first insert wins and both read it back.
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(SECRET_BYTES).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
