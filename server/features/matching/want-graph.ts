import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { updateCycles } from './cycle-upkeep.js';
import { refreshEdges } from './edge-derivation.js';
import {
  type GraphChanges,
  graphWants,
  insertListingsSql,
  intArray,
  isGiveaway,
  lockGraph,
  offerVector,
  onMarket,
  Pending,
  type RawChange,
  toChange,
} from './graph-sql.js';
import {
  insertPhrases,
  type ListingText,
  phrasesJoinedBy,
  rerankPhrases,
} from './phrase-ranking.js';

/**
 * Maintenance of the want graph (DESIGN §8, docs/decisions/003-want-graph.md).
 *
 * The graph is a function of the listings on the market (their owner, title, description and
 * wanted-items text) and of the owners' named wants:
 *   matching_listings  one row per listing on the market, with what it offers as a tsvector;
 *   want_phrases       each phrase of a listing's wanted-items text, as a query;
 *   phrase_matches     each phrase's best MATCHES_PER_PHRASE listings of other members, by score
 *                      (ts_rank_cd) descending, then listing id ascending;
 *   want_edges         one row per (from, to): 'listed' when from's owner named to, else 'text';
 *   want_cycles        each listing's best CIRCLES_PER_LISTING circles of three.
 * A change's transaction only records it (want_graph_changes, graph-changes.ts); the upkeep
 * applies recorded changes with `applyChanges`, under one advisory lock, so they apply one after
 * the other, and once it has applied them the tables equal what `rebuildGraph` computes from
 * scratch.
 *
 * This file applies changes (listings, named wants). The parts it uses live beside it:
 * graph-changes.ts (recording changes, the upkeep that applies them), graph-sql.ts (the lock,
 * shared SQL, the record of what a change did), phrase-ranking.ts (phrases and their matches),
 * edge-derivation.ts (`want_edges`), cycle-upkeep.ts (`want_cycles`), and graph-rebuild.ts
 * (the whole graph from scratch).
 */

export { desiredEdges } from './edge-derivation.js';
export { rebuildGraph } from './graph-rebuild.js';
export type { EdgeChange, GraphChanges, NewCircle } from './graph-sql.js';
export { lockGraph } from './graph-sql.js';

type ListingState = ListingText & {
  onMarket: boolean;
  inGraph: boolean;
  sameOffer: boolean;
  sameWants: boolean;
  /** Whether it is still a swap, or still a give-away, as the graph has it. */
  sameMode: boolean;
};

/**
 * Brings the graph up to date with these listings as they now are (created, edited, taken off
 * or put back on the market, deleted) and with the named wants of `wantsOf` as they now are
 * (`item_wants`, written by the change itself). Takes the graph's lock: the upkeep job runs it
 * (and the bench); what it does is a function of the rows now stored, so applying a change
 * again, or several at once, or late, gives the same graph. Returns the edges that came, went or
 * changed rank and the circles that did.
 */
export async function applyChanges(
  tx: Executor,
  changed: { listings?: readonly number[]; wantsOf?: readonly number[] },
): Promise<GraphChanges> {
  const listings = [...new Set(changed.listings ?? [])];
  const wantsOf = [...new Set(changed.wantsOf ?? [])];
  if (listings.length === 0 && wantsOf.length === 0)
    return { edges: [], circleMembers: [], newCircles: [] };
  await lockGraph(tx);
  const pending = new Pending();
  await followListings(tx, listings, pending);
  if (wantsOf.length > 0) {
    // Every edge the listing's named wants made, and every pair they name now.
    const named = await tx.execute<{ f: number; t: number }>(sql`
      select from_item_id as f, to_item_id as t from want_edges
       where from_item_id = any(${intArray(wantsOf)}) and source = 'listed'
      union
      select item_id, wanted_item_id from item_wants where item_id = any(${intArray(wantsOf)})`);
    pending.addPairs(named.rows);
  }
  return settle(tx, pending);
}

