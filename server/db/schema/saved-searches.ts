import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories } from './catalog.js';
import { items } from './items.js';
import { users } from './users.js';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * Want alerts: a member's search kept as a standing query. `query` is the search box's own
 * full-text query (items.queries.ts textQuery), compiled once; `keys` is its reverse index: the
 * lexemes any match must contain at least one of ("p:" + prefix for a prefix word), so a new
 * listing finds its alerts by GIN overlap with its own lexemes and their prefixes, then `@@`.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    search: text('search').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The place as the member typed it; its point below (private to the member and server). */
    near: text('near'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusKm: integer('radius_km'),
    /** The browse page's Type filter: 'swap' or 'giveaway' listings only; null, both. */
    mode: text('mode'),
    frequency: text('frequency').notNull(),
    /**
     * Where its listings come from, as the browse page's filter said when it was saved:
     * 'everywhere' (this community's and followed communities'), or 'local' (this one's only).
     */
    scope: text('scope').notNull().default('everywhere'),
    query: tsquery('query').notNull(),
    keys: text('keys').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily', 'off')`),
    check('saved_searches_scope_check', sql`${t.scope} in ('everywhere', 'local')`),
    check('saved_searches_mode_check', sql`${t.mode} in ('swap', 'giveaway')`),
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_keys_idx').using('gin', t.keys).where(sql`${t.frequency} <> 'off'`),
  ],
);

/** Which listing each alert already reported: an edited listing is not reported twice. */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.itemId] }),
    index('saved_search_hits_item_idx').on(t.itemId),
  ],
);
