/**
 * GET /api/live?page=KEY: one Server-Sent Events stream per tab (docs/product/api.md#live-stream).
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
import { clientNetwork } from '#server/plugins/client-network';
import { createLiveStreams, type StreamPlace } from './live-streams';

export const TOO_MANY_STREAMS_MESSAGE = 'Too many live connections from this address.';
export const TOO_MANY_ACCOUNT_STREAMS_MESSAGE = 'Too many live connections for this account.';
export const STREAMS_FULL_MESSAGE =
  'The server has too many live connections. It tries again soon.';
/** When a refused stream may try again; the browser's own backoff spreads the retries. */
const STREAM_RETRY_AFTER_SECONDS = 30;

const liveQuerySchema = z.object({
  page: z
    .string()
    .refine((page) => page === LIVE_ALL_PAGES || isPageKey(page), { error: 'Unknown page.' })
    .optional(),
});

export async function liveRoutes(app: App): Promise<void> {
  const { heartbeatMs, maxStreamsPerAddress, maxStreamsPerAccount, maxStreams } =
    app.liveStreamSettings;
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
    maxPerAccount: maxStreamsPerAccount,
    maxStreams,
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
  app.metrics?.gauge('live_streams_open', 'Open live-update streams', () => streams.size());
  app.liveStreamCounts.assistantFollowers = feed.followerCount;
  app.liveStreamCounts.filedByOwner = streams.filedByOwner;

  app.get(
    '/api/live',
    // A HEAD would open a stream whose every byte Node throws away.
    { exposeHeadRoute: false, schema: { querystring: liveQuerySchema } },
    async (request, reply) => {
      const session = currentSession(request);
      // Read by the stream's first user read; a stream that never opens must not leave it unhandled.
      session.catch(() => undefined);
      const place: StreamPlace = {
        address: clientNetwork(request.ip),
        accountId: (await session)?.user.id ?? null,
      };
      // Each open stream holds a file descriptor: capped per process (below the open-files limit),
      // per client address and per account, so no one client can use them all up.
      const refused = streams.reserve(place);
      if (refused !== 'ok') {
        reply.header('retry-after', String(STREAM_RETRY_AFTER_SECONDS));
        if (refused === 'process') throw new ApiError('unavailable', STREAMS_FULL_MESSAGE);
        throw new ApiError(
          'resource-exhausted',
          refused === 'address' ? TOO_MANY_STREAMS_MESSAGE : TOO_MANY_ACCOUNT_STREAMS_MESSAGE,
        );
      }
      reply.hijack();
      // The security headers set so far (security-headers.ts) go out on the raw response too.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      // A stream lives for hours: Fastify's own listeners on the response would keep its request,
      // reply and per-request logger alive all that time. The stream logs what it must itself.
      reply.raw.removeAllListeners('finish');
      reply.raw.removeAllListeners('error');
      if (reply.raw.destroyed) {
        streams.release(place);
        return reply;
      }
      streams.serve(request.raw, reply.raw, place, session, request.query.page);
      return reply;
    },
  );
}
