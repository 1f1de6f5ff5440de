/**
 * The first authenticator set-up belongs to the session that entered the enrolment code: only it
 * may confirm the offered secret (docs/product/desk.md#admin-multi-factor). Kept as the session token's
 * SHA-256, as the sessions table keys it. Frozen like every shipped migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_mfa').addColumn('enrolment_session_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_mfa').dropColumn('enrolment_session_hash').execute();
}
