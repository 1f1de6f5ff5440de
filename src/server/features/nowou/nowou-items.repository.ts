/**
 * The Nowou items accounts keep (nowou_items), the copies kept beside them for 30 days
 * (nowou_item_history) and each account's version counter and totals (nowou_sync_state).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { NOWOU_SYNC_LIMITS } from '#shared/nowou-sync-schemas';
import type { Database, Flag } from '#server/db/schema';

export interface SyncState {
  lastSeq: number;
  itemCount: number;
  totalBytes: number;
  /** The copies kept in the history, within NOWOU_SYNC_LIMITS.historyBytes. */
  historyBytes: number;
}

export interface StoredItem {
  key: string;
  value: string;
  seq: number;
  modifiedAt: string;
  device: string;
  deleted: boolean;
  bytes: number;
}

/**
 * The account's counter and totals, made on first use. The write takes the row's lock on
 * PostgreSQL, so the account's pushes run one after the other until this transaction commits: its
 * versions therefore commit in order, and a reader by version never skips one written late.
 */
export async function lockSyncState(
  trx: Transaction<Database>,
  userId: string,
): Promise<SyncState> {
  const row = await trx
    .insertInto('nowou_sync_state')
    .values({ user_id: userId })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ last_seq: sql<number>`nowou_sync_state.last_seq` }),
    )
    .returning(['last_seq', 'item_count', 'total_bytes', 'history_bytes'])
    .executeTakeFirstOrThrow();
  return {
    lastSeq: Number(row.last_seq),
    itemCount: Number(row.item_count),
    totalBytes: Number(row.total_bytes),
    historyBytes: Number(row.history_bytes),
  };
}

export async function saveSyncState(
  trx: Transaction<Database>,
  userId: string,
  state: SyncState,
): Promise<void> {
  await trx
    .updateTable('nowou_sync_state')
    .set({
      last_seq: state.lastSeq,
      item_count: state.itemCount,
      total_bytes: state.totalBytes,
      history_bytes: state.historyBytes,
    })
    .where('user_id', '=', userId)
    .execute();
}

function toStored(row: {
  item_key: string;
  value: string;
  seq: number;
  modified_at: string;
  device: string;
  deleted: Flag;
  bytes: number;
}): StoredItem {
  return {
    key: row.item_key,
    value: row.value,
    seq: Number(row.seq),
    modifiedAt: row.modified_at,
    device: row.device,
    deleted: Boolean(row.deleted),
    bytes: Number(row.bytes),
  };
}

/** The stored items among `keys`, by key. */
export async function itemsByKeys(
  trx: Transaction<Database>,
  userId: string,
  keys: readonly string[],
): Promise<Map<string, StoredItem>> {
  const found = new Map<string, StoredItem>();
  // Chunks keep each statement well under SQLite's parameter limit.
  for (let start = 0; start < keys.length; start += 400) {
    const rows = await trx
      .selectFrom('nowou_items')
      .select(['item_key', 'value', 'seq', 'modified_at', 'device', 'deleted', 'bytes'])
      .where('user_id', '=', userId)
      .where('item_key', 'in', keys.slice(start, start + 400))
      .execute();
    for (const row of rows) found.set(row.item_key, toStored(row));
  }
  return found;
}

export async function writeItem(
  trx: Transaction<Database>,
  userId: string,
  item: Omit<StoredItem, 'deleted'> & { deleted: boolean },
): Promise<void> {
  const row = {
    user_id: userId,
    item_key: item.key,
    value: item.value,
    seq: item.seq,
    modified_at: item.modifiedAt,
    device: item.device,
    deleted: (item.deleted ? 1 : 0) as Flag,
    bytes: item.bytes,
  };
  await trx
    .insertInto('nowou_items')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'item_key']).doUpdateSet({
        value: row.value,
        seq: row.seq,
        modified_at: row.modified_at,
        device: row.device,
        deleted: row.deleted,
        bytes: row.bytes,
      }),
    )
    .execute();
}

export type HistoryReason = 'replaced' | 'lost';

/**
 * Keeps a copy in the item's history, within the account's history budget
 * (docs/decisions/2026-11-29-second-probe.md): a copy identical to one kept is not kept again (a
 * version identical to a kept copy that never was one only gives it its version number), and
 * the account's oldest copies go first to make room. Runs in the push's transaction, which holds
 * the account's counter, and keeps `state.historyBytes` in step.
 */
