import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What members are told (the bell, /notifications, emails). Written in the transaction of the
 * change that causes it. `subjectKey` names what it is about ("swap:12"): while one about a
 * subject is unread, a second of the same type updates it instead (one per conversation until
 * read).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Plain words, rendered on the server; shown escaped. */
    text: text('text').notNull(),
    /** A path inside the site. */
    link: text('link').notNull(),
    subjectKey: text('subject_key'),
    /** The member whose action caused it, if any. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Email delivery: 'none' (the member chose off), 'instant' (a job sends it), 'digest' (waits
     * for the daily digest), 'sent' (a digest took it; `digestJobId` names that digest's job).
     */
    email: text('email').notNull().default('none'),
    digestJobId: bigint('digest_job_id', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_email_check', sql`${t.email} in ('none', 'instant', 'digest', 'sent')`),
    // The member's page, newest first.
    index('notifications_recipient_created_idx').on(
      t.recipientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The bell's count reads only unread rows.
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_subject_idx')
      .on(t.recipientId, t.type, t.subjectKey)
      .where(sql`${t.readAt} is null and ${t.subjectKey} is not null`),
    // What the daily digests still have to send, and the digest that took them.
    index('notifications_digest_due_idx').on(t.recipientId).where(sql`${t.email} = 'digest'`),
    index('notifications_digest_job_idx')
      .on(t.digestJobId)
      .where(sql`${t.digestJobId} is not null`),
  ],
);

/**
 * A member's choice per topic and channel ('email' today, 'push' later: a new channel is new
 * rows, not new columns). No row means the topic's default.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    channel: text('channel').notNull(),
    mode: text('mode').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic, t.channel] }),
    check('notification_settings_mode_check', sql`${t.mode} in ('instant', 'daily', 'off')`),
  ],
);
