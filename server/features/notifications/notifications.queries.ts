import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type DeliveryMode,
  defaultDelivery,
  type NotificationChannel,
  type NotificationTopic,
  type PushMode,
} from '../../../shared/notifications.js';
import type { Database, Executor } from '../../db/client.js';
import { oncePerDatabase } from '../../db/prepared.js';
import { notificationSettings, notifications } from '../../db/schema/notifications.js';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The bell's statements, prepared once per pooled connection: every signed-in page asks for the
 * latest few and the unread count, and building and planning these small queries cost more
 * than running them.
 */
const bellStatements = oncePerDatabase((db) => {
  const recipient = eq(notifications.recipientId, sql.placeholder('userId'));
  return {
    // One index-only count over the member's unread rows.
    unread: db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(recipient, isNull(notifications.readAt)))
      .prepare('notifications_unread'),
    page: db
      .select()
      .from(notifications)
      .where(recipient)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('notifications_page'),
  };
});

/** The bell's figure: how many of the member's notifications are unread. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await bellStatements(db).unread.execute({ userId });
  return row?.count ?? 0;
}

export function findNotifications(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return bellStatements(db).page.execute({ userId, limit: page.limit, offset: page.offset });
}

/** Each member's mode for each topic on `channel`: their choice, else the topic's default. */
async function channelModes(
  db: Executor,
  userIds: readonly string[],
  channel: NotificationChannel,
): Promise<(userId: string, topic: NotificationTopic) => string> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: notificationSettings.userId,
            topic: notificationSettings.topic,
            mode: notificationSettings.mode,
          })
          .from(notificationSettings)
          .where(
            and(
              inArray(notificationSettings.userId, [...new Set(userIds)]),
              eq(notificationSettings.channel, channel),
            ),
          );
  const chosen = new Map(rows.map((row) => [`${row.userId}|${row.topic}`, row.mode]));
  return (userId, topic) =>
    chosen.get(`${userId}|${topic}`) ??
    (channel === 'email' ? defaultDelivery(topic, 'email') : defaultDelivery(topic, 'push'));
}

/** Each member's email mode for each topic: their choice, else the topic's default. */
export async function emailModes(
  db: Executor,
  userIds: readonly string[],
): Promise<(userId: string, topic: NotificationTopic) => DeliveryMode> {
  return (await channelModes(db, userIds, 'email')) as (
    userId: string,
    topic: NotificationTopic,
  ) => DeliveryMode;
}

/** Each member's push mode for each topic (instant or off). */
export async function pushModes(
  db: Executor,
  userIds: readonly string[],
): Promise<(userId: string, topic: NotificationTopic) => PushMode> {
  const modeOf = await channelModes(db, userIds, 'push');
  return (userId, topic) => (modeOf(userId, topic) === 'instant' ? 'instant' : 'off');
}
