import { type SQL, sql } from 'drizzle-orm';
import { MATCHES_PER_PHRASE } from '../../../shared/matching.js';
import type { Executor } from '../../db/client.js';
import { onTheMarket } from '../items/on-market.js';
import { phraseQueries } from './want-phrases.js';

/**
 * Maintenance of the want graph (DESIGN §8, docs/decisions/003-want-graph.md).
 *
 * The graph is a function of the listings on the market (their owner, title, description and
 * wanted-items text) and of the owners' named wants:
 *   matching_listings  one row per listing on the market, with what it offers as a tsvector;
 *   want_phrases       each phrase of a listing's wanted-items text, as a query;
 *   phrase_matches     each phrase's best MATCHES_PER_PHRASE listings of other members, by score
 *                      (ts_rank_cd) descending, then listing id ascending;
 *   want_edges         one row per (from, to): 'listed' when from's owner named to, else 'text'.
 * Every change goes through `syncListings` or `setWants` in the transaction of the change, under
 * one advisory lock, so concurrent changes apply one after the other and the tables always equal
 * what `rebuildGraph` computes from scratch.
 */

/** pg_advisory_xact_lock key of the graph ('WANT'). */
const GRAPH_LOCK = 0x57414e54;
/** Extra listings fetched per shared query so that phrases of owners with listings in it still fill. */
const SHARED_SLACK = MATCHES_PER_PHRASE;

export type EdgeChange = {
  change: 'added' | 'removed';
  fromItemId: number;
  toItemId: number;
  fromUserId: string;
  toUserId: string;
};

type Pair = readonly [number, number];

const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/** What a listing offers, as its text wants are matched against: title (A), description (C). */
const offerVector = (title: SQL, description: SQL) =>
  sql`setweight(to_tsvector('english', coalesce(${title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${description}, '')), 'C')`;

