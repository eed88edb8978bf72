import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { items } from './items.js';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * The want graph (DESIGN §8, docs/decisions/003-want-graph.md). Everything but `item_wants`,
 * `match_views` and `want_graph_changes` is derived from listings and their wants, brought up to
 * date after each change by the matching upkeep job (under one advisory lock), and rebuilt from
 * scratch by `npm run matching:rebuild`. Derived rows name listings by id without a foreign key:
 * a listing's deletion must not reach into the graph from the deleting request (it would wait
 * on the upkeep's row locks, and hide from it which edges went); the upkeep removes its rows.
 */

/** "I would give listing `item_id` for `wanted_item_id`", in the owner's order of preference. */
export const itemWants = pgTable(
  'item_wants',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    wantedItemId: integer('wanted_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** 1-based preference. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.wantedItemId] }),
    index('item_wants_wanted_idx').on(t.wantedItemId),
  ],
);

/**
 * The listings on the market, as the graph sees them: one row per active listing, with what it
 * offers as a text-search vector (title A, description C: not its own wanted items) and the
 * wanted-items text its phrases were made from.
 */
export const matchingListings = pgTable(
  'matching_listings',
  {
    itemId: integer('item_id').primaryKey(),
    userId: text('user_id').notNull(),
    offerVector: tsvector('offer_vector').notNull(),
    wantedItems: text('wanted_items'),
    /**
     * A give-away: its owner wants nothing back, so it is never given in exchange (no edge from
     * it, so no mutual match or circle through it); others' wants may still name it.
     */
    giveaway: boolean('giveaway').notNull().default(false),
  },
  (t) => [
    index('matching_listings_offer_idx').using('gin', t.offerVector),
    index('matching_listings_user_idx').on(t.userId),
  ],
);

/**
 * One comma-separated phrase of a listing's wanted-items text, as a query. `key_lexeme` is one
 * lexeme every match must contain (the longest), so a new listing finds the phrases it may
 * satisfy by an index lookup on its own lexemes. `match_count` and the floor (the last of its
 * best matches) tell whether a newcomer gets in without ranking anything.
 */
export const wantPhrases = pgTable(
  'want_phrases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id').notNull(),
    userId: text('user_id').notNull(),
    position: integer('position').notNull(),
    phrase: text('phrase').notNull(),
    query: tsquery('query').notNull(),
    keyLexeme: text('key_lexeme').notNull(),
    matchCount: integer('match_count').notNull().default(0),
    floorScore: real('floor_score'),
    floorItemId: integer('floor_item_id'),
  },
  (t) => [
    uniqueIndex('want_phrases_item_position_idx').on(t.itemId, t.position),
    index('want_phrases_key_idx').on(t.keyLexeme),
  ],
);

/** A phrase's best matches: score descending, then listing id ascending; at most 20. */
export const phraseMatches = pgTable(
  'phrase_matches',
  {
    phraseId: integer('phrase_id')
      .notNull()
      .references(() => wantPhrases.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull(),
    rank: integer('rank').notNull(),
    score: real('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.phraseId, t.itemId] }),
    index('phrase_matches_item_idx').on(t.itemId),
  ],
);

/**
 * I → J: the owner of listing I would give I for J. One row per pair: 'listed' when the owner
 * named J (rank = its position), else 'text' (rank = its place among a phrase's matches, score =
 * ts_rank_cd). Owners are copied here (they never change) for the distinct-owner checks.
 */
export const wantEdges = pgTable(
  'want_edges',
  {
    fromItemId: integer('from_item_id').notNull(),
    toItemId: integer('to_item_id').notNull(),
    fromUserId: text('from_user_id').notNull(),
    toUserId: text('to_user_id').notNull(),
    source: text('source').notNull(),
    rank: integer('rank').notNull(),
    score: real('score'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fromItemId, t.toItemId] }),
    index('want_edges_to_idx').on(t.toItemId),
    check('want_edges_source_check', sql`${t.source} in ('listed', 'text')`),
  ],
);

/**
 * The 3-cycles of the graph (A → B → C → A; owners distinct by construction), as rotations that
 * start at each member's own listing: (item_a, item_b, item_c) with `user_id` the owner of
 * item_a. Each listing keeps its best CIRCLES_PER_LISTING rotations (by the sum of the legs'
 * ranks, then item_b, item_c: the order reads show), all of them when it has fewer; kept with
 * the edges (cycle-upkeep.ts), the rebuild applying the same bound.
 */
export const wantCycles = pgTable(
  'want_cycles',
  {
    itemA: integer('item_a').notNull(),
    itemB: integer('item_b').notNull(),
    itemC: integer('item_c').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemA, t.itemB, t.itemC] }),
    index('want_cycles_user_idx').on(t.userId),
    // The circles through an edge B → C held in second place (the other two places are
    // prefixes of the primary key).
    index('want_cycles_bc_idx').on(t.itemB, t.itemC),
  ],
);

/**
 * Changes the graph has still to follow, appended by the transaction of each change (a listing
 * changed, or its named wants) and consumed, oldest first, by the matching upkeep job. Append
 * only: a request never updates or waits on a row of it.
 */
export const wantGraphChanges = pgTable('want_graph_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  itemId: integer('item_id').notNull(),
  /** Its named wants changed (else the listing itself: created, edited, off or on the market). */
  wants: boolean('wants').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a member last opened /matches: newer mutual matches and circles count as new. */
export const matchViews = pgTable('match_views', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
