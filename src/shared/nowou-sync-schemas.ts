/**
 * Nowou's sync through the account (docs/product/nowou.md#nowou-sync): the bodies and answers of
 * POST /api/nowou/push and GET /api/nowou/pull, their limits and their messages. Items travel as the
 * same records the app keeps in browser storage (nowou-records.ts), each under its storage key, so
 * the server checks every one with the app's own schemas.
 */
import { z } from 'zod';
import { idSchema, parseRecord, storageKeyOf, type Item } from './nowou-records';

export const NOWOU_SYNC_LIMITS = {
  /** Items an account keeps, deleted ones (kept 30 days) not counted. */
  items: 20_000,
  /** One item's JSON, in bytes (a large board's edges are the biggest). */
  itemBytes: 1_000_000,
  /** Everything an account keeps, in bytes. */
  totalBytes: 25_000_000,
  /** Items in one push; the app sends more in several. */
  pushItems: 500,
  /** A push body, in bytes; the app keeps its pushes well under it. */
  pushBytes: 4_000_000,
  /** The items an account pushes in a minute, in bytes: a whole full account fits. */
  pushBytesPerMinute: 40_000_000,
  /**
   * The copies kept beside an account's items (replaced versions, changes that lost), in bytes;
   * the oldest go first (docs/decisions/2026-11-29-second-probe.md).
   */
  historyBytes: 25_000_000,
  /** How far ahead of the server's clock a change may be dated. */
  aheadMs: 24 * 60 * 60 * 1000,
  /** Items in one pull page. */
  pullItems: 2_000,
} as const;

/** Deleted items and the copies a change replaced are kept this long, then purged. */
export const NOWOU_KEEP_DAYS = 30;

export const NOWOU_SYNC_MESSAGES = {
  tooManyItems: `Your account keeps at most ${NOWOU_SYNC_LIMITS.items.toLocaleString('en-US')} Nowou items. Delete some to sync new ones; everything stays on this device.`,
  itemTooLarge: `This item is larger than ${NOWOU_SYNC_LIMITS.itemBytes / 1_000_000} MB, the most one item can sync. It stays on this device.`,
  accountFull: `Your Nowou items would take more than ${NOWOU_SYNC_LIMITS.totalBytes / 1_000_000} MB, the most an account keeps. Delete some to sync again; everything stays on this device.`,
  keyMismatch: 'An item is not stored under its own key.',
  changedAhead:
    "This item's change is dated more than a day ahead of the server's clock, so it cannot sync. Check this device's date and time; the item stays on this device.",
  notAnItem: 'An item is not a Nowou record.',
} as const;

/** A storage key as the app writes it (`todo-<id>`, `brainstorm-<id>`, …). */
const itemKeySchema = z.string().min(1).max(160);

/** A per-account version number: 1 for the first write, rising by one for each. */
const seqSchema = z.int().min(1);

export const nowouPushItemSchema = z.strictObject({
  key: itemKeySchema,
  /** The record itself; checked with the app's schemas (readPushedItem). */
  value: z.unknown(),
  /** The server version this change was made on, or null for an item this device never synced. */
  baseSeq: seqSchema.nullable(),
});

export const nowouPushSchema = z.strictObject({
  /** The device's own id (random, kept in its IndexedDB): breaks ties between equal times. */
  device: idSchema,
  items: z.array(nowouPushItemSchema).min(1).max(NOWOU_SYNC_LIMITS.pushItems),
});
export type NowouPush = z.infer<typeof nowouPushSchema>;

/**
 * What became of one pushed item:
 * - `accepted`: stored as sent, as version `seq`.
 * - `merged`: another device had changed other fields of the same to-do; `value` (version `seq`)
 *   holds both changes.
 * - `kept`: the server's copy was changed later and stays; `value` is that copy (version `seq`).
 *   The pushed copy is kept in the item's history for 30 days.
 * - `refused`: a limit was reached; `message` says which. Nothing changed on the server.
 */
export const nowouPushResultSchema = z.discriminatedUnion('status', [
  z.object({ key: z.string(), status: z.literal('accepted'), seq: seqSchema }),
  z.object({ key: z.string(), status: z.literal('merged'), seq: seqSchema, value: z.unknown() }),
  z.object({ key: z.string(), status: z.literal('kept'), seq: seqSchema, value: z.unknown() }),
  z.object({ key: z.string(), status: z.literal('refused'), message: z.string() }),
]);
export type NowouPushResult = z.infer<typeof nowouPushResultSchema>;

export const nowouPushAnswerSchema = z.object({ results: z.array(nowouPushResultSchema) });
export type NowouPushAnswer = z.infer<typeof nowouPushAnswerSchema>;

export const nowouPullQuerySchema = z.object({
  /** The highest version this device has; 0 for everything. */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(NOWOU_SYNC_LIMITS.pullItems).optional(),
});

export const nowouPulledItemSchema = z.object({
  key: z.string(),
  seq: seqSchema,
  value: z.unknown(),
});
export type NowouPulledItem = z.infer<typeof nowouPulledItemSchema>;

export const nowouPullAnswerSchema = z.object({
  items: z.array(nowouPulledItemSchema),
  /** Pass as `after` next time: the highest version in this page, or `after` when it is empty. */
  cursor: z.int().min(0),
  /** More items wait after `cursor`. */
  more: z.boolean(),
  /**
   * The highest version among the account's deleted items purged after 30 days (0: none). A device
   * that pulled before, but not past it, missed deletions and reads everything again from 0.
   */
  purged: z.int().min(0),
});
export type NowouPullAnswer = z.infer<typeof nowouPullAnswerSchema>;

/**
 * A change dated more than a day after `now`: a later time always wins a conflict, so a time far
 * ahead would win every one, and keep every copy pushed against it in the history.
 */
export function isDatedAhead(modifiedAt: string, now: Date): boolean {
  return Date.parse(modifiedAt) > now.getTime() + NOWOU_SYNC_LIMITS.aheadMs;
}

/**
 * Reads one pushed item: a valid record of this version, stored under its own key, dated no more
 * than a day ahead of `now`.
 */
export function readPushedItem(
  key: string,
  value: unknown,
  now: Date,
): { ok: true; item: Item } | { ok: false; message: string } {
  const parsed = parseRecord(value);
  if (!parsed.ok)
    return { ok: false, message: `${NOWOU_SYNC_MESSAGES.notAnItem} (${key}: ${parsed.reason})` };
  if (storageKeyOf(parsed.item.kind, parsed.item.id) !== key) {
    return { ok: false, message: `${NOWOU_SYNC_MESSAGES.keyMismatch} (${key})` };
  }
  if (isDatedAhead(parsed.item.modifiedAt, now)) {
    return { ok: false, message: `${NOWOU_SYNC_MESSAGES.changedAhead} (${key})` };
  }
  return { ok: true, item: parsed.item };
}
