import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { translatorFor } from '../../../shared/i18n/translators.js';
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  topicOf,
} from '../../../shared/notifications.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema/notifications.js';
import { transact } from '../../db/transact.js';
import { memberLocaleOf } from '../../i18n/member-locales.js';
import { verifiedAddressOf } from '../../infra/email-recipients.js';
import type { HandleJobs } from '../../infra/features.js';
import { enqueueJob } from '../../infra/job-queue.js';
import { digestEmail, instantEmail } from './notification-emails.js';
import { emailModes } from './notifications.queries.js';
import { NOTIFICATION_EMAIL_QUEUE } from './notify.js';

export const DIGEST_QUEUE = 'notification-digest';
/** A digest lists this many entries; the rest are a click away. */
const DIGEST_MAX_ENTRIES = 50;

const typeOf = (value: string): NotificationType | null =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value) ? (value as NotificationType) : null;

function siteOf(ctx: AppContext) {
  const secret = ctx.config.sessionSecret;
  if (!secret) throw new Error('SESSION_SECRET was not resolved');
  return { siteName: ctx.config.siteName, publicUrl: ctx.config.publicUrl, secret };
}

/**
 * The email jobs. Both read the member's settings and address when they run, not when they were
 * queued, so an unsubscribe stops emails already waiting, and an address not verified (yet, or
 * any more) gets nothing: the notifications stay on the site (issue 36). Message-IDs come from
 * the notification or the digest's job: a rare repeat (a server killed after the SMTP server took
 * the message but before the job was recorded done) is recognisably the same message.
 */
export function deliveryJobs(ctx: AppContext, handle: HandleJobs): void {
  const host = new URL(ctx.config.publicUrl).hostname || 'localhost';

  handle(NOTIFICATION_EMAIL_QUEUE, async (payload) => {
    const { notificationId } = z.object({ notificationId: z.number() }).parse(payload);
    const [notification] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    // Gone with its member, already read on the site, or no longer meant for email.
    if (!notification || notification.readAt || notification.email !== 'instant') return;
    const type = typeOf(notification.type);
    if (!type) return;
    const to = await verifiedAddressOf(ctx.db, notification.recipientId);
    if (!to) {
      // An address not proven (yet, or any more): the notification stays on the site only.
      await ctx.db
        .update(notifications)
        .set({ email: 'none' })
        .where(and(eq(notifications.id, notification.id), eq(notifications.email, 'instant')));
      return;
    }
    const topic = topicOf(type);
    const mode = (await emailModes(ctx.db, [notification.recipientId]))(
      notification.recipientId,
      topic,
    );
    if (mode !== 'instant') {
      await ctx.db
        .update(notifications)
        .set({ email: mode === 'daily' ? 'digest' : 'none' })
        .where(and(eq(notifications.id, notification.id), eq(notifications.email, 'instant')));
      return;
    }
    // In the member's language as it is now (users.locale, else English).
    const t = translatorFor(await memberLocaleOf(ctx.db, notification.recipientId));
    await ctx.mailer.send(
      instantEmail(
        t,
        siteOf(ctx),
        { userId: notification.recipientId, email: to },
        notification,
        topic,
      ),
      { messageId: `<notification-${notification.id}@${host}>` },
    );
  });

  handle(DIGEST_QUEUE, async (payload, job) => {
    const { userId } = z.object({ userId: z.string() }).parse(payload);
    // Take what is due for this digest (a retry of the same job takes the new ones too, and
    // sends everything it took: nothing taken is ever lost to a failed send).
    const to = await transact(ctx.db, async (tx) => {
      const due = await tx
        .select({ id: notifications.id, type: notifications.type, readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.recipientId, userId), eq(notifications.email, 'digest')))
        .for('update');
      const address = await verifiedAddressOf(tx, userId);
      if (!address) {
        // An address not proven: what waited stays on the site, and is never emailed later.
        if (due.length > 0) {
          await tx
            .update(notifications)
            .set({ email: 'none' })
            .where(and(eq(notifications.recipientId, userId), eq(notifications.email, 'digest')));
        }
        return null;
      }
      if (due.length === 0) return address;
      const modeOf = await emailModes(tx, [userId]);
      const wanted = (n: (typeof due)[number]) => {
        const type = typeOf(n.type);
        return !n.readAt && type !== null && modeOf(userId, topicOf(type)) !== 'off';
      };
      const take = due.filter(wanted).map((n) => n.id);
      const drop = due.filter((n) => !wanted(n)).map((n) => n.id);
      if (take.length > 0) {
        await tx
          .update(notifications)
          .set({ email: 'sent', digestJobId: job.id })
          .where(inArray(notifications.id, take));
      }
      if (drop.length > 0) {
        await tx
          .update(notifications)
          .set({ email: 'none' })
          .where(inArray(notifications.id, drop));
      }
      return address;
    });
    if (!to) return;
    const entries = await ctx.db
      .select({ text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.digestJobId, job.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    if (entries.length === 0) return;
    const t = translatorFor(await memberLocaleOf(ctx.db, userId));
    const shown = entries.slice(0, DIGEST_MAX_ENTRIES);
    if (entries.length > shown.length) {
      shown.push({
        text: t._('email.digestMore', { count: entries.length - shown.length }),
        link: '/notifications',
      });
    }
    await ctx.mailer.send(digestEmail(t, siteOf(ctx), { userId, email: to }, shown), {
      messageId: `<digest-${job.id}@${host}>`,
    });
  });
}

/** The next digest time: today at `hour` UTC if it is still ahead, else tomorrow. */
export function nextDigestTime(now: Date, hourUtc: number): Date {
  const today = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc),
  );
  return today.getTime() > now.getTime() ? today : new Date(today.getTime() + 86_400_000);
}

/**
 * Queues one digest job per member with notifications waiting for it, at the next digest hour.
 * Run hourly by every app server's maintenance: the job's dedupe key (member and day) keeps it
 * to one digest per member per day however many servers run this. Returns how many it queued.
 */
export async function scheduleDigests(
  db: Database,
  hourUtc: number,
  now = new Date(),
): Promise<number> {
  const runAt = nextDigestTime(now, hourUtc);
  const day = runAt.toISOString().slice(0, 10);
  const key = (userId: string) => `${DIGEST_QUEUE}:${userId}:${day}`;
  const { rows } = await db.execute<{ recipient_id: string }>(sql`
    select distinct n.recipient_id from notifications n
    where n.email = 'digest'
      and not exists (
        select 1 from jobs j where j.dedupe_key = ${`${DIGEST_QUEUE}:`} || n.recipient_id || ${`:${day}`})`);
  let queued = 0;
  for (const { recipient_id: userId } of rows) {
    if (await enqueueJob(db, DIGEST_QUEUE, { userId }, { dedupeKey: key(userId), runAt }))
      queued += 1;
  }
  return queued;
}