export async function keepInHistory(
  trx: Transaction<Database>,
  userId: string,
  state: SyncState,
  copy: { key: string; seq: number | null; value: string; device: string; reason: HistoryReason },
  now: Date,
): Promise<void> {
  const digest = createHash('sha256').update(copy.value).digest('base64url');
  const same = await trx
    .selectFrom('nowou_item_history')
    .select('seq')
    .where('user_id', '=', userId)
    .where('item_key', '=', copy.key)
    .where('digest', '=', digest)
    .execute();
  const seqs = same.map((row) => (row.seq === null ? null : Number(row.seq)));
  if (seqs.length > 0) {
    if (copy.seq === null || seqs.includes(copy.seq)) return;
    if (seqs.includes(null)) {
      await trx
        .updateTable('nowou_item_history')
        .set({ seq: copy.seq })
        .where('user_id', '=', userId)
        .where('item_key', '=', copy.key)
        .where('digest', '=', digest)
        .where('seq', 'is', null)
        .execute();
      return;
    }
    // Another version with the very same text: kept too, so a merge on it finds its base.
  }
  const bytes = Buffer.byteLength(copy.value);
  while (state.historyBytes + bytes > NOWOU_SYNC_LIMITS.historyBytes) {
    const need = state.historyBytes + bytes - NOWOU_SYNC_LIMITS.historyBytes;
    const oldest = await trx
      .selectFrom('nowou_item_history')
      .select(['kept_at', 'bytes'])
      .where('user_id', '=', userId)
      .orderBy('kept_at')
      .limit(1000)
      .execute();
    if (oldest.length === 0) break;
    let until = oldest.at(-1)!.kept_at;
    let freed = 0;
    for (const row of oldest) {
      freed += Number(row.bytes);
      if (freed >= need) {
        until = row.kept_at;
        break;
      }
    }
    const dropped = await trx
      .deleteFrom('nowou_item_history')
      .where('user_id', '=', userId)
      .where('kept_at', '<=', until)
      .returning('bytes')
      .execute();
    state.historyBytes -= dropped.reduce((sum, row) => sum + Number(row.bytes), 0);
  }
  await trx
    .insertInto('nowou_item_history')
    .values({
      user_id: userId,
      item_key: copy.key,
      seq: copy.seq,
      value: copy.value,
      device: copy.device,
      reason: copy.reason,
      kept_at: now.toISOString(),
      bytes,
      digest,
    })
    .execute();
  state.historyBytes += bytes;
}

/** The copy that was version `seq` of the item, while its history keeps it. */
export async function versionOf(
  trx: Transaction<Database>,
  userId: string,
  key: string,
  seq: number,
): Promise<string | undefined> {
  const row = await trx
    .selectFrom('nowou_item_history')
    .select('value')
    .where('user_id', '=', userId)
    .where('item_key', '=', key)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.value;
}

/** The account's items after version `after`, in version order, `limit` at most. */
export async function itemsAfter(
  db: Kysely<Database>,
  userId: string,
  after: number,
  limit: number,
): Promise<{ key: string; seq: number; value: string }[]> {
  const rows = await db
    .selectFrom('nowou_items')
    .select(['item_key', 'seq', 'value'])
    .where('user_id', '=', userId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: row.item_key, seq: Number(row.seq), value: row.value }));
}

/** The highest version among the account's purged deleted items, 0 when none was purged. */
export async function purgedThrough(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('nowou_sync_state')
    .select('purged_seq')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.purged_seq ?? 0);
}

/** Every item of the account, deleted ones included, for its data export. */
export async function allItems(
  db: Kysely<Database>,
  userId: string,
): Promise<{ key: string; seq: number; value: string; modifiedAt: string; deleted: boolean }[]> {
  const rows = await db
    .selectFrom('nowou_items')
    .select(['item_key', 'seq', 'value', 'modified_at', 'deleted'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    key: row.item_key,
    seq: Number(row.seq),
    value: row.value,
    modifiedAt: row.modified_at,
    deleted: Boolean(row.deleted),
  }));
}

/**
 * Drops what is kept only for a while: deleted items and history copies older than `before`. Each
 * account with something to drop is done in its own transaction holding its counter's lock, so
 * its totals stay exact while it pushes.
 */
export async function purgeExpired(db: Kysely<Database>, before: Date): Promise<number> {
  const cutoff = before.toISOString();
  let purged = 0;
  const withTombstones = await db
    .selectFrom('nowou_items')
    .select('user_id')
    .distinct()
    .where('deleted', '=', 1)
    .where('modified_at', '<', cutoff)
    .execute();
  const withOldCopies = await db
    .selectFrom('nowou_item_history')
    .select('user_id')
    .distinct()
    .where('kept_at', '<', cutoff)
    .execute();
  const owners = new Set([...withTombstones, ...withOldCopies].map((row) => row.user_id));
  for (const userId of owners) {
    purged += await db.transaction().execute(async (trx) => {
      const state = await lockSyncState(trx, userId);
      const gone = await trx
        .deleteFrom('nowou_items')
        .where('user_id', '=', userId)
        .where('deleted', '=', 1)
        .where('modified_at', '<', cutoff)
        .returning(['bytes', 'seq'])
        .execute();
      const copies = await trx
        .deleteFrom('nowou_item_history')
        .where('user_id', '=', userId)
        .where('kept_at', '<', cutoff)
        .returning('bytes')
        .execute();
      const bytes = gone.reduce((sum, row) => sum + Number(row.bytes), 0);
      const copyBytes = copies.reduce((sum, row) => sum + Number(row.bytes), 0);
      await saveSyncState(trx, userId, {
        ...state,
        totalBytes: state.totalBytes - bytes,
        historyBytes: state.historyBytes - copyBytes,
      });
      // A device that has not pulled past these versions can no longer learn of the deletions.
      const highest = gone.reduce((max, row) => Math.max(max, Number(row.seq)), 0);
      await trx
        .updateTable('nowou_sync_state')
        .set({ purged_seq: highest })
        .where('user_id', '=', userId)
        .where('purged_seq', '<', highest)
        .execute();
      return gone.length;
    });
  }
  return purged;
}
