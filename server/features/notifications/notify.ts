import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import { translatorFor } from '../../../shared/i18n/translators.js';
import {
  type DeliveryMode,
  type NotificationType,
  topicOf,
} from '../../../shared/notifications.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { memberLocales } from '../../i18n/member-locales.js';
import { emailModes, pushModes } from './notifications.queries.js';

/** Who among `userIds` has a device subscribed to push (most have none: no settings read). */
async function pushRecipients(tx: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return () => false;
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    select distinct user_id from push_subscriptions
    where user_id in ${[...new Set(userIds)]}`);
  if (rows.length === 0) return () => false;
  const subscribed = new Set(rows.map((row) => row.user_id));
  const modeOf = await pushModes(tx, [...subscribed]);
  return (userId: string, type: NotificationType) =>
    subscribed.has(userId) && modeOf(userId, topicOf(type)) === 'instant';
}

export const NOTIFICATION_EMAIL_QUEUE = 'notification-email';
/** Handled by the push feature (server/features/push/push.delivery.ts). */
export const NOTIFICATION_PUSH_QUEUE = 'notification-push';

export type NewNotification = {
  recipientId: string;
  type: NotificationType;
  /**
   * Plain words; never HTML. Written in the recipient's language (users.locale, else English)
   * when given as words of the catalogs (`(t) => t._('notify.…', values)`); a string is stored
   * as it is.
   */
  text: NotificationText;
  /** A path inside the site. */
  link: string;
  /** What it is about ("swap:12"): one unread notification per recipient, type and subject. */
  subjectKey?: string | null;
  actorId?: string | null;
  /**
   * 'daily': email it in the digest at the earliest, whatever the member's setting (a daily want
   * alert); such a notification is also not pushed live.
   */
  atMost?: 'daily';
};

/**
 * A notification's words are stored, not rendered when read: emails, pushes and the digest send
 * what the member saw, and old notifications need no message ids kept. So they are written once,
 * in the language the recipient has when it is made; one who changes language later reads the
 * older ones as they were written.
 */
export type NotificationText = string | ((t: Translator) => string);

type Deps = Pick<AppContext, 'jobs' | 'events'>;

function emailState(mode: DeliveryMode, atMost: 'daily' | undefined) {
  if (mode === 'off') return 'none';
  return mode === 'daily' || atMost === 'daily' ? 'digest' : 'instant';
}

/**
 * Tells members something, in `tx`: the transaction of the change that causes it, so the
 * notification exists exactly when the change does. An instant email, and a push to the
 * member's subscribed devices if they want this topic pushed, are enqueued in the same
 * transaction, and the recipients' open tabs hear of it once it commits (NOTIFY is delivered at
 * commit). Returns the ids written (a repeat about an unread subject returns the updated one).
 * The entry point for every feature that notifies (matches, circles, rounds …).
 */
export async function notify(
  ctx: Deps,
  tx: Executor,
  input: NewNotification | readonly NewNotification[],
): Promise<number[]> {
  const list = Array.isArray(input) ? input : [input as NewNotification];
  if (list.length === 0) return [];
  const modeOf = await emailModes(
    tx,
    list.map((n) => n.recipientId),
  );
  const wantsPush = await pushRecipients(
    tx,
    list.filter((n) => n.atMost !== 'daily').map((n) => n.recipientId),
  );
  const localeOf = list.some((n) => typeof n.text === 'function')
    ? await memberLocales(
        tx,
        list.map((n) => n.recipientId),
      )
    : null;
  const ids: number[] = [];
  const live = new Set<string>();
  for (const n of list) {
    const email = emailState(modeOf(n.recipientId, topicOf(n.type)), n.atMost);
    const text =
      typeof n.text === 'string'
        ? n.text
        : n.text(translatorFor(localeOf?.(n.recipientId) ?? DEFAULT_LOCALE));
    const { rows } = await tx.execute<{ id: string; inserted: boolean }>(sql`
      insert into notifications (recipient_id, type, text, link, subject_key, actor_id, email)
      values (${n.recipientId}, ${n.type}, ${text}, ${n.link}, ${n.subjectKey ?? null},
              ${n.actorId ?? null}, ${email})
      on conflict (recipient_id, type, subject_key)
        where read_at is null and subject_key is not null
      do update set text = excluded.text, link = excluded.link, actor_id = excluded.actor_id,
        created_at = now()
      returning id, (xmax = 0) as inserted`);
    const row = rows[0];
    if (!row) continue;
    const id = Number(row.id);
    ids.push(id);
    if (row.inserted && email === 'instant') {
      await ctx.jobs.enqueue(
        tx,
        NOTIFICATION_EMAIL_QUEUE,
        { notificationId: id },
        { dedupeKey: `notification-email:${id}` },
      );
    }
    // A push, like the email, for a new notification only (not a repeat about an unread one).
    if (row.inserted && n.atMost !== 'daily' && wantsPush(n.recipientId, n.type)) {
      await ctx.jobs.enqueue(
        tx,
        NOTIFICATION_PUSH_QUEUE,
        { notificationId: id },
        { dedupeKey: `notification-push:${id}` },
      );
    }
    if (n.atMost !== 'daily') live.add(n.recipientId);
  }
  if (live.size > 0) await ctx.events.publishIn(tx, [...live], { type: 'notification' });
  return ids;
}
