/**
 * Group commit for visits (docs/decisions/2026-11-21-sqlite-synchronous-full.md): the visits that
 * arrive together are counted in one transaction, so one disk flush acknowledges all of them
 * instead of one flush each. A visit is answered only after the transaction holding it has
 * committed; if it fails, every visit in it fails and none is acknowledged.
 *
 * Batches clock themselves: the first visit to arrive while no batch is being written starts one at
 * the end of the current turn of the event loop (setImmediate), taking every visit that arrived in
 * that turn; visits arriving while it is written wait for the next, which starts as soon as it is
 * done. An idle server answers a lone visit at once; a busy one writes bigger batches, not more,
 * up to MAX_VISITS_PER_BATCH a transaction: a longer queue is written as several transactions one
 * after the other, so a statement never nears the SQL parameter limit. Visits left out (an admin's,
 * a bot's) go through the same batches and raise only their reason's count.
 */
import type { Kysely } from 'kysely';
import type { ExclusionReason } from '#shared/visit-schemas';
import type { Database } from '#server/db/schema';
import { countVisits } from './visits.repository';

/** A visit as the route read it: its page and source, or why it is left out. */
export interface VisitToCount {
  pageKey: string;
  source: string;
  /** Set when the visit is left out: only the reason's count goes up. */
  excluded: ExclusionReason | null;
}

/**
 * Visits in one transaction at most. Each counter's upsert takes at most four parameters per
 * distinct row, so a batch needs at most 8,000: well below SQLite's 32,766 and PostgreSQL's 65,535
 * bind parameters.
 */
export const MAX_VISITS_PER_BATCH = 2_000;

interface PendingVisit {
  visit: VisitToCount;
  settle: () => void;
  fail: (error: unknown) => void;
}

export interface VisitBatches {
  /** Counts a visit; resolves once it is durable. */
  count(visit: VisitToCount): Promise<void>;
  /** Waits for the visits already taken to be written. */
  close(): Promise<void>;
}

export function createVisitBatches(db: Kysely<Database>): VisitBatches {
  const waiting: PendingVisit[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;

  async function write(batch: PendingVisit[]): Promise<void> {
    const visits = batch.map((pending) => pending.visit);
    try {
      await db.transaction().execute((trx) =>
        countVisits(
          trx,
          visits.filter((visit) => visit.excluded === null),
          visits.flatMap((visit) => visit.excluded ?? []),
        ),
      );
      for (const pending of batch) pending.settle();
    } catch (error) {
      for (const pending of batch) pending.fail(error);
    }
  }

  function startBatch(): void {
    scheduled = false;
    if (writing || waiting.length === 0) return;
    const batch = waiting.splice(0, MAX_VISITS_PER_BATCH);
    writing = write(batch).finally(() => {
      writing = null;
      if (waiting.length > 0) startBatch();
    });
  }

  return {
    count(visit) {
      return new Promise<void>((settle, fail) => {
        waiting.push({ visit, settle, fail });
        if (!writing && !scheduled) {
          scheduled = true;
          setImmediate(startBatch);
        }
      });
    },
    async close() {
      while (writing || waiting.length > 0) {
        if (!writing) startBatch();
        await writing;
      }
    },
  };
}
