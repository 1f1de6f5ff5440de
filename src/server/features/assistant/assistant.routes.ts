/**
 * The owner's side of the assistant (adminRank above 9): GET the current live message, POST a new
 * one (it replaces the current one at once, on every instance), DELETE to clear it. Streams hear of
 * each change through the live bus and send the message to the tabs whose page it targets.
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/api-errors';
import {
  currentAssistantMessageSchema,
  postAssistantMessageSchema,
} from '#shared/assistant-schemas';
import type { App } from '#server/app-types';
import { requireAdmin, signedInUser } from '#server/plugins/guards';
import { clearCurrentMessage, insertMessage, readCurrentMessage } from './assistant.repository';

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

  app.post(
    PATH,
    {
      onRequest: [requireAdmin],
      schema: {
        body: postAssistantMessageSchema,
        response: { 201: currentAssistantMessageSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const message = await insertMessage(app.db, { ...request.body, createdBy: user.id });
      await app.live.publish({ kind: 'assistant', messageId: message.id });
      return reply.code(201).send({ message });
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
