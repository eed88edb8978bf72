import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  RoundJoinPolicy,
  RoundResult,
  RoundState,
  WantElement,
} from '../../../shared/rounds.js';
import { items } from './items.js';
import { users } from './users.js';

/**
 * Swap rounds (DESIGN §8, issue 16 §3). The phase is derived from the dates and `state`
 * (shared/policies/rounds.ts): open (entries, wants, solving by date), solving (claimed by a
 * solver; `updated_at` is the claim), solved (results and shipping until the deadline), closed. Listings named by a round are kept (NO ACTION), as for
 * circles: deleting one hides it instead (items/availability.ts isNamedByTrade).
 */
export const rounds = pgTable(
  'rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organiserId: text('organiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    entriesCloseAt: timestamp('entries_close_at', { withTimezone: true }).notNull(),
    /** Want lists close and the solving job runs. */
    wantsCloseAt: timestamp('wants_close_at', { withTimezone: true }).notNull(),
    shippingDeadline: timestamp('shipping_deadline', { withTimezone: true }).notNull(),
    /** Longest loop, in listings; null: no cap. */
    maxLoopLength: integer('max_loop_length'),
    joinPolicy: text('join_policy').$type<RoundJoinPolicy>().notNull().default('anyone'),
    state: text('state').$type<RoundState>().notNull().default('open'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The solver's seed, fixed at creation: same data and seed, same loops. */
    seed: integer('seed').notNull(),
    /** The figures of the solution (issue 16: "optimal" with the figures). */
    result: jsonb('result').$type<RoundResult>(),
    /** The want list exactly as solved (TradeMaximizer format) and the report written from it. */
    solvedWantList: text('solved_want_list'),
    report: text('report'),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rounds_state_check', sql`${t.state} in ('open', 'solving', 'solved', 'closed')`),
    check('rounds_join_policy_check', sql`${t.joinPolicy} in ('anyone', 'verified')`),
    check(
      'rounds_dates_check',
      sql`${t.entriesCloseAt} < ${t.wantsCloseAt} and ${t.wantsCloseAt} < ${t.shippingDeadline}`,
    ),
    index('rounds_created_idx').on(t.createdAt.desc()),
  ],
);

/** A listing entered in a round; `wants` is its ranked want list (entry ids, or groups of them). */
export const roundEntries = pgTable(
  'round_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wants: jsonb('wants').$type<WantElement[]>().notNull().default(sql`'[]'::jsonb`),
    /** When its owner last set `wants` in the app; an organiser's import never sets it. */
    wantsSetAt: timestamp('wants_set_at', { withTimezone: true }),
    /**
     * Its owner let the organiser set its wants by importing a want-list file, even after they
     * set them in the app (chosen when entering; without it an import leaves wants they set).
     */
    organiserSetsWants: boolean('organiser_sets_wants').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('round_entries_round_item_idx').on(t.roundId, t.itemId),
    index('round_entries_user_idx').on(t.userId, t.roundId),
    index('round_entries_item_idx').on(t.itemId),
  ],
);

/** One hand-over of a solved round: `giver` sends the entry's listing to `receiver`. */
export const roundTrades = pgTable(
  'round_trades',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => roundEntries.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    loop: integer('loop').notNull(),
    position: integer('position').notNull(),
    giverId: text('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    forEntryId: integer('for_entry_id').notNull(),
    rank: integer('rank').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.entryId] }),
    index('round_trades_giver_idx').on(t.giverId, t.roundId),
    index('round_trades_receiver_idx').on(t.receiverId, t.roundId),
    index('round_trades_item_idx').on(t.itemId),
  ],
);
