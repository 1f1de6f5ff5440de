/**
 * GET and PUT /api/admin/notifications `{mode}`: the signed-in admin's own choice of notification
 * mails (docs/product/mail.md#owner-notifications), on the account page; admin-only with the desk's
 * code. Every instance also looks every DIGEST_CHECK_MS whether a daily digest, or a mail of the
 * notices held past the caps on mails at once, is due (one of them sends it), and once when it starts.
 */
import {
  notificationSettingsSchema,
  type NotificationSettings,
} from '#shared/notification-schemas';
import type { App } from '#server/app-types';
import { requireAdmin, signedInUser } from '#server/plugins/guards';
import { readMode, writeMode } from './notifications.repository';
import { sendDueCatchUps, sendDueDigests, type FindAdmins } from './notifications.service';

/** How often each instance looks for a due digest: a digest goes out within this of its hour. */
export const DIGEST_CHECK_MS = 10 * 60_000;

export interface NotificationsRoutesOptions {
  findAdmins: FindAdmins;
}

export async function notificationsRoutes(
  app: App,
  { findAdmins }: NotificationsRoutesOptions,
): Promise<void> {
  app.get(
    '/api/admin/notifications',
    { onRequest: [requireAdmin], schema: { response: { 200: notificationSettingsSchema } } },
    async (request): Promise<NotificationSettings> => {
      const user = await signedInUser(request);
      return { mode: await readMode(app.db, user.id) };
    },
  );

  app.put(
    '/api/admin/notifications',
    {
      onRequest: [requireAdmin],
      schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
    },
    async (request): Promise<NotificationSettings> => {
      const user = await signedInUser(request);
      await writeMode(app.db, user.id, request.body.mode);
      return { mode: await readMode(app.db, user.id) };
    },
  );

  const context = { findAdmins, publicUrl: app.config.publicUrl };
  const check = async () => {
    try {
      const queued =
        (await sendDueDigests(app.db, context)) + (await sendDueCatchUps(app.db, context));
      if (queued > 0) app.mail.kick();
    } catch (error) {
      app.log.error({ err: error }, 'notifications: could not send the digests');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void check();
    timer = setInterval(() => void check(), DIGEST_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
