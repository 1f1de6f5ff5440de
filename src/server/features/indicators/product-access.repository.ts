/**
 * Storage of indicator access (table product_access); rows become the API shapes here. One free
 * trial per product for each account and each TradingView username is checked first (for a clear
 * message) and enforced by the unique indexes of migration 0004 (so two requests at the same moment
 * cannot both win: the second insert fails and is answered like the check would have).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  accessState,
  addDays,
  INDICATORS,
  isAccessKind,
  isIndicatorProduct,
  needsRemovalOnTradingView,
  platformUsernameKey,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import {
  PRODUCT_ACCESS_LIST_LIMIT,
  PRODUCT_ACCESS_MESSAGES,
  type AdminAccessRecord,
  type OwnAccessRecord,
} from '#shared/product-access-schemas';
import type { AccountSummary } from '#server/app-types';
import type { Database, ProductAccess } from '#server/db/schema';
import { ApiError } from '#server/plugins/errors';

type Db = Kysely<Database> | Transaction<Database>;

/** The field the trial form's username error belongs under. */
export const USERNAME_FIELD = 'tradingViewUsername';

function trialUsedByAccount(product: IndicatorProduct): ApiError {
  return new ApiError(
    'aborted',
    PRODUCT_ACCESS_MESSAGES.trialUsedByAccount(INDICATORS[product].title),
  );
}

function trialUsedByUsername(product: IndicatorProduct): ApiError {
  return new ApiError(
    'aborted',
    PRODUCT_ACCESS_MESSAGES.trialUsedByUsername(INDICATORS[product].title),
    USERNAME_FIELD,
  );
}

/** Which one-trial rule a failed insert broke, from the database's own error; null if neither. */
export function trialRuleBroken(error: unknown): 'account' | 'username' | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const where = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
  if (
    /product_access_trial_per_platform_username|product_access\.platform_username_key/.test(where)
  )
    return 'username';
  if (/product_access_trial_per_user|product_access\.user_id/.test(where)) return 'account';
  return null;
}

export interface AccessRequest {
  userId: string;
  product: IndicatorProduct;
  kind: AccessKind;
  platformUsername: string;
}

/**
 * Records a trial or purchase request as `requested` (the owner shares the indicator on TradingView
 * and then grants it). Throws a 409 ApiError when the product's free trial was already used by this
 * account or by this TradingView username.
 */
export async function recordAccessRequest(
  trx: Transaction<Database>,
  request: AccessRequest,
  now: Date,
): Promise<string> {
  const platformUsername = request.platformUsername.trim();
  const key = platformUsernameKey(platformUsername);
  if (request.kind === 'freeTrial') {
    const used = await trx
      .selectFrom('product_access')
      .select(['user_id', 'platform_username_key'])
      .where('product', '=', request.product)
      .where('kind', '=', 'freeTrial')
      .where('status', '<>', 'declined')
      .where((eb) =>
        eb.or([eb('user_id', '=', request.userId), eb('platform_username_key', '=', key)]),
      )
      .execute();
    if (used.some((row) => row.user_id === request.userId))
      throw trialUsedByAccount(request.product);
    if (used.length > 0) throw trialUsedByUsername(request.product);
  }
  const id = randomUUID();
  try {
    await trx
      .insertInto('product_access')
      .values({
        id,
        user_id: request.userId,
        product: request.product,
        kind: request.kind,
        platform_username: platformUsername,
        platform_username_key: key,
        status: 'requested',
        starts_at: null,
        ends_at: null,
        created_at: now.toISOString(),
        removed_at: null,
      })
      .execute();
  } catch (error) {
    const broken = trialRuleBroken(error);
    if (broken === 'account') throw trialUsedByAccount(request.product);
    if (broken === 'username') throw trialUsedByUsername(request.product);
    throw error;
  }
  return id;
}

function ownRecord(row: ProductAccess, now: Date): OwnAccessRecord | null {
  if (!isIndicatorProduct(row.product) || !isAccessKind(row.kind)) return null;
  return {
    id: row.id,
    product: row.product,
    kind: row.kind,
    platformUsername: row.platform_username,
    state: accessState({ status: row.status, startsAt: row.starts_at, endsAt: row.ends_at }, now),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
  };
}

/** The user's own records, newest first. */
export async function listOwnAccess(db: Db, userId: string, now: Date): Promise<OwnAccessRecord[]> {
  const rows = await db
    .selectFrom('product_access')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((row) => ownRecord(row, now) ?? []);
}

/**
 * The owner's view of a record, naming its account; null when the row names an unknown product or
 * kind, or its account is gone.
 */
export function adminRecord(
  row: ProductAccess,
  account: AccountSummary | undefined,
  now: Date,
): AdminAccessRecord | null {
  const own = ownRecord(row, now);
  if (!own || !account) return null;
  return {
    ...own,
    removedAt: row.removed_at,
    removeOnTradingView: needsRemovalOnTradingView(
      {
        status: row.status,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        removedAt: row.removed_at,
      },
      now,
    ),
    user: { uid: row.user_id, username: account.username, email: account.email },
  };
}

