import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { circles } from './circles.js';
import { swapRequests } from './swaps.js';
import { users } from './users.js';

/**
 * Issue 40 §2: a problem a party raises after a swap or a circle (not received, not as described,
 * a no-show, other), for the admins to uphold or dismiss. `member_id` is the member it is about:
 * the other party of an offer, or in a circle the member who gives the reporter their listing.
 * Once per reporter and offer or circle (the two partial unique indexes).
 */
export const problems = pgTable(
  'problems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    swapRequestId: integer('swap_request_id').references(() => swapRequests.id, {
      onDelete: 'cascade',
    }),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    message: text('message').notNull(),
    /** open, then the admin's resolution: upheld or dismissed. */
    status: text('status').notNull().default('open'),
    resolutionNote: text('resolution_note'),
    /** What the admin did to the member besides the resolution: warn or suspend. */
    action: text('action'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'problems_reason_check',
      sql`${t.reason} in ('not-received', 'not-as-described', 'no-show', 'other')`,
    ),
    check('problems_status_check', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
    check('problems_action_check', sql`${t.action} in ('warn', 'suspend')`),
    check('problems_subject_check', sql`(${t.swapRequestId} is null) <> (${t.circleId} is null)`),
    check('problems_not_self_check', sql`${t.reporterId} <> ${t.memberId}`),
    uniqueIndex('problems_swap_reporter_idx')
      .on(t.swapRequestId, t.reporterId)
      .where(sql`${t.swapRequestId} is not null`),
    uniqueIndex('problems_circle_reporter_idx')
      .on(t.circleId, t.reporterId)
      .where(sql`${t.circleId} is not null`),
    // The admin queue (open first) and a member's counts on their profile.
    index('problems_status_idx').on(t.status, t.createdAt),
    index('problems_member_idx').on(t.memberId, t.status),
    index('problems_reporter_idx').on(t.reporterId),
  ],
);

/**
 * When an offer was accepted and completed, which start the windows for raising a problem (14
 * days). `swap_requests.updated_at` moves with every chat message, so it cannot say; the
 * problems feature's `swap.changed` listener writes these in the transaction of each move
 * (circles keep `accepted_at` and `closed_at` on their own row).
 */
export const swapMilestones = pgTable('swap_milestones', {
  swapRequestId: integer('swap_request_id')
    .primaryKey()
    .references(() => swapRequests.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
