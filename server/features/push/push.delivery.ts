import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import { NOTIFICATION_TYPES, topicOf } from '../../../shared/notifications.js';
import type { PushPayload } from '../../../shared/push.js';
import type { AppContext } from '../../context.js';
import { notifications } from '../../db/schema/notifications.js';
import { pushSubscriptions } from '../../db/schema/push.js';
import type { HandleJobs } from '../../infra/features.js';
import {
  OutboundRefusedError,
  OutboundUnreachableError,
  outboundRequest,
} from '../../infra/outbound/request.js';
import { resolveVapidKeys, type VapidKeys } from '../../secrets.js';
import { pushModes } from '../notifications/notifications.queries.js';
import { NOTIFICATION_PUSH_QUEUE } from '../notifications/notify.js';
import { pushEndpointProblem, pushPolicy } from './endpoint.js';

/**
 * NOTIFICATION_PUSH_QUEUE (queued by notify.ts) has one job per pushed notification, which queues
 * one PUSH_SEND_QUEUE job per subscribed device, so a failing device retries alone.
 */
export const PUSH_SEND_QUEUE = 'push-send';

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * One push's whole exchange (resolving, connecting, TLS, the answer). Push services answer in
 * well under a second; 5 s leaves room for a slow path and caps what a device that never
 * answers costs: 5 s of one push slot per try.
 */
export const PUSH_TIMEOUT_MS = 5_000;
/**
 * Tries per device and notification: with the queue's back-off (5, 10, 20 s) a push service's
 * hiccup of half a minute is ridden out, while a dead device costs at most 4 × 5 s of one push
 * slot per notification; a push that late is hardly worth showing anyway.
 */
export const PUSH_SEND_ATTEMPTS = 4;
/**
 * Pushes sent at once per app server, in slots of their own: mostly waiting on the network, so
 * more than the default; bounded so slow devices cannot pile up connections (emails and other
 * jobs have their own slots and never wait for these).
 */
export const PUSH_SEND_CONCURRENCY = 8;
/** A device that answered nothing on its last try is dropped unless it took a push this recently. */
const DEAD_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

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
 * and posts it to the push service (RFC 8030) through the outbound address policy: the endpoint's
 * host is resolved and every address checked as the request connects (OutboundRefusedError when
 * one is not public). Never follows a redirect; bounded by PUSH_TIMEOUT_MS
 * (OutboundUnreachableError). Returns the status.
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
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  const response = await outboundRequest(request.endpoint, {
    ...pushPolicy(ctx.config.push.allowPrivateEndpoints),
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    timeoutMs: PUSH_TIMEOUT_MS,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
  });
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
        {
          dedupeKey: `push-send:${notificationId}:${device.id}`,
          maxAttempts: PUSH_SEND_ATTEMPTS,
        },
      );
    }
  });

  const drop = async (subscriptionId: number, why: string, endpoint: string) => {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    ctx.metrics.pushSent('expired');
    ctx.log.info({ subscriptionId, host: hostOf(endpoint), why }, 'Dropped a push subscription');
  };

  handle(
    PUSH_SEND_QUEUE,
    async (payload, job) => {
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
        last_success_at: string | null;
      }>(sql`
        select s.endpoint, s.p256dh, s.auth, s.last_success_at, n.text, n.link, n.read_at
        from push_subscriptions s
        join notifications n on n.recipient_id = s.user_id and n.id = ${notificationId}
        where s.id = ${subscriptionId}`);
      const row = rows[0];
      // The device unsubscribed, moved to another member, or the notification was read meanwhile.
      if (!row || row.read_at) return;
      // Stored before today's rules, or refused now: it will never be sent to.
      const problem = pushEndpointProblem(row.endpoint, ctx.config.push.allowPrivateEndpoints);
      if (problem) return drop(subscriptionId, problem, row.endpoint);
      let status: number;
      try {
        status = await sendPush(ctx, row, {
          title: ctx.config.siteName,
          body: row.text,
          url: row.link,
          tag: `notification-${notificationId}`,
        });
      } catch (error) {
        // Its host resolves to an address that is not public: never sent to, like a 410.
        if (error instanceof OutboundRefusedError) {
          return drop(subscriptionId, error.reason, row.endpoint);
        }
        // No answer on the last try, from a device that has taken no push for a month (or
        // ever): dead, not a passing outage of a device in use.
        const lastSuccess = row.last_success_at ? new Date(row.last_success_at).getTime() : 0;
        if (
          error instanceof OutboundUnreachableError &&
          job.attempts >= job.maxAttempts &&
          Date.now() - lastSuccess > DEAD_AFTER_MS
        ) {
          return drop(subscriptionId, error.message, row.endpoint);
        }
        ctx.metrics.pushSent('failed');
        throw error;
      }
      if (status === 404 || status === 410) {
        // The browser dropped this subscription: the push service will never take it again.
        return drop(subscriptionId, `the push service answered ${status}`, row.endpoint);
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
    },
    { concurrency: PUSH_SEND_CONCURRENCY },
  );
}

/** The host of an endpoint, for logs (the path identifies the device: not logged). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}
