/**
 * The owner's mail (adminRank above 9): GET /api/admin/mail-lists counts each list's members by
 * state; POST /api/admin/newsletters queues a plain-text mail to a list's confirmed members through
 * the mail queue; POST /api/admin/newsletters/test queues it once to the owner's own address first;
 * GET /api/admin/newsletters lists the latest with their progress and unsubscribes.
 */
import {
  MAIL_LIST_MESSAGES,
  mailListCountsSchema,
  newsletterCreatedSchema,
  newsletterListSchema,
  newsletterPayloadSchema,
  newsletterTestQueuedSchema,
  NEWSLETTERS_LIST_LIMIT,
  type MailList,
} from '#shared/mail-list-schemas';
import type { App } from '#server/app-types';
import { memberCounts } from './members.repository';
import { listContext } from './subscriptions.service';
import { ApiError } from '#server/plugins/errors';
import { requireAdmin, requireStepUp, signedInUser } from '#server/plugins/guards';
import { listNewsletters, queueNewsletter, queueNewsletterTest } from './newsletters.repository';

export async function newslettersRoutes(app: App): Promise<void> {
  app.get(
    '/api/admin/mail-lists',
    { onRequest: [requireAdmin], schema: { response: { 200: mailListCountsSchema } } },
    async () => ({ lists: await memberCounts(app.db) }),
  );

  app.get(
    '/api/admin/newsletters',
    { onRequest: [requireAdmin], schema: { response: { 200: newsletterListSchema } } },
    async () => ({
      newsletters: await listNewsletters(app.db, { limit: NEWSLETTERS_LIST_LIMIT }),
    }),
  );

  app.post(
    '/api/admin/newsletters/test',
    {
      onRequest: [requireAdmin],
      schema: { body: newsletterPayloadSchema, response: { 202: newsletterTestQueuedSchema } },
    },
    async (request, reply) => {
      const owner = await signedInUser(request);
      const { list, subject, text } = request.body;
      await queueNewsletterTest(app.db, app.config.publicUrl, {
        list: list as MailList,
        subject,
        text,
        to: owner.email,
      });
      app.mail.kick();
      return reply.code(202).send({ to: owner.email });
    },
  );

  app.post(
    '/api/admin/newsletters',
    {
      onRequest: [requireStepUp],
      schema: { body: newsletterPayloadSchema, response: { 201: newsletterCreatedSchema } },
    },
    async (request, reply) => {
      const owner = await signedInUser(request);
      const { list, subject, text } = request.body;
      const context = await listContext(app.db, app.config);
      const id = await queueNewsletter(app.db, context, {
        list: list as MailList,
        subject,
        text,
        createdBy: owner.id,
      });
      if (!id) throw new ApiError('aborted', MAIL_LIST_MESSAGES.noRecipients);
      app.mail.kick();
      const [newsletter] = await listNewsletters(app.db, { limit: 1, id });
      if (!newsletter) throw new Error('the queued newsletter could not be read back');
      return reply.code(201).send({ newsletter });
    },
  );
}
