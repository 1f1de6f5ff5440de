/**
 * Indicator access (docs/product/departures.md#indicator-access-decisions): one free trial per product for each account and for each
 * TradingView username, enforced by unique indexes so two requests at the same moment cannot both
 * win. `platform_username_key` is the username lower-cased (TradingView does not tell names apart by
 * case); `removed_at` is when the owner took an ended or revoked access off TradingView. A declined
 * trial (turned down before it was ever shared) does not count. Frozen like every shipped migration.
 */
import { sql, type Kysely } from 'kysely';

const COUNTED_TRIAL = sql<boolean>`kind = 'freeTrial' and status <> 'declined'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product_access').addColumn('platform_username_key', 'text').execute();
  await db.schema.alterTable('product_access').addColumn('removed_at', 'text').execute();
  await sql`update product_access set platform_username_key = lower(platform_username)`.execute(db);

  await db.schema
    .createIndex('product_access_trial_per_user')
    .on('product_access')
    .columns(['product', 'user_id'])
    .unique()
    .where(COUNTED_TRIAL)
    .execute();
  await db.schema
    .createIndex('product_access_trial_per_platform_username')
    .on('product_access')
    .columns(['product', 'platform_username_key'])
    .unique()
    .where(COUNTED_TRIAL)
    .execute();
  await db.schema
    .createIndex('product_access_created_at')
    .on('product_access')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_access_created_at').ifExists().execute();
  await db.schema.dropIndex('product_access_trial_per_platform_username').ifExists().execute();
  await db.schema.dropIndex('product_access_trial_per_user').ifExists().execute();
  await db.schema.alterTable('product_access').dropColumn('removed_at').execute();
  await db.schema.alterTable('product_access').dropColumn('platform_username_key').execute();
}
