import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './catalog.js';
import { instances } from './federation.js';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A 64-bit transaction id (PostgreSQL 13+), comparable with a snapshot's xmin. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
/** earthdistance's point on the earth's surface (a 3-D cube), written with ll_to_earth(). */
const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

export const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    condition: text('condition').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wantedItems: text('wanted_items'),
    estimatedValue: text('estimated_value'),
    isOpenToOffers: boolean('is_open_to_offers').notNull().default(false),
    /**
     * `swap` (something in exchange) or `giveaway` (free: no wanted items, never given in
     * exchange in the want graph, never entered in a round).
     */
    mode: text('mode', { enum: ['swap', 'giveaway'] })
      .notNull()
      .default('swap'),
    /** A give-away's fair chance in whole hours, 0–72; null for a swap (checked below). */
    fairChanceHours: integer('fair_chance_hours'),
    /**
     * When the listing became a give-away (created as one or switched to one; migration 0032
     * backfilled created_at): its fair chance runs from here for `fair_chance_hours`. Null for a
     * swap (checked below).
     */
    giveawaySince: timestamp('giveaway_since', { withTimezone: true }),
    location: text('location'),
    /** The geocoded point of `location`: private to the server, never in a public answer. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** What the public sees instead: the point moved 0.5–1.5 km (infra/geocoding/fuzz.ts). */
    publicLatitude: doublePrecision('public_latitude'),
    publicLongitude: doublePrecision('public_longitude'),
    /** ll_to_earth(public point), GiST-indexed for radius search and distance order. */
    publicPoint: earthPoint('public_point'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set when a listing that appears in an offer is deleted: it leaves the market and its owner's
     * listings, and keeps its title and first photo for the offer history of both members. A
     * listing no offer names is deleted for real.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Who holds the listing for a trade in progress, e.g. `circle:12` or `round:3`; null when
     * free. Set and checked under the row lock (server/features/items/availability.ts).
     */
    reservedBy: text('reserved_by'),
    /** Weighted: title (A), wanted items (B), description (C). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${items.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${items.wantedItems}, '')), 'B') || setweight(to_tsvector('english', coalesce(${items.description}, '')), 'C')`,
    ),
    /**
     * A listing of another instance (federation): the instance and the listing's object id there.
     * Null for this instance's own listings.
     */
    originInstanceId: integer('origin_instance_id').references(() => instances.id, {
      onDelete: 'cascade',
    }),
    originUrl: text('origin_url'),
    /**
     * When its home removed a remote listing that a swap across instances here held: the copy
     * stays for that swap, off the market for good (federation/remote-store.ts).
     */
    originGoneAt: timestamp('origin_gone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('items_search_idx').using('gin', t.searchVector),
    index('items_active_created_idx').on(
      t.isActive,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('items_category_created_idx').on(
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('items_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('items_reserved_by_idx').on(t.reservedBy).where(sql`${t.reservedBy} is not null`),
    index('items_public_point_idx').using('gist', t.publicPoint),
    uniqueIndex('items_origin_url_idx').on(t.originUrl),
    index('items_origin_instance_idx')
      .on(t.originInstanceId)
      .where(sql`${t.originInstanceId} is not null`),
    /** Browse's "Free" filter without words: the few give-aways, newest first. */
    index('items_giveaway_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.mode} = 'giveaway'`),
    check('items_mode_check', sql`${t.mode} in ('swap', 'giveaway')`),
    check(
      'items_fair_chance_hours_check',
      // `is not null` first: a check whose expression is null passes.
      sql`(${t.mode} = 'giveaway' and ${t.fairChanceHours} is not null and ${t.fairChanceHours} between 0 and 72) or (${t.mode} = 'swap' and ${t.fairChanceHours} is null)`,
    ),
    check(
      'items_giveaway_since_check',
      sql`(${t.mode} = 'giveaway') = (${t.giveawaySince} is not null)`,
    ),
  ],
);

/**
 * Every word that appears in a listing's title, lower-case, as typed (not stemmed): the
 * vocabulary a misspelt search word is corrected against (server/features/items/spelling.ts).
 * Creating or editing a listing adds its title's words; words are never removed (a word whose
 * listings left only corrects to a search that finds nothing).
 */
export const searchTerms = pgTable('search_terms', {
  word: text('word').primaryKey(),
});

export const savedItems = pgTable(
  'saved_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_items_user_item_idx').on(t.userId, t.itemId),
    index('saved_items_item_idx').on(t.itemId),
  ],
);

export const flaggedItems = pgTable(
  'flagged_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The reporter; null for the site's own flags (a photo also used by another member's listing). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    description: text('description'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flagged_items_user_item_idx').on(t.userId, t.itemId),
    index('flagged_items_status_idx').on(t.status, t.createdAt),
    // One open site flag per listing: a later edit with another reused photo adds to nothing.
    uniqueIndex('flagged_items_site_pending_idx')
      .on(t.itemId)
      .where(sql`${t.userId} is null and ${t.status} = 'pending'`),
  ],
);

/**
 * Which listings changed what a search ranks them on, by the transaction that changed them
 * (triggers of migration 0020): app servers keep each frequent search's ranking and bring it up
 * to date from here (server/features/items/kept-rankings.ts). A null `itemId` means every listing
 * (a TRUNCATE). Rows older than a few minutes are pruned.
 */
export const itemChanges = pgTable(
  'item_changes',
  {
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    itemId: integer('item_id'),
    changedAt: timestamp('changed_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('item_changes_xid_idx').on(t.xid)],
);
