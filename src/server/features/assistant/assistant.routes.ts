/**
 * The owner's side of the assistant (adminRank above 9): GET the current live message, POST a new
 * one (it replaces the current one at once, on every instance; or, given a start, it waits until
 * then; given an end, it leaves then), DELETE …/current to clear it; GET …/scheduled lists the
 * waiting ones, PUT …/:id changes one and DELETE …/:id cancels it before its start. Streams hear of
 * each change through the live bus, and every instance's timer of the next start or end
 * (features/live/assistant-feed.ts) shows and hides scheduled messages on time.
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/api-errors';
import {
  ASSISTANT_SCHEDULE_MAX_DAYS,
  ASSISTANT_SCHEDULE_MESSAGES,
  currentAssistantMessageSchema,
  postedAssistantMessageSchema,
  scheduleAssistantMessageSchema,
  scheduledAssistantMessagesSchema,
} from '#shared/assistant-schemas';
import { recordIdParamsSchema } from '#shared/record-id';
import type { App } from '#server/app-types';
import { ApiError } from '#server/plugins/errors';
import { requireAdmin, signedInUser } from '#server/plugins/guards';
import {
  cancelScheduledMessage,
  clearCurrentMessage,
  insertMessage,
  readCurrentMessage,
  readSchedule,
  updateScheduledMessage,
  type ScheduledChange,
} from './assistant.repository';

const DAY_MS = 86_400_000;

/**
 * The start and end asked for, checked against the server's clock: a start still to come (none:
 * now), at most a year ahead, and an end after both the start and now.
 */
function scheduleOf(
  body: { startsAt?: string; endsAt?: string },
  now: Date,
  { startRequired }: { startRequired: boolean },
): { startsAt: Date | undefined; endsAt: Date | null } {
  const startsAt = body.startsAt ? new Date(body.startsAt) : undefined;
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (startRequired && !startsAt)
    throw new ApiError('invalid-argument', ASSISTANT_SCHEDULE_MESSAGES.badTime, 'startsAt');
  if (startsAt && startsAt <= now)
    throw new ApiError('invalid-argument', ASSISTANT_SCHEDULE_MESSAGES.startPassed, 'startsAt');
  if (startsAt && startsAt.getTime() - now.getTime() > ASSISTANT_SCHEDULE_MAX_DAYS * DAY_MS)
    throw new ApiError('invalid-argument', ASSISTANT_SCHEDULE_MESSAGES.tooFar, 'startsAt');
  if (endsAt && endsAt <= now)
    throw new ApiError('invalid-argument', ASSISTANT_SCHEDULE_MESSAGES.endPassed, 'endsAt');
  return { startsAt, endsAt };
}

function changed(result: ScheduledChange) {
  if (result.outcome === 'missing')
    throw new ApiError('not-found', ASSISTANT_SCHEDULE_MESSAGES.notFound);
  if (result.outcome === 'started')
    throw new ApiError('aborted', ASSISTANT_SCHEDULE_MESSAGES.started);
  return result.message;
}

const PATH = '/api/admin/assistant-messages';

export async function assistantRoutes(app: App): Promise<void> {
  app.get(
    PATH,
    {
      onRequest: [requireAdmin],
      schema: { response: { 200: currentAssistantMessageSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { message: await readCurrentMessage(app.db) };
    },
  );

  app.get(
    `${PATH}/scheduled`,
    {
      onRequest: [requireAdmin],
      schema: { response: { 200: scheduledAssistantMessagesSchema } },
    },
    async () => readSchedule(app.db),
  );

  app.post(
    PATH,
    {
      onRequest: [requireAdmin],
      schema: {
        body: scheduleAssistantMessageSchema,
        // The message as visitors get it (the response schema keeps only its fields).
        response: { 201: currentAssistantMessageSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const now = new Date();
      const { text, pages } = request.body;
      const schedule = scheduleOf(request.body, now, { startRequired: false });
      const message = await insertMessage(
        app.db,
        { text, pages, createdBy: user.id, ...schedule },
        now,
      );
      // Every instance hears of it: a message for now shows, a scheduled one arms their timers.
      await app.live.publish({ kind: 'assistant', messageId: message.id });
      return reply.code(201).send({ message });
    },
  );

  app.put(
    `${PATH}/:id`,
    {
      onRequest: [requireAdmin],
      schema: {
        params: recordIdParamsSchema,
        body: scheduleAssistantMessageSchema,
        response: { 200: postedAssistantMessageSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const now = new Date();
      const { text, pages } = request.body;
      const { startsAt, endsAt } = scheduleOf(request.body, now, { startRequired: true });
      const message = changed(
        await updateScheduledMessage(
          app.db,
          request.params.id,
          { text, pages, startsAt: startsAt!, endsAt },
          now,
        ),
      );
      await app.live.publish({ kind: 'assistant', messageId: message.id });
      return { message };
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      onRequest: [requireAdmin],
      schema: { params: recordIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      const message = changed(await cancelScheduledMessage(app.db, request.params.id));
      await app.live.publish({ kind: 'assistant', messageId: message.id });
      return reply.code(204).send(undefined);
    },
  );

  app.delete(
    `${PATH}/current`,
    { onRequest: [requireAdmin], schema: { response: { 204: z.undefined() } } },
    async (_request, reply) => {
      const cleared = await clearCurrentMessage(app.db);
      if (cleared) await app.live.publish({ kind: 'assistant', messageId: cleared });
      return reply.code(204).send(undefined);
    },
  );
}
