import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { circles } from './circles.js';
import { items } from './items.js';
import { users } from './users.js';

export const swapRequests = pgTable(
  'swap_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Listings named by an offer are never deleted for real (they are hidden instead), so the
    // offer, its chat and its ratings stay; the default NO ACTION makes that a rule of the database.
    // The first listing of each side (issue 38: every listing is in swap_request_items).
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    offeredItemId: integer('offered_item_id').references(() => items.id),
    message: text('message').notNull(),
    offerDescription: text('offer_description'),
    offerImages: text('offer_images').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('pending'),
    /**
     * Why the site closed this offer (e.g. its item was swapped elsewhere), or who cancelled it
     * and why ("Cancelled by Ann: …"); shown on the card.
     */
    closedReason: text('closed_reason'),
    /** The offer this one answers as a counter-offer (which is then 'countered'), or null. */
    counterOfId: integer('counter_of_id').references((): AnyPgColumn => swapRequests.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'swap_requests_status_check',
      sql`${t.status} in ('pending', 'accepted', 'rejected', 'completed', 'countered', 'withdrawn', 'cancelled')`,
    ),
    index('swap_requests_from_idx').on(t.fromUserId, t.createdAt.desc()),
    index('swap_requests_to_idx').on(t.toUserId, t.createdAt.desc()),
    // A member's offers list, newest activity first, straight from these two (keyset pages).
    index('swap_requests_from_updated_idx').on(
      t.fromUserId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('swap_requests_to_updated_idx').on(
      t.toUserId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Offers between two members, newest activity first: a profile's "Send Message" (`with`).
    index('swap_requests_pair_updated_idx').on(
      t.fromUserId,
      t.toUserId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('swap_requests_item_idx').on(t.itemId),
    index('swap_requests_offered_item_idx').on(t.offeredItemId),
    // One counter-offer per offer: the answer that made it 'countered'.
    uniqueIndex('swap_requests_counter_of_idx').on(t.counterOfId),
  ],
);

/**
 * Issue 38: every listing an offer names, side by side, in the order the member put them
 * (`position` from 0). A table rather than arrays on the offer: each listing keeps a NO ACTION
 * foreign key like `item_id` (a listing an offer names is hidden, never deleted), and "the offers
 * naming this listing" (closing them, the offers-page triggers, deletion) is one index lookup.
 * `swap_requests.item_id` and `offered_item_id` stay as each side's first listing, so their
 * indexes and every query written against them keep working; a trigger (migration 0030) writes
 * those first listings here for every offer inserted, whoever inserts it, and the service adds
 * the rest in the same transaction.
 */
export const swapRequestItems = pgTable(
  'swap_request_items',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => swapRequests.id, { onDelete: 'cascade' }),
    /** asked: the receiver's listings the offer asks for; offered: the sender's put up. */
    side: text('side').notNull(),
    position: integer('position').notNull(),
    // NO ACTION, checked at commit (DEFERRABLE INITIALLY DEFERRED, written in migration 0030:
    // drizzle cannot say it): a deleted account's listings and offers go by two cascades, and a
    // check at the end of the first would still see the rows of the second.
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.side, t.position] }),
    check('swap_request_items_side_check', sql`${t.side} in ('asked', 'offered')`),
    check('swap_request_items_position_check', sql`${t.position} between 0 and 4`),
    index('swap_request_items_item_idx').on(t.itemId),
  ],
);

/**
 * How many offers each member has received and made, so My Offers' tab counts never count
 * history. Kept by a trigger on swap_requests (migration 0017): it also sees the rows a member's
 * deleted account takes with it, which no service code does.
 */
export const offerCounts = pgTable('offer_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  received: integer('received').notNull().default(0),
  made: integer('made').notNull().default(0),
});

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    swapRequestId: integer('swap_request_id')
      .notNull()
      .references(() => swapRequests.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // In the chat's order, so a page of a long chat is read straight off the index.
    index('messages_swap_created_idx').on(t.swapRequestId, t.createdAt, t.id),
    // Unread counts read only the unread messages, however long the history.
    index('messages_unread_idx').on(t.swapRequestId).where(sql`not ${t.isRead}`),
    index('messages_created_idx').on(t.createdAt.desc()),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    swapRequestId: integer('swap_request_id').references(() => swapRequests.id, {
      onDelete: 'set null',
    }),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('feedback_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('feedback_from_swap_idx').on(t.fromUserId, t.swapRequestId),
    // In a circle each member rates each other member once.
    uniqueIndex('feedback_from_circle_to_idx').on(t.fromUserId, t.circleId, t.toUserId),
    index('feedback_to_created_idx').on(t.toUserId, t.createdAt.desc()),
  ],
);
