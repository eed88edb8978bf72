import type { Notification, NotificationType } from '../../../shared/notifications.js';
import type { NotificationRow } from './notifications.queries.js';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Written only by notify(), whose input is a NotificationType.
    type: row.type as NotificationType,
    text: row.text,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
