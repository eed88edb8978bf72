import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A member reported to the admins by another member (listings have flagged_items). */
export const memberReports = pgTable(
  'member_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    description: text('description'),
    /** pending, then what the admin did: warned, suspended or dismissed. */
    status: text('status').notNull().default('pending'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'member_reports_status_check',
      sql`${t.status} in ('pending', 'warned', 'suspended', 'dismissed')`,
    ),
    check('member_reports_not_self_check', sql`${t.reporterId} <> ${t.memberId}`),
    uniqueIndex('member_reports_reporter_member_idx').on(t.reporterId, t.memberId),
    index('member_reports_status_idx').on(t.status, t.createdAt),
    index('member_reports_member_idx').on(t.memberId),
  ],
);
