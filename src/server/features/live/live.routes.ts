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
import { LIVE_ALL_PAGES, LIVE_EVENTS, userEventSchema, type UserEvent } from '#shared/live-events';
import { isPageKey } from '#shared/page-keys';
import type { App } from '#server/app-types';
import type { LiveNotice } from './live-bus';
import { currentAssistantMessage } from '#server/features/assistant/assistant.service';
import { ApiError } from '#server/plugins/errors';
import { createAssistantFeed } from './assistant-feed';
import { createOpenStreams } from './open-streams';
import { openSseStream } from './sse-stream';
import { streamUser } from './stream-user';
import { coalesced } from './coalesced';

/** A resync's re-reads are spread over this long, so storage is not asked by every stream at once. */
const RESYNC_SPREAD_MS = 1000;

export const TOO_MANY_STREAMS_MESSAGE = 'Too many live connections from this address.';

const liveQuerySchema = z.object({
  page: z
    .string()
    .refine((page) => page === LIVE_ALL_PAGES || isPageKey(page), { error: 'Unknown page.' })
    .optional(),
});

export async function liveRoutes(app: App): Promise<void> {
  const { heartbeatMs, maxStreamsPerAddress } = app.liveStreamSettings;
  const openStreams = createOpenStreams(maxStreamsPerAddress);
  // One timer beats for every open stream (a timer per stream costs memory at thousands of streams).
  const heartbeat = setInterval(() => openStreams.heartbeatAll(), heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
  // Open streams never finish on their own: without this, close() would wait for every visitor to leave.
  app.addHook('preClose', async () => openStreams.endAll());
  const assistantFeed = createAssistantFeed(
    app.live,
    () => currentAssistantMessage(app.db),
    app.log,
  );
  app.addHook('onClose', async () => assistantFeed.close());
  app.liveStreamCounts.open = openStreams.size;
  app.liveStreamCounts.assistantFollowers = assistantFeed.followerCount;

  app.get(
    '/api/live',
    // A HEAD would open a stream whose every byte Node throws away.
    { exposeHeadRoute: false, schema: { querystring: liveQuerySchema } },
    async (request, reply) => {
      const address = request.ip;
      if (!openStreams.reserve(address)) {
        throw new ApiError('resource-exhausted', TOO_MANY_STREAMS_MESSAGE);
      }
      reply.hijack();
      if (reply.raw.destroyed) {
        openStreams.release(address);
        return reply;
      }
      const stream = openSseStream(request.raw, reply.raw, reply.getHeaders());
      openStreams.track(address, stream);

      const owner = streamUser(request, app.db);
      // Until the first read says whose stream this is, every user notice counts.
      let ownerKnown = false;

      const sendUser = coalesced(async () => {
        if (stream.closed) return;
        let event: UserEvent;
        try {
          event = userEventSchema.parse({ user: await owner.read() });
          ownerKnown = true;
        } catch (error) {
          // A stream that cannot read its state ends; the client reconnects and reads it again.
          request.log.error({ err: error }, 'live: could not read the user state');
          stream.end();
          return;
        }
        stream.send(LIVE_EVENTS.user, event);
      });

      let resyncTimer: NodeJS.Timeout | undefined;
      stream.onClose(() => clearTimeout(resyncTimer));
      const onNotice = (notice: LiveNotice) => {
        if (stream.closed) return;
        if (notice.kind === 'resync') {
          // Every stream of the instance hears a resync at once: their reads are spread out.
          resyncTimer ??= setTimeout(() => {
            resyncTimer = undefined;
            sendUser();
          }, Math.random() * RESYNC_SPREAD_MS);
        } else if (notice.kind === 'user' && (!ownerKnown || notice.userId === owner.userId())) {
          sendUser();
        }
      };
      // Subscribed before the first read, so a change committed during that read is not lost.
      stream.onClose(app.live.subscribe(onNotice));

      sendUser();
      const { page } = request.query;
      if (page) {
        stream.onClose(
          assistantFeed.follow(
            page,
            (event) => stream.send(LIVE_EVENTS.assistant, event),
            () => stream.end(),
          ),
        );
      }
      return reply;
    },
  );
}
