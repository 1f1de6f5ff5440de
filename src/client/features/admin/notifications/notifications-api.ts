/** The admin's own notification mails (docs/product/mail.md#owner-notifications): GET and PUT. */
import { notificationSettingsSchema, type NotificationMode } from '#shared/notification-schemas';
import { api } from '../../../lib/api';

const PATH = '/api/admin/notifications';

export async function fetchNotificationMode(signal?: AbortSignal): Promise<NotificationMode> {
  return notificationSettingsSchema.parse(await api<unknown>(PATH, { signal })).mode;
}

export async function saveNotificationMode(mode: NotificationMode): Promise<NotificationMode> {
  return notificationSettingsSchema.parse(
    await api<unknown>(PATH, { method: 'PUT', body: { mode } }),
  ).mode;
}
