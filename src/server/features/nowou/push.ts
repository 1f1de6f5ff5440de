/**
 * Stores one push of a device (docs/product/nowou.md#nowou-sync): every item in one transaction that
 * holds the account's counter, each either new, a change on the version the server holds, or a
 * conflict settled by conflicts.ts. Limits refuse single items and change nothing for them.
 */
import type { Kysely } from 'kysely';
import { parseRecord, type Item } from '#shared/nowou-records';
import {
  NOWOU_SYNC_LIMITS,
  NOWOU_SYNC_MESSAGES,
  type NowouPushResult,
} from '#shared/nowou-sync-schemas';
import type { Database } from '#server/db/schema';
import { resolveConflict } from './conflicts';
import {
  itemsByKeys,
  keepInHistory,
  lockSyncState,
  saveSyncState,
  versionOf,
  writeItem,
  type StoredItem,
  type SyncState,
} from './nowou-items.repository';

export interface PushedItem {
  key: string;
  item: Item;
  baseSeq: number | null;
}

export interface PushOutcome {
  results: NowouPushResult[];
  /** Something was written, so the account's other devices should pull. */
  changed: boolean;
}

function jsonOf(item: Item): string {
  return JSON.stringify(item);
}

function readStored(stored: StoredItem): Item | null {
  try {
    const parsed = parseRecord(JSON.parse(stored.value));
    return parsed.ok ? parsed.item : null;
  } catch {
    return null;
  }
}

/** Would the account stay within its limits with `next` in place of `before`? */
function limitReached(
  state: SyncState,
  before: StoredItem | undefined,
  next: { deleted: boolean; bytes: number },
): string | null {
  if (next.bytes > NOWOU_SYNC_LIMITS.itemBytes) return NOWOU_SYNC_MESSAGES.itemTooLarge;
  const liveBefore = before && !before.deleted ? 1 : 0;
  const liveAfter = next.deleted ? 0 : 1;
  if (liveAfter > liveBefore && state.itemCount + 1 > NOWOU_SYNC_LIMITS.items) {
    return NOWOU_SYNC_MESSAGES.tooManyItems;
  }
  const growth = next.bytes - (before?.bytes ?? 0);
  if (growth > 0 && state.totalBytes + growth > NOWOU_SYNC_LIMITS.totalBytes) {
    return NOWOU_SYNC_MESSAGES.accountFull;
  }
  return null;
}

export async function storePush(
  db: Kysely<Database>,
  userId: string,
  device: string,
  pushed: readonly PushedItem[],
  now = new Date(),
): Promise<PushOutcome> {
  return db.transaction().execute(async (trx) => {
    const state = await lockSyncState(trx, userId);
    const stored = await itemsByKeys(
      trx,
      userId,
      pushed.map((entry) => entry.key),
    );
    const results: NowouPushResult[] = [];
    let changed = false;

    const write = async (
      key: string,
      item: Item,
      from: string,
      before: StoredItem | undefined,
    ): Promise<{ refused: string } | { refused: null; seq: number }> => {
      const value = jsonOf(item);
      const bytes = Buffer.byteLength(value);
      const refused = limitReached(state, before, { deleted: item.deleted, bytes });
      if (refused !== null) return { refused };
      state.lastSeq += 1;
      state.itemCount += (item.deleted ? 0 : 1) - (before && !before.deleted ? 1 : 0);
      state.totalBytes += bytes - (before?.bytes ?? 0);
      const next: StoredItem = {
        key,
        value,
        seq: state.lastSeq,
        modifiedAt: item.modifiedAt,
        device: from,
        deleted: item.deleted,
        bytes,
      };
      await writeItem(trx, userId, next);
      stored.set(key, next);
      changed = true;
      return { refused: null, seq: next.seq };
    };

    for (const { key, item, baseSeq } of pushed) {
      const current = stored.get(key);
      const currentItem = current ? readStored(current) : null;
      if (!current || !currentItem || current.seq === baseSeq) {
        // New, or a change on the version held (or in place of a copy this version cannot read).
        const written = await write(key, item, device, current);
        if (written.refused !== null) {
          results.push({ key, status: 'refused', message: written.refused });
          continue;
        }
        // A to-do's replaced versions stay a while: a device that changed an older one merges on it.
        if (current && currentItem?.kind === 'todo') {
          await keepInHistory(trx, userId, state, { ...current, reason: 'replaced' }, now);
        }
        results.push({ key, status: 'accepted', seq: written.seq });
        continue;
      }
      const baseValue = baseSeq === null ? undefined : await versionOf(trx, userId, key, baseSeq);
      const base = baseValue === undefined ? null : readStored({ ...current, value: baseValue });
      const outcome = resolveConflict(
        { item: currentItem, device: current.device },
        { item, device },
        base,
      );
      if (outcome.kind === 'same') {
        results.push({ key, status: 'accepted', seq: current.seq });
      } else if (outcome.kind === 'server-wins') {
        await keepInHistory(
          trx,
          userId,
          state,
          { key, seq: null, value: jsonOf(item), device, reason: 'lost' },
          now,
        );
        results.push({ key, status: 'kept', seq: current.seq, value: currentItem });
      } else {
        const winner = outcome.kind === 'merged' ? outcome.item : item;
        const written = await write(key, winner, device, current);
        if (written.refused !== null) {
          results.push({ key, status: 'refused', message: written.refused });
          continue;
        }
        await keepInHistory(trx, userId, state, { ...current, reason: 'lost' }, now);
        if (outcome.kind === 'merged') {
          await keepInHistory(
            trx,
            userId,
            state,
            { key, seq: null, value: jsonOf(item), device, reason: 'lost' },
            now,
          );
          results.push({ key, status: 'merged', seq: written.seq, value: winner });
        } else {
          results.push({ key, status: 'accepted', seq: written.seq });
        }
      }
    }
    await saveSyncState(trx, userId, state);
    return { results, changed };
  });
}