/**
 * `applyChanges` for listings alone; `gone`: about to be deleted (the bench's way to time a
 * listing leaving in a rolled-back transaction).
 */
export async function syncListings(
  tx: Executor,
  itemIds: readonly number[],
  options: { gone?: boolean } = {},
): Promise<GraphChanges> {
  if (itemIds.length === 0) return { edges: [], circleMembers: [], newCircles: [] };
  await lockGraph(tx);
  const pending = new Pending();
  await followListings(tx, [...new Set(itemIds)], pending, options);
  return settle(tx, pending);
}

async function followListings(
  tx: Executor,
  itemIds: readonly number[],
  pending: Pending,
  options: { gone?: boolean } = {},
): Promise<void> {
  if (itemIds.length === 0) return;
  const vector = offerVector(sql`i.title`, sql`i.description`);
  const { rows } = await tx.execute<{
    id: number;
    user_id: string | null;
    on_market: boolean | null;
    wanted_items: string | null;
    in_graph: boolean;
    same_offer: boolean | null;
    same_wants: boolean | null;
    same_mode: boolean | null;
  }>(sql`
    select x.id, i.user_id, ${onMarket(sql`i`)} as on_market, ${graphWants(sql`i`)} as wanted_items,
           l.item_id is not null as in_graph,
           l.offer_vector = ${vector} as same_offer,
           l.wanted_items is not distinct from ${graphWants(sql`i`)} as same_wants,
           l.giveaway = ${isGiveaway(sql`i`)} as same_mode
      from unnest(${intArray(itemIds)}) as x(id)
      left join items i on i.id = x.id
      left join matching_listings l on l.item_id = x.id
     order by x.id`);
  const entering: ListingState[] = [];
  for (const row of rows) {
    const state: ListingState = {
      id: Number(row.id),
      userId: row.user_id,
      onMarket: row.on_market === true && !options.gone,
      wantedItems: row.wanted_items,
      inGraph: row.in_graph,
      sameOffer: row.same_offer === true,
      sameWants: row.same_wants === true,
      sameMode: row.same_mode === true,
    };
    if (state.inGraph && !state.onMarket) await leave(tx, state.id, pending);
    else if (!state.inGraph && state.onMarket) entering.push(state);
    else if (state.inGraph) {
      if (!state.sameMode) await remode(tx, state.id, pending);
      if (!state.sameWants) await replacePhrases(tx, state, pending);
      if (!state.sameOffer) await reoffer(tx, state.id, pending);
    }
  }
  await enter(tx, entering, pending);
}

/** Off the market: every edge touching it goes, and the phrases it filled take their next match. */
async function leave(tx: Executor, itemId: number, pending: Pending) {
  const removed = await tx.execute<RawChange>(sql`
    delete from want_edges where from_item_id = ${itemId} or to_item_id = ${itemId}
    returning 'removed' as change, from_item_id, to_item_id, from_user_id, to_user_id`);
  pending.changes.push(...removed.rows.map(toChange));
  const filled = await tx.execute<{ id: number }>(
    sql`select phrase_id as id from phrase_matches where item_id = ${itemId}`,
  );
  pending.addPhrases(filled.rows);
  await tx.execute(sql`delete from want_phrases where item_id = ${itemId}`);
  await tx.execute(sql`delete from matching_listings where item_id = ${itemId}`);
}

/**
 * On the market: their phrases, the phrases they now satisfy, and their named wants both ways.
 * New listings arrive in numbers (a batch of the upkeep, an instance's backfill), so all of them
 * enter in five statements, not five each. What enters is a function of the rows alone: the
 * phrases a listing joins are ranked once all have entered (`settle`), as one at a time would.
 */
