import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CircleStatus, LegDecision } from '../../../shared/circles.js';
import { items } from './items.js';
import { users } from './users.js';

/**
 * Swap circles (DESIGN §8): a row per circle and a row per leg. Listings and members named by a
 * circle are kept (listings are only ever hidden; NO ACTION makes that the database's rule), so
 * a circle, its chat and its ratings outlive what happens to them later.
 */
export const circles = pgTable(
  'circles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposerId: text('proposer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<CircleStatus>().notNull().default('proposed'),
    /** The listings in loop order, sorted: one open proposal per set of listings. */
    itemKey: text('item_key').notNull(),
    closedReason: text('closed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'circles_status_check',
      sql`${t.status} in ('proposed', 'accepted', 'declined', 'expired', 'cancelled', 'completed')`,
    ),
    // The same loop cannot be proposed twice while one proposal of it is open.
    uniqueIndex('circles_open_item_key_idx')
      .on(t.itemKey)
      .where(sql`${t.status} in ('proposed', 'accepted')`),
    index('circles_proposed_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'proposed'`),
  ],
);

/** Leg `position`: its giver gives `item_id` to its receiver (the giver of the leg before). */
export const circleLegs = pgTable(
  'circle_legs',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    giverId: text('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<LegDecision>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.position] }),
    check('circle_legs_decision_check', sql`${t.decision} in ('pending', 'accepted', 'declined')`),
    uniqueIndex('circle_legs_giver_idx').on(t.giverId, t.circleId),
    index('circle_legs_item_idx').on(t.itemId),
  ],
);

export const circleMessages = pgTable(
  'circle_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // In the chat's order (ids), so a page of a long chat is read straight off the index.
  (t) => [index('circle_messages_circle_id_idx').on(t.circleId, t.id)],
);

/** How far each participant has read a circle's chat (a group chat has no per-message flag). */
export const circleReads = pgTable(
  'circle_reads',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] })],
);
