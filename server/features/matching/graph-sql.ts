import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { onTheMarket } from '../items/on-market.js';

/**
 * What every part of the want graph's upkeep shares (docs/decisions/003-want-graph.md): the one
 * advisory lock, the SQL fragments that say what a listing offers and whether it is on the
 * market, and the record of what a change did (`Pending` while it runs, `GraphChanges` after).
 */

/** pg_advisory_xact_lock key of the graph ('WANT'). */
const GRAPH_LOCK = 0x57414e54;

/**
 * The graph's one lock, taken by the upkeep job and the rebuild only: requests never wait on it
 * (they append to want_graph_changes; matching.service.ts).
 */
export async function lockGraph(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GRAPH_LOCK})`);
}

export const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
export const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/** What a listing offers, as its text wants are matched against: title (A), description (C). */
export const offerVector = (title: SQL, description: SQL) =>
  sql`setweight(to_tsvector('english', coalesce(${title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${description}, '')), 'C')`;

/** Whether a listing is on the market, as everything else reads it (items/on-market.ts). */
export const onMarket = (alias: SQL) => onTheMarket(alias);

/** Whether a listing (`i`, of items) is a give-away: it is never given in exchange. */
export const isGiveaway = (i: SQL) => sql`(${i}.mode = 'giveaway')`;

/**
 * The wanted-items text the graph makes phrases of: none for a give-away, whose owner wants
 * nothing back (the listing form keeps none; a listing from elsewhere may say some).
 */
export const graphWants = (i: SQL) =>
  sql`(case when ${isGiveaway(i)} then null else ${i}.wanted_items end)`;

/** Adds the listings `where` picks (over `items i`) to matching_listings, with what they offer. */
export const insertListingsSql = (where: SQL) => sql`
    insert into matching_listings (item_id, user_id, offer_vector, wanted_items, giveaway)
    select i.id, i.user_id, ${offerVector(sql`i.title`, sql`i.description`)},
           ${graphWants(sql`i`)}, ${isGiveaway(sql`i`)}
      from items i where ${where}`;

/** An edge that came, went, or stayed with another rank (which moves the circles through it). */
export type EdgeChange = {
  change: 'added' | 'removed' | 'ranked';
  fromItemId: number;
  toItemId: number;
  fromUserId: string;
  toUserId: string;
};

/** A circle that a change closed, as one member sees it: their listing first. */
export type NewCircle = { itemIds: [number, number, number]; userId: string };

/**
 * What a change did to the graph: edges that came or went, the owners of circles that came or
 * went, and the circles that came (one row per member of each).
 */
export type GraphChanges = {
  edges: EdgeChange[];
  circleMembers: string[];
  newCircles: NewCircle[];
};

/** A (from, to) pair of listings whose edge is to be re-derived. */
export type Pair = readonly [number, number];

/** Work gathered while applying changes: phrases to re-rank and pairs whose edge to re-derive. */
export class Pending {
  phrases = new Set<number>();
  pairs: Pair[] = [];
  changes: EdgeChange[] = [];
  addPairs(rows: Array<{ f: number; t: number }>) {
    for (const row of rows) this.pairs.push([Number(row.f), Number(row.t)]);
  }
  addPhrases(rows: Array<{ id: number }>) {
    for (const row of rows) this.phrases.add(Number(row.id));
  }
}

/** An edge row as the upkeep's statements return it. */
export type RawChange = {
  change: EdgeChange['change'];
  from_item_id: number;
  to_item_id: number;
  from_user_id: string;
  to_user_id: string;
};

export const toChange = (row: RawChange): EdgeChange => ({
  change: row.change,
  fromItemId: Number(row.from_item_id),
  toItemId: Number(row.to_item_id),
  fromUserId: row.from_user_id,
  toUserId: row.to_user_id,
});
