import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Kept for completeness (SPEC §3); no screen uses them. */
export const promoCodes = pgTable('promo_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  usageLimit: integer('usage_limit'),
  usageCount: integer('usage_count').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
