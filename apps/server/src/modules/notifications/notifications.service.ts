import type { AppContext } from '../../context.js';
import { createInboxService } from './notifications.inbox.service.js';

/**
 * The notifications area's one entry point. Other areas record notifications (and their e-mails)
 * with notify, notifyGroupMany and notifyMany (notifications.notify.service.ts) or the once-only
 * notifyOnce and notifyOnceMany (notifications.once.service.ts), inside the transaction of the event
 * they report; the routes read and mark the caller's inbox (notifications.inbox.service.ts).
 */
export { notify, notifyGroupMany, notifyMany } from './notifications.notify.service.js';
export { notifyOnce, notifyOnceMany, onceNotificationId } from './notifications.once.service.js';
export {
  GROUP_OPEN_MS,
  type NotificationGroup,
  type NotificationText,
  type NotificationType,
} from './notifications.types.js';

export function createNotificationsService(ctx: AppContext) {
  return createInboxService(ctx);
}
