import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type DeliveryMode,
  type MarkRead,
  NOTIFICATION_TOPIC_NAMES,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
  type PushMode,
  type UpdateNotificationSettings,
} from '../../../shared/notifications.js';
import { type Actor, SIGN_IN_REQUIRED } from '../../../shared/policies/decision.js';
import {
  canChangeNotificationSettings,
  canReadNotifications,
} from '../../../shared/policies/notifications.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notificationSettings, notifications } from '../../db/schema/notifications.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import {
  countUnread,
  emailModes,
  findNotifications,
  type NotificationRow,
  pushModes,
} from './notifications.queries.js';
import { readUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';

/** The member's own notifications, newest first, one page at a time. */
export async function listNotifications(
  ctx: AppContext,
  viewer: Actor | null,
  page: { limit: number; offset: number },
): Promise<{ unread: number; rows: NotificationRow[] }> {
  enforce(canReadNotifications(viewer));
  if (!viewer) throw new AppError(401, SIGN_IN_REQUIRED);
  const [rows, unread] = await Promise.all([
    findNotifications(ctx.db, viewer.id, page),
    countUnread(ctx.db, viewer.id),
  ]);
  return { unread, rows };
}

/**
 * Marks some of the member's notifications read, or all of them. Ids that are not theirs are
 * ignored, as if they did not exist. Returns the unread count after.
 */
export async function markRead(ctx: AppContext, reader: Actor, input: MarkRead): Promise<number> {
  enforce(canReadNotifications(reader));
  const mine = and(eq(notifications.recipientId, reader.id), isNull(notifications.readAt));
  const changed = await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where('ids' in input ? and(mine, inArray(notifications.id, input.ids)) : mine)
    .returning({ id: notifications.id });
  if (changed.length > 0) {
    await ctx.events.publish([reader.id], { type: 'notification' });
  }
  return countUnread(ctx.db, reader.id);
}

/** The member's email and push setting for every topic (defaults filled in). */
export async function loadSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [emailOf, pushOf] = await Promise.all([emailModes(db, [userId]), pushModes(db, [userId])]);
  const email = Object.fromEntries(
    NOTIFICATION_TOPIC_NAMES.map((topic) => [topic, emailOf(userId, topic)]),
  ) as Record<NotificationTopic, DeliveryMode>;
  const push = Object.fromEntries(
    NOTIFICATION_TOPIC_NAMES.map((topic) => [topic, pushOf(userId, topic)]),
  ) as Record<NotificationTopic, PushMode>;
  return { email, push };
}

async function writeEmailModes(
  db: Executor,
  userId: string,
  modes: Partial<Record<NotificationTopic, DeliveryMode>>,
  channel: NotificationChannel = 'email',
): Promise<void> {
  const rows = Object.entries(modes).map(([topic, mode]) => ({
    userId,
    topic,
    channel,
    mode: mode as DeliveryMode,
  }));
  if (rows.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        notificationSettings.userId,
        notificationSettings.topic,
        notificationSettings.channel,
      ],
      set: { mode: sql`excluded.mode`, updatedAt: sql`now()` },
    });
}

export async function updateSettings(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  enforce(canChangeNotificationSettings(actor, userId));
  await transact(ctx.db, async (tx) => {
    await writeEmailModes(tx, userId, input.email ?? {});
    await writeEmailModes(tx, userId, input.push ?? {}, 'push');
  });
  return loadSettings(ctx.db, userId);
}

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Sign in and change your email settings instead.';

/**
 * The one-click unsubscribe (RFC 8058): the signed token alone decides, no session. A topic's
 * token switches that topic's emails off; the digest's token switches off every topic the
 * member gets daily. Returns what was switched off, in words.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<string> {
  const secret = ctx.config.sessionSecret;
  const claim = secret ? readUnsubscribeToken(secret, token) : null;
  if (!claim) throw new AppError(400, INVALID_UNSUBSCRIBE_LINK);
  const settings = await loadSettings(ctx.db, claim.userId).catch(() => null);
  if (!settings) throw new AppError(400, INVALID_UNSUBSCRIBE_LINK);
  const topics = topicsOf(claim.scope, settings);
  await transact(ctx.db, async (tx) => {
    // A member deleted since the email went out: nothing to switch off.
    const [exists] = await tx
      .execute<{ ok: number }>(sql`select 1 as ok from users where id = ${claim.userId}`)
      .then((result) => result.rows);
    if (!exists) return;
    await writeEmailModes(
      tx,
      claim.userId,
      Object.fromEntries(topics.map((topic) => [topic, 'off' as const])),
    );
  });
  return unsubscribedMessage(claim.scope);
}

/** What an unsubscribe switched off, in words: one message a topic (each in the catalogs). */
export function unsubscribedMessage(scope: UnsubscribeScope): string {
  return scope === 'digest'
    ? 'You will no longer get the daily digest.'
    : `You will no longer get emails about ${NOTIFICATION_TOPICS[scope].label.toLowerCase()}.`;
}

function topicsOf(scope: UnsubscribeScope, settings: NotificationSettings): NotificationTopic[] {
  if (scope !== 'digest') return [scope];
  return NOTIFICATION_TOPIC_NAMES.filter((topic) => settings.email[topic] === 'daily');
}
