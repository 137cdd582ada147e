import type { NotificationItem } from '@agora/shared';
import type { NotificationRow } from './notifications.repo.js';

/** A notification as the bell and the notifications page list it. */
export function presentNotification(n: NotificationRow): NotificationItem {
  return {
    _id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
    count: n.count,
  };
}
