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
 * a bot's) go through the same batches and limits and raise only their reason's count.
 */
import type { Kysely } from 'kysely';
import type { ExclusionReason } from '#shared/visit-schemas';
import type { Database } from '#server/db/schema';
import { hitRateLimitMany, type RateLimitRule } from '#server/plugins/rate-limit';
import { countVisits } from './visits.repository';

/** A visit as the route read it: its page and source, or why it is left out. */
export interface VisitToCount {
  pageKey: string;
  source: string;
  /** Set when the visit is left out: only the reason's count goes up. */
  excluded: ExclusionReason | null;
}

/**
 * Visits in one transaction at most. The rate-limit upsert takes four parameters per distinct
 * address, so a batch needs at most 8,000, and each counter's upsert at most four per distinct
 * row, so 8,000 too: well below SQLite's 32,766 and PostgreSQL's 65,535 bind parameters.
 */
export const MAX_VISITS_PER_BATCH = 2_000;

export interface VisitOutcome {
  /** False when the address was over its limit: nothing was counted. */
  counted: boolean;
  retryAfterSeconds: number;
}

interface PendingVisit {
  visit: VisitToCount;
  address: string;
  settle: (outcome: VisitOutcome) => void;
  fail: (error: unknown) => void;
}

export interface VisitBatches {
  /** Counts a visit from `address`, within its limit; resolves once it is durable. */
  count(visit: VisitToCount, address: string): Promise<VisitOutcome>;
  /** Waits for the visits already taken to be written. */
  close(): Promise<void>;
}

export function createVisitBatches(
  db: Kysely<Database>,
  limit: RateLimitRule,
  clock: () => Date = () => new Date(),
): VisitBatches {
  const waiting: PendingVisit[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;

  async function write(batch: PendingVisit[]): Promise<void> {
    const now = clock();
    try {
      const outcomes = await db.transaction().execute(async (trx) => {
        const hits = await hitRateLimitMany(
          trx,
          limit,
          batch.map((visit) => visit.address),
          now,
        );
        const outcomes = batch.map((visit) => {
          const hit = hits.get(visit.address)?.shift();
          if (!hit) throw new Error('a visit got no rate-limit count');
          return { counted: hit.allowed, retryAfterSeconds: hit.retryAfterSeconds };
        });
        const allowed = batch
          .filter((_, index) => outcomes[index]?.counted)
          .map((pending) => pending.visit);
        await countVisits(
          trx,
          allowed.filter((visit) => visit.excluded === null),
          allowed.flatMap((visit) => visit.excluded ?? []),
          now,
        );
        return outcomes;
      });
      batch.forEach((visit, index) => visit.settle(outcomes[index] as VisitOutcome));
    } catch (error) {
      for (const visit of batch) visit.fail(error);
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
    count(visit, address) {
      return new Promise<VisitOutcome>((settle, fail) => {
        waiting.push({ visit, address, settle, fail });
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
