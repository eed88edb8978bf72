import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { items } from './items.js';
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

/**
 * The perceptual hash of each listing or offer photo (issue 40 §3), written with the picture, so
 * finding a photo seen before is one scan of this narrow table rather than of the pictures.
 * Avatars have no row; pictures stored before migration 0037 get theirs from the maintenance
 * backfill (photo-hash-backfill.ts).
 */
export const imageHashes = pgTable(
  'image_hashes',
  {
    imageId: text('image_id')
      .primaryKey()
      .references(() => images.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for a picture too flat to recognise: looked at, nothing to compare (migration 0043). */
    hash: bigint('hash', { mode: 'bigint' }),
  },
  (t) => [index('image_hashes_owner_idx').on(t.ownerId)],
);

/**
 * Photos an admin blocked (issue 40 §3): the hash is kept here, so the block outlives the
 * listing and picture it was taken from; `imageUrl` is where it was seen.
 */
export const blockedImages = pgTable(
  'blocked_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    imageUrl: text('image_url').notNull(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
    blockedBy: text('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blocked_images_hash_idx').on(t.hash)],
);