export async function lockGraph(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GRAPH_LOCK})`);
}

/** Work gathered while applying changes: phrases to re-rank and pairs whose edge to re-derive. */
class Pending {
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

type ListingState = {
  id: number;
  userId: string | null;
  onMarket: boolean;
  wantedItems: string | null;
  inGraph: boolean;
  sameOffer: boolean;
  sameWants: boolean;
};

/**
 * Brings the graph up to date with these listings as they now are (created, edited, taken off
 * or put back on the market, or about to be deleted when `gone`). Returns the edges that
 * appeared or disappeared and the owners of circles that did.
 */
export async function syncListings(
  tx: Executor,
  itemIds: readonly number[],
  options: { gone?: boolean } = {},
): Promise<GraphChanges> {
  if (itemIds.length === 0) return { edges: [], circleMembers: [], newCircles: [] };
  await lockGraph(tx);
  const vector = offerVector(sql`i.title`, sql`i.description`);
  const { rows } = await tx.execute<{
    id: number;
    user_id: string | null;
    on_market: boolean | null;
    wanted_items: string | null;
    in_graph: boolean;
    same_offer: boolean | null;
    same_wants: boolean | null;
  }>(sql`
    select x.id, i.user_id, ${onTheMarket(sql`i`)} as on_market, i.wanted_items,
           l.item_id is not null as in_graph,
           l.offer_vector = ${vector} as same_offer,
           l.wanted_items is not distinct from i.wanted_items as same_wants
      from unnest(${intArray(itemIds)}) as x(id)
      left join items i on i.id = x.id
      left join matching_listings l on l.item_id = x.id
     order by x.id`);
  const pending = new Pending();
  for (const row of rows) {
    const state: ListingState = {
      id: Number(row.id),
      userId: row.user_id,
      onMarket: row.on_market === true && !options.gone,
      wantedItems: row.wanted_items,
      inGraph: row.in_graph,
      sameOffer: row.same_offer === true,
      sameWants: row.same_wants === true,
    };
    if (state.inGraph && !state.onMarket) await leave(tx, state.id, pending);
    else if (!state.inGraph && state.onMarket) await enter(tx, state, pending);
    else if (state.inGraph) {
      if (!state.sameWants) await replacePhrases(tx, state, pending);
      if (!state.sameOffer) await reoffer(tx, state.id, pending);
    }
  }
  return settle(tx, pending);
}

/**
 * Replaces the listings `itemId`'s owner named, in order (validated by the caller). Returns the
 * edges that appeared or disappeared.
 */
export async function setWants(
  tx: Executor,
  itemId: number,
  wantedIds: readonly number[],
): Promise<GraphChanges> {
  await lockGraph(tx);
  const pending = new Pending();
  const old = await tx.execute<{ f: number; t: number }>(
    sql`delete from item_wants where item_id = ${itemId} returning item_id as f, wanted_item_id as t`,
  );
  pending.addPairs(old.rows);
  if (wantedIds.length > 0) {
    await tx.execute(sql`
      insert into item_wants (item_id, wanted_item_id, position)
      select ${itemId}, w.id, w.position
        from unnest(${intArray(wantedIds)}) with ordinality as w(id, position)`);
  }
  for (const id of wantedIds) pending.pairs.push([itemId, id]);
  return settle(tx, pending);
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

/** On the market: its phrases, the phrases it now satisfies, and its named wants both ways. */
async function enter(tx: Executor, state: ListingState, pending: Pending) {
  await tx.execute(sql`
    insert into matching_listings (item_id, user_id, offer_vector, wanted_items)
    select i.id, i.user_id, ${offerVector(sql`i.title`, sql`i.description`)}, i.wanted_items
      from items i where i.id = ${state.id}`);
  await insertPhrases(tx, state, pending);
  await phrasesJoinedBy(tx, state.id, pending);
  const named = await tx.execute<{ f: number; t: number }>(sql`
    select item_id as f, wanted_item_id as t from item_wants where item_id = ${state.id}
    union all
    select item_id, wanted_item_id from item_wants where wanted_item_id = ${state.id}`);
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
  await insertPhrases(tx, state, pending);
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
  await phrasesJoinedBy(tx, itemId, pending);
}

async function insertPhrases(tx: Executor, state: ListingState, pending: Pending) {
  const queries = phraseQueries(state.wantedItems);
  if (queries.length === 0 || !state.userId) return;
  const inserted = await tx.execute<{ id: number }>(
    insertPhrasesSql(
      [state.id],
      [state.userId],
      queries.map(() => 0),
      queries,
    ),
  );
  pending.addPhrases(inserted.rows);
}

/**
 * One INSERT for many listings' phrases: `owners[k]` / `listings[k]` belong to the k-th listing,
 * `at[j]` says which listing phrase j belongs to. A phrase whose words are all stop words is
 * dropped (it has no lexeme to match).
 */
function insertPhrasesSql(
  listings: readonly number[],
  owners: readonly string[],
  at: readonly number[],
  queries: readonly PhraseQueryRow[],
) {
  return sql`
    insert into want_phrases (item_id, user_id, position, phrase, query, key_lexeme)
    select (${intArray(listings)})[p.at + 1], (${textArray(owners)})[p.at + 1], p.position, p.phrase,
           to_tsquery('english', p.query), k.lexeme
      from unnest(${intArray(at)}, ${intArray(queries.map((q) => q.position))},
                  ${textArray(queries.map((q) => q.phrase))}, ${textArray(queries.map((q) => q.query))},
                  ${textArray(queries.map((q) => q.required))})
           as p(at, position, phrase, query, required)
      cross join lateral (
        select lexeme from unnest(tsvector_to_array(to_tsvector('english', p.required))) as lexeme
         order by length(lexeme) desc, lexeme limit 1
      ) k
     where numnode(to_tsquery('english', p.query)) > 0
    returning id`;
}

type PhraseQueryRow = { position: number; phrase: string; query: string; required: string };

/**
 * The phrases of other members that listing `itemId` now gets into: it contains their key
 * lexeme and satisfies their query, and either they have room or it beats their last match.
 */
async function phrasesJoinedBy(tx: Executor, itemId: number, pending: Pending) {
  const joined = await tx.execute<{ id: number }>(sql`
    select p.id
      from matching_listings j
      join want_phrases p on p.key_lexeme = any(tsvector_to_array(j.offer_vector))
                         and p.user_id <> j.user_id
      cross join lateral (select ts_rank_cd(j.offer_vector, p.query) as score) s
     where j.item_id = ${itemId}
       and j.offer_vector @@ p.query
       and (p.match_count < ${MATCHES_PER_PHRASE}
            or s.score > p.floor_score
            or (s.score = p.floor_score and j.item_id < p.floor_item_id))`);
  pending.addPhrases(joined.rows);
}

type Match = { itemId: number; userId: string; score: number };

/**
 * Re-ranks these phrases: each gets the best MATCHES_PER_PHRASE listings of other members
 * matching its query. Phrases with the same query share one ranking. Returns the (listing,
 * match) pairs whose match row appeared, went or changed rank or score.
 */
async function rerankPhrases(tx: Executor, phraseIds: readonly number[], pending: Pending) {
  if (phraseIds.length === 0) return;
  const { rows: phrases } = await tx.execute<{
    id: number;
    item_id: number;
    user_id: string;
    query: string;
  }>(sql`
    select id, item_id, user_id, query::text as query from want_phrases
     where id = any(${intArray(phraseIds)}) order by id`);
  if (phrases.length === 0) return;
  const ids = phrases.map((p) => Number(p.id));
  const limit = MATCHES_PER_PHRASE + SHARED_SLACK;
  const ranked = await tx.execute<{
    query: string;
    item_id: number;
    user_id: string;
    score: number;
  }>(sql`
    select q.query::text as query, m.item_id, m.user_id, m.score
      from (select distinct query from want_phrases where id = any(${intArray(ids)})) q
      cross join lateral (
        select l.item_id, l.user_id, ts_rank_cd(l.offer_vector, q.query) as score
          from matching_listings l
         where l.offer_vector @@ q.query
         order by score desc, l.item_id
         limit ${limit}
      ) m
     order by q.query, m.score desc, m.item_id`);
  const byQuery = new Map<string, Match[]>();
  for (const row of ranked.rows) {
    const list = byQuery.get(row.query) ?? [];
    list.push({ itemId: Number(row.item_id), userId: row.user_id, score: Number(row.score) });
    byQuery.set(row.query, list);
  }

  const next = new Map<number, Match[]>();
  for (const phrase of phrases) {
    const shared = byQuery.get(phrase.query) ?? [];
    let best = shared.filter((m) => m.userId !== phrase.user_id).slice(0, MATCHES_PER_PHRASE);
    if (best.length < MATCHES_PER_PHRASE && shared.length === limit) {
      // The owner has many listings among the shared ones: rank this phrase on its own.
      const own = await tx.execute<{ item_id: number; user_id: string; score: number }>(sql`
        select l.item_id, l.user_id, ts_rank_cd(l.offer_vector, p.query) as score
          from want_phrases p join matching_listings l on l.offer_vector @@ p.query
         where p.id = ${phrase.id} and l.user_id <> p.user_id
         order by score desc, l.item_id
         limit ${MATCHES_PER_PHRASE}`);
      best = own.rows.map((r) => ({
        itemId: Number(r.item_id),
        userId: r.user_id,
        score: Number(r.score),
      }));
    }
    next.set(Number(phrase.id), best);
  }

  const { rows: current } = await tx.execute<{
    phrase_id: number;
    item_id: number;
    rank: number;
    score: number;
  }>(sql`
    select phrase_id, item_id, rank, score from phrase_matches
     where phrase_id = any(${intArray(ids)})`);
  const existing = new Map<string, { rank: number; score: number }>();
  for (const row of current) {
    existing.set(`${row.phrase_id}:${row.item_id}`, {
      rank: Number(row.rank),
      score: Number(row.score),
    });
  }
  const upserts = {
    phrase: [] as number[],
    item: [] as number[],
    rank: [] as number[],
    score: [] as number[],
  };
  const removals = { phrase: [] as number[], item: [] as number[] };
  const itemOf = new Map(phrases.map((p) => [Number(p.id), Number(p.item_id)]));
  for (const [phraseId, matches] of next) {
    const listing = itemOf.get(phraseId) ?? 0;
    let rank = 0;
    matches.forEach((match, index) => {
      // Competition ranking: equal scores share a rank (1, 2, 2, 4), so a listing leaving or
      // joining moves only the matches it is strictly better than.
      if (index === 0 || match.score !== matches[index - 1]?.score) rank = index + 1;
      const key = `${phraseId}:${match.itemId}`;
      const before = existing.get(key);
      existing.delete(key);
      if (before && before.rank === rank && before.score === match.score) return;
      upserts.phrase.push(phraseId);
      upserts.item.push(match.itemId);
      upserts.rank.push(rank);
      upserts.score.push(match.score);
      pending.pairs.push([listing, match.itemId]);
    });
  }
  for (const key of existing.keys()) {
    const [phraseId, itemId] = key.split(':').map(Number) as [number, number];
    removals.phrase.push(phraseId);
    removals.item.push(itemId);
    pending.pairs.push([itemOf.get(phraseId) ?? 0, itemId]);
  }
  if (removals.phrase.length > 0) {
    await tx.execute(sql`
      delete from phrase_matches m using unnest(${intArray(removals.phrase)}, ${intArray(removals.item)}) as r(p, i)
       where m.phrase_id = r.p and m.item_id = r.i`);
  }
  if (upserts.phrase.length > 0) {
    await tx.execute(sql`
      insert into phrase_matches (phrase_id, item_id, rank, score)
      select * from unnest(${intArray(upserts.phrase)}, ${intArray(upserts.item)},
                           ${intArray(upserts.rank)}, ${sql.param(upserts.score)}::real[])
      on conflict (phrase_id, item_id) do update set rank = excluded.rank, score = excluded.score`);
  }
  // Each phrase's count and floor (its last match), from the lists just computed.
  const floors = {
    id: [] as number[],
    count: [] as number[],
    score: [] as Array<number | null>,
    item: [] as Array<number | null>,
  };
  for (const [phraseId, matches] of next) {
    const last = matches.length === MATCHES_PER_PHRASE ? matches.at(-1) : undefined;
    floors.id.push(phraseId);
    floors.count.push(matches.length);
    floors.score.push(last?.score ?? null);
    floors.item.push(last?.itemId ?? null);
  }
  await tx.execute(sql`
    update want_phrases p
       set match_count = f.n, floor_score = f.score, floor_item_id = f.item
      from unnest(${intArray(floors.id)}, ${intArray(floors.count)},
                  ${sql.param(floors.score)}::real[], ${sql.param(floors.item)}::int[]) as f(id, n, score, item)
     where p.id = f.id
       and (p.match_count, p.floor_score, p.floor_item_id) is distinct from (f.n, f.score, f.item)`);
}

type RawChange = {
  change: 'added' | 'removed';
  from_item_id: number;
  to_item_id: number;
  from_user_id: string;
  to_user_id: string;
};

const toChange = (row: RawChange): EdgeChange => ({
  change: row.change,
  fromItemId: Number(row.from_item_id),
  toItemId: Number(row.to_item_id),
  fromUserId: row.from_user_id,
  toUserId: row.to_user_id,
});

/**
 * The edges the graph should hold, from named wants and phrase matches, between listings on
 * the market; `pairs` limits them to those (from, to) pairs. Named beats text; among a
 * listing's phrases, the best place (then the best score) counts.
 */
export function desiredEdges(pairs: SQL | null) {
  const listedJoin = pairs
    ? sql`from ${pairs} join item_wants w on w.item_id = p.f and w.wanted_item_id = p.t`
    : sql`from item_wants w`;
  const textJoin = pairs
    ? sql`from ${pairs} join want_phrases ph on ph.item_id = p.f
          join phrase_matches m on m.phrase_id = ph.id and m.item_id = p.t`
    : sql`from want_phrases ph join phrase_matches m on m.phrase_id = ph.id`;
  return sql`
    select distinct on (x.f, x.t) x.f, x.t, a.user_id as fu, b.user_id as tu, x.source, x.rank, x.score
      from (
        select w.item_id as f, w.wanted_item_id as t, 'listed' as source, w.position as rank,
               null::real as score, 0 as priority
          ${listedJoin}
        union all
        select ph.item_id, m.item_id, 'text', m.rank, m.score, 1
          ${textJoin}
      ) x
      join matching_listings a on a.item_id = x.f
      join matching_listings b on b.item_id = x.t
     order by x.f, x.t, x.priority, x.rank, x.score desc`;
}

/** Re-derives the edges of these pairs from the wants and matches now stored. */
async function refreshEdges(tx: Executor, pairs: readonly Pair[]): Promise<EdgeChange[]> {
  if (pairs.length === 0) return [];
  const unique = [...new Map(pairs.map((p) => [`${p[0]}:${p[1]}`, p])).values()];
  const p = sql`(select * from unnest(${intArray(unique.map((x) => x[0]))}, ${intArray(unique.map((x) => x[1]))}) as p(f, t)) p`;
  const { rows } = await tx.execute<RawChange>(sql`
    with desired as (${desiredEdges(p)}),
    removed as (
      delete from want_edges e using ${p}
       where e.from_item_id = p.f and e.to_item_id = p.t
         and not exists (select 1 from desired d where d.f = e.from_item_id and d.t = e.to_item_id)
      returning e.from_item_id, e.to_item_id, e.from_user_id, e.to_user_id
    ),
    upserted as (
      insert into want_edges (from_item_id, to_item_id, from_user_id, to_user_id, source, rank, score)
      select f, t, fu, tu, source, rank, score from desired
      on conflict (from_item_id, to_item_id) do update
         set source = excluded.source, rank = excluded.rank, score = excluded.score
       where (want_edges.source, want_edges.rank, want_edges.score)
             is distinct from (excluded.source, excluded.rank, excluded.score)
      returning from_item_id, to_item_id, from_user_id, to_user_id, xmax::text = '0' as inserted
    )
    select 'removed' as change, from_item_id, to_item_id, from_user_id, to_user_id from removed
    union all
    select 'added', from_item_id, to_item_id, from_user_id, to_user_id from upserted where inserted`);
  return rows.map(toChange);
}

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

async function settle(tx: Executor, pending: Pending): Promise<GraphChanges> {
  await rerankPhrases(tx, [...pending.phrases], pending);
  const edges = [...pending.changes, ...(await refreshEdges(tx, pending.pairs))];
  return { edges, ...(await updateCycles(tx, edges)) };
}

/**
 * Keeps want_cycles in step with edge changes: the circles through an edge that went go with it
 * (found from their rotation that starts with that edge); an edge A → B that came closes a
 * circle for every C with B → C and C → A. Returns the owners of the circles that came or went.
 */
async function updateCycles(
  tx: Executor,
  edges: readonly EdgeChange[],
): Promise<{ circleMembers: string[]; newCircles: NewCircle[] }> {
  const removed = edges.filter((e) => e.change === 'removed');
  const added = edges.filter((e) => e.change === 'added');
  const members = new Set<string>();
  const newCircles: NewCircle[] = [];
  if (removed.length > 0) {
    const { rows } = await tx.execute<{ user_id: string }>(sql`
      with gone as (
        select c.item_a as a, c.item_b as b, c.item_c as c
          from unnest(${intArray(removed.map((e) => e.fromItemId))}, ${intArray(removed.map((e) => e.toItemId))}) as r(x, y)
          join want_cycles c on c.item_a = r.x and c.item_b = r.y
      )
      delete from want_cycles w using gone g
       where (w.item_a, w.item_b, w.item_c) in ((g.a, g.b, g.c), (g.b, g.c, g.a), (g.c, g.a, g.b))
      returning w.user_id`);
    for (const row of rows) members.add(row.user_id);
  }
  if (added.length > 0) {
    const { rows } = await tx.execute<{
      item_a: number;
      item_b: number;
      item_c: number;
      user_id: string;
    }>(sql`
      insert into want_cycles (item_a, item_b, item_c, user_id)
      select rotation.a, rotation.b, rotation.c, rotation.u
        from unnest(${intArray(added.map((e) => e.fromItemId))}, ${intArray(added.map((e) => e.toItemId))}) as r(x, y)
        join want_edges ab on ab.from_item_id = r.x and ab.to_item_id = r.y
        join want_edges bc on bc.from_item_id = r.y
        join want_edges ca on ca.from_item_id = bc.to_item_id and ca.to_item_id = r.x
        cross join lateral (values (r.x, r.y, bc.to_item_id, ab.from_user_id),
                                   (r.y, bc.to_item_id, r.x, ab.to_user_id),
                                   (bc.to_item_id, r.x, r.y, bc.to_user_id)) as rotation(a, b, c, u)
      on conflict do nothing
      returning item_a, item_b, item_c, user_id`);
    for (const row of rows) {
      members.add(row.user_id);
      newCircles.push({
        itemIds: [Number(row.item_a), Number(row.item_b), Number(row.item_c)],
        userId: row.user_id,
      });
    }
  }
  return { circleMembers: [...members], newCircles };
}

/**
 * Rebuilds the graph from the listings and named wants alone, in `tx` (readers see the old graph
 * until it commits). Recovery, the bench's seed, and the proof that incremental upkeep is exact.
 */
export async function rebuildGraph(
  tx: Executor,
  report: (line: string) => void = () => {},
): Promise<{ listings: number; phrases: number; edges: number; circles: number }> {
  await lockGraph(tx);
  await tx.execute(sql`delete from want_cycles`);
  await tx.execute(sql`delete from want_edges`);
  await tx.execute(sql`delete from phrase_matches`);
  await tx.execute(sql`delete from want_phrases`);
  await tx.execute(sql`delete from matching_listings`);
  const listings = await tx.execute(sql`
    insert into matching_listings (item_id, user_id, offer_vector, wanted_items)
    select i.id, i.user_id, ${offerVector(sql`i.title`, sql`i.description`)}, i.wanted_items
      from items i where ${onTheMarket(sql`i`)}`);
  report(`${listings.rowCount ?? 0} listings on the market`);

  const batch = 5_000;
  for (let after = 0; ; ) {
    const { rows } = await tx.execute<{
      item_id: number;
      user_id: string;
      wanted_items: string;
    }>(sql`
      select item_id, user_id, wanted_items from matching_listings
       where item_id > ${after} and wanted_items is not null
       order by item_id limit ${batch}`);
    if (rows.length === 0) break;
    after = Number(rows.at(-1)?.item_id);
    const at: number[] = [];
    const queries: PhraseQueryRow[] = [];
    rows.forEach((row, index) => {
      for (const query of phraseQueries(row.wanted_items)) {
        at.push(index);
        queries.push(query);
      }
    });
    if (queries.length === 0) continue;
    await tx.execute(
      insertPhrasesSql(
        rows.map((r) => Number(r.item_id)),
        rows.map((r) => r.user_id),
        at,
        queries,
      ),
    );
  }

  // Phrases in query order, so that a batch shares its rankings.
  const { rows: phraseRows } = await tx.execute<{ id: number }>(
    sql`select id from want_phrases order by query::text, id`,
  );
  report(`${phraseRows.length} phrases`);
  const ignored = new Pending();
  for (let start = 0; start < phraseRows.length; start += 2_000) {
    const ids = phraseRows.slice(start, start + 2_000).map((r) => Number(r.id));
    await rerankPhrases(tx, ids, ignored);
    ignored.pairs = [];
    if (start > 0 && start % 20_000 === 0) report(`  ranked ${start} phrases`);
  }

  const edges = await tx.execute(sql`
    insert into want_edges (from_item_id, to_item_id, from_user_id, to_user_id, source, rank, score)
    select f, t, fu, tu, source, rank, score from (${desiredEdges(null)}) d`);
  report(`${edges.rowCount ?? 0} edges`);
  // Every 3-cycle: each edge A → B, each B → C, and C → A looked up. Hash joins need memory.
  await tx.execute(sql`set local work_mem = '256MB'`);
  const cycles = await tx.execute(sql`
    insert into want_cycles (item_a, item_b, item_c, user_id)
    select ab.from_item_id, ab.to_item_id, bc.to_item_id, ab.from_user_id
      from want_edges ab
      join want_edges bc on bc.from_item_id = ab.to_item_id
      join want_edges ca on ca.from_item_id = bc.to_item_id and ca.to_item_id = ab.from_item_id`);
  report(`${cycles.rowCount ?? 0} circle rotations`);
  return {
    listings: listings.rowCount ?? 0,
    phrases: phraseRows.length,
    edges: edges.rowCount ?? 0,
    circles: (cycles.rowCount ?? 0) / 3,
  };
}