async function enter(tx: Executor, states: readonly ListingState[], pending: Pending) {
  if (states.length === 0) return;
  const inserted = await tx.execute<{ id: number }>(
    sql`${insertListingsSql(sql`i.id = any(${intArray(states.map((s) => s.id))})`)} returning item_id as id`,
  );
  // One deleted since it was read is not inserted: its deletion, recorded, comes next and finds
  // nothing to undo.
  const insertedIds = new Set(inserted.rows.map((row) => Number(row.id)));
  const entered = states.filter((state) => insertedIds.has(state.id));
  if (entered.length === 0) return;
  const enteredIds = entered.map((state) => state.id);
  const ids = intArray(enteredIds);
  // The text their phrases are made from, as read above: a listing may have changed since (its
  // change, recorded, comes next and compares with this).
  await tx.execute(sql`
    update matching_listings l set wanted_items = x.wanted_items
      from unnest(${ids}, ${sql.param(entered.map((state) => state.wantedItems))}::text[])
           as x(id, wanted_items)
     where l.item_id = x.id and l.wanted_items is distinct from x.wanted_items`);
  await insertPhrases(tx, entered, pending);
  await phrasesJoinedBy(tx, enteredIds, pending);
  const named = await tx.execute<{ f: number; t: number }>(sql`
    select item_id as f, wanted_item_id as t from item_wants where item_id = any(${ids})
    union all
    select item_id, wanted_item_id from item_wants where wanted_item_id = any(${ids})`);
  pending.addPairs(named.rows);
}

/** Its wanted-items text changed: new phrases, and the old ones' matches re-derived. */
async function replacePhrases(tx: Executor, state: ListingState, pending: Pending) {
  const old = await tx.execute<{ f: number; t: number }>(sql`
    select p.item_id as f, m.item_id as t
      from want_phrases p join phrase_matches m on m.phrase_id = p.id
     where p.item_id = ${state.id}`);
  pending.addPairs(old.rows);
  await tx.execute(sql`delete from want_phrases where item_id = ${state.id}`);
  await tx.execute(
    sql`update matching_listings set wanted_items = ${state.wantedItems} where item_id = ${state.id}`,
  );
  await insertPhrases(tx, [state], pending);
}

/**
 * It became a give-away, or a swap again: every edge out of it is derived again (a give-away's
 * go, a swap's named wants come back; its phrases follow its wanted text, replacePhrases).
 */
async function remode(tx: Executor, itemId: number, pending: Pending) {
  await tx.execute(sql`
    update matching_listings l set giveaway = ${isGiveaway(sql`i`)}
      from items i where i.id = l.item_id and l.item_id = ${itemId}`);
  const out = await tx.execute<{ f: number; t: number }>(sql`
    select from_item_id as f, to_item_id as t from want_edges where from_item_id = ${itemId}
    union
    select item_id, wanted_item_id from item_wants where item_id = ${itemId}
    union
    select p.item_id, m.item_id
      from want_phrases p join phrase_matches m on m.phrase_id = p.id
     where p.item_id = ${itemId}`);
  pending.addPairs(out.rows);
}

/** Its title or description changed: phrases it filled re-rank, and it may now satisfy others. */
async function reoffer(tx: Executor, itemId: number, pending: Pending) {
  await tx.execute(sql`
    update matching_listings l set offer_vector = ${offerVector(sql`i.title`, sql`i.description`)}
      from items i where i.id = l.item_id and l.item_id = ${itemId}`);
  const filled = await tx.execute<{ id: number }>(
    sql`select phrase_id as id from phrase_matches where item_id = ${itemId}`,
  );
  pending.addPhrases(filled.rows);
  await phrasesJoinedBy(tx, [itemId], pending);
}

async function settle(tx: Executor, pending: Pending): Promise<GraphChanges> {
  await rerankPhrases(tx, [...pending.phrases], pending);
  const edges = [...pending.changes, ...(await refreshEdges(tx, pending.pairs))];
  return { edges, ...(await updateCycles(tx, edges)) };
}
