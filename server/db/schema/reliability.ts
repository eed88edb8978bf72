import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { swapRequests } from './swaps.js';
import { users } from './users.js';

/**
 * One row per offer received, written by the `swap.changed` listener in the transaction of the
 * offer and filled in by the transaction of its first answer (features/users/reliability.ts).
 * The profile's response rate and typical response time aggregate a member's rows of the last
 * 90 days through `offer_responses_receiver_idx`; nothing scans the offers themselves.
 */
export const offerResponses = pgTable(
  'offer_responses',
  {
    swapRequestId: integer('swap_request_id')
      .primaryKey()
      .references(() => swapRequests.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** When the receiver first answered (accepted, declined or countered); null until then. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * accepted, rejected, countered: the receiver's answer. withdrawn (by the sender) and closed
     * (by the site: a listing went elsewhere) end an offer before any answer: it does not count.
     */
    outcome: text('outcome'),
  },
  (t) => [
    check(
      'offer_responses_outcome_check',
      sql`${t.outcome} in ('accepted', 'rejected', 'countered', 'withdrawn', 'closed')`,
    ),
    index('offer_responses_receiver_idx').on(t.receiverId, t.receivedAt),
  ],
);

/** Counters kept up to date by the domain-event listeners: shown on profiles, never recounted. */
export const memberStats = pgTable('member_stats', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  completedSwaps: integer('completed_swaps').notNull().default(0),
  completedCircles: integer('completed_circles').notNull().default(0),
});
