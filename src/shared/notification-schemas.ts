/**
 * The owner's notification mails (docs/product/mail.md#owner-notifications): each admin chooses none, a
 * mail at once for each new thing that needs an answer, or one daily digest.
 * GET and PUT /api/admin/notifications `{mode}`.
 */
import { z } from 'zod';

export const NOTIFICATION_MODES = ['off', 'instant', 'daily'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** The hour (UTC) the daily digest goes out. */
export const DIGEST_HOUR_UTC = 7;

export const notificationSettingsSchema = z.strictObject({
  mode: z.enum(NOTIFICATION_MODES, { error: 'Choose off, at once or a daily digest.' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
