import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import { NOTIFICATION_TYPES, topicOf } from '../../../shared/notifications.js';
import type { PushPayload } from '../../../shared/push.js';
import type { AppContext } from '../../context.js';
import { notifications } from '../../db/schema/notifications.js';
import { pushSubscriptions } from '../../db/schema/push.js';
import type { HandleJobs } from '../../infra/features.js';
import { resolveVapidKeys, type VapidKeys } from '../../secrets.js';
import { pushModes } from '../notifications/notifications.queries.js';
import { NOTIFICATION_PUSH_QUEUE } from '../notifications/notify.js';
import { isAllowedPushEndpoint } from './endpoint.js';

/**
 * NOTIFICATION_PUSH_QUEUE (queued by notify.ts) has one job per pushed notification, which queues
 * one PUSH_SEND_QUEUE job per subscribed device, so a failing device retries alone.
 */
export const PUSH_SEND_QUEUE = 'push-send';

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

const vapidOf = new WeakMap<AppContext['config'], Promise<VapidKeys>>();

/** This server's VAPID keys (resolved once per app: environment, else DATA_DIR). */
export function vapidKeys(ctx: Pick<AppContext, 'config'>): Promise<VapidKeys> {
  let keys = vapidOf.get(ctx.config);
  if (!keys) {
    keys = resolveVapidKeys(ctx.config.push.vapidKeys, ctx.config.dataDir, () =>
      webpush.generateVAPIDKeys(),
    );
    keys.catch(() => vapidOf.delete(ctx.config));
    vapidOf.set(ctx.config, keys);
  }
  return keys;
}

type Subscription = { endpoint: string; p256dh: string; auth: string };

/**
 * Encrypts `payload` for the device (RFC 8291, aes128gcm), signs the request with VAPID (RFC 8292)
 * and posts it to the push service (RFC 8030). Never follows a redirect. Returns the status.
 */
export async function sendPush(
  ctx: Pick<AppContext, 'config'>,
  subscription: Subscription,
  payload: PushPayload,
): Promise<number> {
  const keys = await vapidKeys(ctx);
  const request = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: ctx.config.push.subject,
        publicKey: keys.publicKey,
        privateKey: keys.privateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/**
 * The push jobs. Like the email job, they read the member's choice when they run, so switching
 * a topic off (or reading the notification on another device) stops pushes already queued.
 */
export function pushJobs(ctx: AppContext, handle: HandleJobs): void {
  handle(NOTIFICATION_PUSH_QUEUE, async (payload) => {
    const { notificationId } = z.object({ notificationId: z.number() }).parse(payload);
    const [notification] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    if (!notification || notification.readAt) return;
    const type = NOTIFICATION_TYPES.find((t) => t === notification.type);
    if (!type) return;
    const mode = (await pushModes(ctx.db, [notification.recipientId]))(
      notification.recipientId,
      topicOf(type),
    );
    if (mode !== 'instant') return;
    const devices = await ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, notification.recipientId));
    for (const device of devices) {
      await ctx.jobs.enqueue(
        ctx.db,
        PUSH_SEND_QUEUE,
        { notificationId, subscriptionId: device.id },
        { dedupeKey: `push-send:${notificationId}:${device.id}`, maxAttempts: 5 },
      );
    }
  });

  handle(PUSH_SEND_QUEUE, async (payload) => {
    const { notificationId, subscriptionId } = z
      .object({ notificationId: z.number(), subscriptionId: z.number() })
      .parse(payload);
    const { rows } = await ctx.db.execute<{
      endpoint: string;
      p256dh: string;
      auth: string;
      text: string;
      link: string;
      read_at: string | null;
    }>(sql`
      select s.endpoint, s.p256dh, s.auth, n.text, n.link, n.read_at
      from push_subscriptions s
      join notifications n on n.recipient_id = s.user_id and n.id = ${notificationId}
      where s.id = ${subscriptionId}`);
    const row = rows[0];
    // The device unsubscribed, moved to another member, or the notification was read meanwhile.
    if (!row || row.read_at) return;
    if (!isAllowedPushEndpoint(row.endpoint, ctx.config.push.allowPrivateEndpoints)) return;
    const status = await sendPush(ctx, row, {
      title: ctx.config.siteName,
      body: row.text,
      url: row.link,
      tag: `notification-${notificationId}`,
    });
    if (status === 404 || status === 410) {
      // The browser dropped this subscription: the push service will never take it again.
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      ctx.metrics.pushSent('expired');
      return;
    }
    if (status < 200 || status >= 300) {
      ctx.metrics.pushSent('failed');
      throw new Error(`The push service answered ${status}`);
    }
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: sql`now()` })
      .where(eq(pushSubscriptions.id, subscriptionId));
    ctx.metrics.pushSent('delivered');
  });
}
