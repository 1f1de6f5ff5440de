/**
 * GET /api/live?page=KEY: one Server-Sent Events stream per tab (docs/product.md#live-stream).
 * Events: `user` (the visitor's own info, `{user: null}` when signed out) and, when the stream was
 * opened for a page, `assistant` (the live message when it targets that page, else `{message: null}`;
 * with `?page=all`, the message whatever its pages: the stream one tab holds for all its browser's
 * tabs, each of which keeps what its own page should show).
 *
 * Why nothing is missed without Last-Event-ID: every event is a state event (the whole current
 * value, never a delta), and each connect sends the current state in full. A client that reconnects
 * after any gap therefore ends up with the state as it is now, whatever it missed in between; the
 * Last-Event-ID header EventSource sends on reconnect is ignored on purpose. The same goes for a
 * `resync` notice from the bus (notices may have been lost while it reconnected to PostgreSQL): the
 * stream reads its state again and sends it. The assistant stream follows the same rule.
 */
import { z } from 'zod';
import { isPageKey, LIVE_ALL_PAGES } from '#shared/page-keys';
import type { App } from '#server/app-types';
import {
  currentAssistantMessage,
  nextAssistantChange,
} from '#server/features/assistant/assistant.service';
import { ApiError } from '#server/plugins/errors';
import { currentSession } from '#server/plugins/guards';
import { createAssistantFeed } from './assistant-feed';
import { createLiveStreams } from './live-streams';

export const TOO_MANY_STREAMS_MESSAGE = 'Too many live connections from this address.';

const liveQuerySchema = z.object({
  page: z
    .string()
    .refine((page) => page === LIVE_ALL_PAGES || isPageKey(page), { error: 'Unknown page.' })
    .optional(),
});

export async function liveRoutes(app: App): Promise<void> {
  const { heartbeatMs, maxStreamsPerAddress } = app.liveStreamSettings;
  const feed = createAssistantFeed(
    app.live,
    () => currentAssistantMessage(app.db),
    app.log,
    () => nextAssistantChange(app.db),
  );
  const streams = createLiveStreams({
    db: app.db,
    bus: app.live,
    feed,
    log: app.log,
    maxPerAddress: maxStreamsPerAddress,
  });
  // One timer beats for every open stream (a timer per stream costs memory at thousands of streams).
  const heartbeat = setInterval(() => streams.heartbeatAll(), heartbeatMs);
  heartbeat.unref();
  // Open streams never finish on their own: without this, close() would wait for every visitor to leave.
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    streams.close();
    feed.close();
  });
  app.liveStreamCounts.open = streams.size;
  app.liveStreamCounts.assistantFollowers = feed.followerCount;
  app.liveStreamCounts.filedByOwner = streams.filedByOwner;

  app.get(
    '/api/live',
    // A HEAD would open a stream whose every byte Node throws away.
    { exposeHeadRoute: false, schema: { querystring: liveQuerySchema } },
    async (request, reply) => {
      const address = request.ip;
      if (!streams.reserve(address)) {
        throw new ApiError('resource-exhausted', TOO_MANY_STREAMS_MESSAGE);
      }
      const session = currentSession(request);
      // Read by the stream's first user read; a stream that never opens must not leave it unhandled.
      session.catch(() => undefined);
      reply.hijack();
      // A stream lives for hours: Fastify's own listeners on the response would keep its request,
      // reply and per-request logger alive all that time. The stream logs what it must itself.
      reply.raw.removeAllListeners('finish');
      reply.raw.removeAllListeners('error');
      if (reply.raw.destroyed) {
        streams.release(address);
        return reply;
      }
      streams.serve(request.raw, reply.raw, address, session, request.query.page);
      return reply;
    },
  );
}
