import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    path: text('path'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_visits_created_idx').on(t.createdAt),
    index('site_visits_ip_idx').on(t.ipAddress),
  ],
);
