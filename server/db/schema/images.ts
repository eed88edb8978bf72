import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** Uploaded pictures, re-encoded and stripped of metadata, served from /api/images/:id. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    bytes: bytea('bytes').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 'full' or 'thumb'; a thumbnail points at the full image it was made from. */
    variant: text('variant').notNull().default('full'),
    sourceId: text('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_owner_idx').on(t.ownerId), index('images_source_idx').on(t.sourceId)],
);