/**
 * For the owner: every record that still asks for something (a request to grant, an active access,
 * one to take off TradingView), and the latest of the rest as history; newest first.
 */
export async function listAllAccess(db: Db): Promise<ProductAccess[]> {
  const [open, history] = await Promise.all([
    db
      .selectFrom('product_access')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('status', '=', 'requested'),
          eb.and([
            eb('status', 'in', ['active', 'revoked']),
            eb('starts_at', 'is not', null),
            eb('removed_at', 'is', null),
          ]),
        ]),
      )
      .execute(),
    db
      .selectFrom('product_access')
      .selectAll()
      .where((eb) => eb.or([eb('status', '=', 'declined'), eb('removed_at', 'is not', null)]))
      .orderBy('created_at', 'desc')
      .limit(PRODUCT_ACCESS_LIST_LIMIT)
      .execute(),
  ]);
  return [...open, ...history].sort((a, b) =>
    a.created_at === b.created_at ? b.id.localeCompare(a.id) : a.created_at < b.created_at ? 1 : -1,
  );
}

async function findRow(db: Db, id: string): Promise<ProductAccess> {
  const row = await db
    .selectFrom('product_access')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not-found', PRODUCT_ACCESS_MESSAGES.notFound);
  return row;
}

/** An update that found its row changed by someone else since it was read. */
function changedMeanwhile(): ApiError {
  return new ApiError('aborted', PRODUCT_ACCESS_MESSAGES.changedMeanwhile);
}

/** Grants a waiting request: active from now, for `days` (null: no end date; never for a trial). */
export async function grantAccess(
  db: Db,
  id: string,
  days: number | null,
  now: Date,
): Promise<ProductAccess> {
  const row = await findRow(db, id);
  if (row.status !== 'requested')
    throw new ApiError('aborted', PRODUCT_ACCESS_MESSAGES.notRequested);
  if (days === null && row.kind === 'freeTrial')
    throw new ApiError('invalid-argument', PRODUCT_ACCESS_MESSAGES.trialNeedsEnd, 'days');
  const result = await db
    .updateTable('product_access')
    .set({
      status: 'active',
      starts_at: now.toISOString(),
      ends_at: days === null ? null : addDays(now, days),
    })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw changedMeanwhile();
  return findRow(db, id);
}

/** Adds days to an active access's end date, or to now when it has already ended. */
export async function extendAccess(
  db: Db,
  id: string,
  days: number,
  now: Date,
): Promise<ProductAccess> {
  const row = await findRow(db, id);
  if (row.status !== 'active' || row.ends_at === null)
    throw new ApiError('aborted', PRODUCT_ACCESS_MESSAGES.notExtendable);
  const from = new Date(Math.max(Date.parse(row.ends_at), now.getTime()));
  const result = await db
    .updateTable('product_access')
    // Extending an access that was already taken off TradingView means sharing it again.
    .set({ ends_at: addDays(from, days), removed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('ends_at', '=', row.ends_at)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw changedMeanwhile();
  return findRow(db, id);
}

/**
 * Takes access away: a waiting request becomes `declined` (a declined trial does not count as used),
 * an active one `revoked`, ending now.
 */
export async function revokeAccess(db: Db, id: string, now: Date): Promise<ProductAccess> {
  const row = await findRow(db, id);
  if (row.status !== 'requested' && row.status !== 'active')
    throw new ApiError('aborted', PRODUCT_ACCESS_MESSAGES.notRevocable);
  const endsNow =
    row.status === 'active' && (row.ends_at === null || Date.parse(row.ends_at) > now.getTime());
  const result = await db
    .updateTable('product_access')
    .set({
      status: row.status === 'requested' ? 'declined' : 'revoked',
      ...(endsNow ? { ends_at: now.toISOString() } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw changedMeanwhile();
  return findRow(db, id);
}

/** The owner took an ended or revoked access off TradingView. */
export async function markRemoved(db: Db, id: string, now: Date): Promise<ProductAccess> {
  const row = await findRow(db, id);
  const dates = {
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    removedAt: row.removed_at,
  };
  if (!needsRemovalOnTradingView(dates, now))
    throw new ApiError('aborted', PRODUCT_ACCESS_MESSAGES.nothingToRemove);
  const result = await db
    .updateTable('product_access')
    .set({ removed_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw changedMeanwhile();
  return findRow(db, id);
}

/** Products the user may use now: active access that has not ended (the user info's subscribedProducts). */
export async function listActiveProducts(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<string[]> {
  const rows = await db
    .selectFrom('product_access')
    .select('product')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now.toISOString())]))
    .orderBy('product')
    .execute();
  return rows.map((row) => row.product);
}

/** Every record of the user, oldest first (their data export). */
export async function listUserAccessRows(db: Db, userId: string): Promise<ProductAccess[]> {
  return db
    .selectFrom('product_access')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The user's latest access records, newest first (the owner's view of the account). */
export async function listRecentUserAccessRows(
  db: Db,
  userId: string,
  limit: number,
): Promise<ProductAccess[]> {
  return db
    .selectFrom('product_access')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
