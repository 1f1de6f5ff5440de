/**
 * Nowou's sync through the account (docs/product/nowou.md#nowou-sync), for the signed-in owner only:
 * POST /api/nowou/push stores a device's changed items (each accepted, merged, kept as the server
 * had it, or refused by a limit) and tells the account's other devices through the live stream;
 * GET /api/nowou/pull answers the items after a version, in version order. Deleted items and
 * replaced copies are purged after 30 days; the pull says up to which version deletions were
 * purged, so a device away longer reads the account again instead of keeping what was deleted.
 */
import {
  NOWOU_KEEP_DAYS,
  NOWOU_SYNC_LIMITS,
  nowouPullAnswerSchema,
  nowouPullQuerySchema,
  nowouPushAnswerSchema,
  nowouPushSchema,
  readPushedItem,
} from '#shared/nowou-sync-schemas';
import type { App } from '#server/app-types';
import { ApiError } from '#server/plugins/errors';
import { requireUser, signedInUser } from '#server/plugins/guards';
import { enforceRateLimits, type RateLimitRule } from '#server/plugins/rate-limit';
import { itemsAfter, purgedThrough, purgeExpired } from './nowou-items.repository';
import { storePush, type PushedItem } from './push';

/** A device pushes at most about once a second while someone types; scripts get a 429. */
export const NOWOU_PUSHES_PER_USER: RateLimitRule = {
  name: 'nowou-push:user',
  limit: 240,
  windowMs: 60_000,
};

/**
 * The items pushed in a minute, in kilobytes (docs/decisions/2026-11-29-second-probe.md): the
 * count alone let a script send 4 MB pushes 240 times a minute.
 */
export const NOWOU_PUSH_KILOBYTES_PER_USER: RateLimitRule = {
  name: 'nowou-push-kb:user',
  limit: NOWOU_SYNC_LIMITS.pushBytesPerMinute / 1000,
  windowMs: 60_000,
};

export const ITEM_SENT_TWICE = 'An item is sent twice in one push.';

const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export async function nowouRoutes(app: App): Promise<void> {
  const purge = () =>
    purgeExpired(app.db, new Date(Date.now() - NOWOU_KEEP_DAYS * DAY_MS)).catch((error: unknown) =>
      app.log.error({ err: error }, 'nowou: purging expired items failed'),
    );
  const timer = setInterval(() => void purge(), PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/api/nowou/push',
    {
      onRequest: [requireUser],
      bodyLimit: NOWOU_SYNC_LIMITS.pushBytes,
      schema: { body: nowouPushSchema, response: { 200: nowouPushAnswerSchema } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      // Every item is read before anything is written: one bad item changes nothing.
      const items: PushedItem[] = [];
      const keys = new Set<string>();
      const now = new Date();
      let bytes = 0;
      for (const { key, value, baseSeq } of request.body.items) {
        const read = readPushedItem(key, value, now);
        if (!read.ok) throw new ApiError('invalid-argument', read.message);
        if (keys.has(key)) throw new ApiError('invalid-argument', `${ITEM_SENT_TWICE} (${key})`);
        keys.add(key);
        items.push({ key, item: read.item, baseSeq });
        bytes += Buffer.byteLength(JSON.stringify(read.item));
      }
      await enforceRateLimits(app.db, reply, [
        [NOWOU_PUSHES_PER_USER, user.id],
        [NOWOU_PUSH_KILOBYTES_PER_USER, user.id, Math.ceil(bytes / 1000)],
      ]);
      const { results, changed } = await storePush(app.db, user.id, request.body.device, items);
      if (changed) await app.live.publish({ kind: 'nowou', userId: user.id });
      return { results };
    },
  );

  app.get(
    '/api/nowou/pull',
    {
      onRequest: [requireUser],
      schema: { querystring: nowouPullQuerySchema, response: { 200: nowouPullAnswerSchema } },
    },
    async (request) => {
      const user = await signedInUser(request);
      const { after, limit = NOWOU_SYNC_LIMITS.pullItems } = request.query;
      const rows = await itemsAfter(app.db, user.id, after, limit + 1);
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          key: row.key,
          seq: row.seq,
          value: JSON.parse(row.value) as unknown,
        })),
        cursor: page.at(-1)?.seq ?? after,
        more: rows.length > limit,
        purged: await purgedThrough(app.db, user.id),
      };
    },
  );
}
