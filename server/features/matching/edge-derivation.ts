import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type EdgeChange, intArray, type Pair, type RawChange, toChange } from './graph-sql.js';

/**
 * Edge derivation: `want_edges` holds one row per (from, to) pair of listings on the market,
 * 'listed' when from's owner named to (`item_wants`), else 'text' when one of from's phrases
 * matched to (`phrase_matches`). Both the incremental upkeep (per changed pair) and the rebuild
 * (every pair) derive edges with `desiredEdges`.
 */

/**
 * The edges the graph should hold, from named wants and phrase matches, between listings on
 * the market; `pairs` limits them to those (from, to) pairs. Named beats text; among a
 * listing's phrases, the best place (then the best score) counts. None leaves a give-away: its
 * owner wants nothing back, so it is never the listing given in exchange, and no mutual match or
 * circle (every listing of which is given for the next) goes through it. Wants may still name
 * one (an edge to it): it shows in what its wanter wants.
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
      join matching_listings a on a.item_id = x.f and not a.giveaway
      join matching_listings b on b.item_id = x.t
     order by x.f, x.t, x.priority, x.rank, x.score desc`;
}

/**
 * Re-derives the edges of these pairs from the wants and matches now stored. Returns the edges
 * that came or went, and those whose rank changed ('ranked': the circles through them move).
 */
export async function refreshEdges(tx: Executor, pairs: readonly Pair[]): Promise<EdgeChange[]> {
  if (pairs.length === 0) return [];
  const unique = [...new Map(pairs.map((p) => [`${p[0]}:${p[1]}`, p])).values()];
  const p = sql`(select * from unnest(${intArray(unique.map((x) => x[0]))}, ${intArray(unique.map((x) => x[1]))}) as p(f, t)) p`;
  const { rows } = await tx.execute<RawChange>(sql`
    with desired as (${desiredEdges(p)}),
    before as (
      select e.from_item_id, e.to_item_id, e.rank from want_edges e join ${p}
          on e.from_item_id = p.f and e.to_item_id = p.t
    ),
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
      returning from_item_id, to_item_id, from_user_id, to_user_id, rank, xmax::text = '0' as inserted
    )
    select 'removed' as change, from_item_id, to_item_id, from_user_id, to_user_id from removed
    union all
    select case when u.inserted then 'added' else 'ranked' end, u.from_item_id, u.to_item_id,
           u.from_user_id, u.to_user_id
      from upserted u left join before b
        on b.from_item_id = u.from_item_id and b.to_item_id = u.to_item_id
     where u.inserted or b.rank is distinct from u.rank`);
  return rows.map(toChange);
}
