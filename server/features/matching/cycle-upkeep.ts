import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type EdgeChange, intArray, type NewCircle } from './graph-sql.js';
import { CIRCLES_PER_LISTING } from './matching.queries.js';

/**
 * Circles of three (`want_cycles`): the 3-cycles of `want_edges` as rotations that start at each
 * listing, with the owner of that listing. Each listing keeps its best CIRCLES_PER_LISTING
 * rotations, in the order reads show them (the sum of the legs' ranks, then the next listings'
 * ids), or all of them when it has fewer. The bound makes a listing's circles a function of the
 * edges (so a rebuild makes the same rows) and keeps one member's wants from storing a number
 * of circles that grows with the product of three members' listings: a ring of three members
 * with 50 listings each, every listing wanting every listing of the next member, has 125,000
 * circles (375,000 rotations) but keeps 80 × 150 rotations.
 */

/** A listing's circles, best first: rank sum of the legs, then the second and third listing. */
const ORDER = sql`ab.rank + bc.rank + ca.rank, ab.to_item_id, bc.to_item_id`;

/**
 * The rotations of listings `where` picks (over `ab.from_item_id`) that they keep: each one's
 * best CIRCLES_PER_LISTING, found from its out-edges one step ahead and one back.
 */
function keptRotationsSql(where: SQL): SQL {
  return sql`
    select a, b, c, u from (
      select ab.from_item_id as a, ab.to_item_id as b, bc.to_item_id as c, ab.from_user_id as u,
             row_number() over (partition by ab.from_item_id order by ${ORDER}) as n
        from want_edges ab
        join want_edges bc on bc.from_item_id = ab.to_item_id
        join want_edges ca on ca.from_item_id = bc.to_item_id and ca.to_item_id = ab.from_item_id
       where ${where}
    ) ranked
    where n <= ${CIRCLES_PER_LISTING}`;
}

/** Every listing's kept circles, for the rebuild (hash joins need memory: set work_mem first). */
export const allCyclesSql = sql`
    insert into want_cycles (item_a, item_b, item_c, user_id)
    select a, b, c, u from (${keptRotationsSql(sql`true`)}) kept`;

type RotationRow = { item_a: number; item_b: number; item_c: number; user_id: string };

const key = (from: number, to: number) => `${from}>${to}`;

/**
 * Keeps want_cycles in step with edge changes, in three set-wise statements:
 * 1. the rotations through an edge that went or changed rank go;
 * 2. a listing that lost one while it held CIRCLES_PER_LISTING (so it may have others not kept)
 *    gets its best ones again, from its edges;
 * 3. the rotations through an edge that came or changed rank compete with the kept ones of the
 *    listing they start at: the best CIRCLES_PER_LISTING stay.
 * The work is bounded by the changed edges' neighbourhoods and the kept rows, not by how many
 * circles exist. Returns the owners of the rotations that came or went, and the rotations that
 * came through an edge that came (new circles; one that only moved up a listing's list is not).
 */
export async function updateCycles(
  tx: Executor,
  edges: readonly EdgeChange[],
): Promise<{ circleMembers: string[]; newCircles: NewCircle[] }> {
  const gone = edges.filter((e) => e.change === 'removed' || e.change === 'ranked');
  const come = edges.filter((e) => e.change === 'added' || e.change === 'ranked');
  const added = new Set(
    edges.filter((e) => e.change === 'added').map((e) => key(e.fromItemId, e.toItemId)),
  );
  const members = new Set<string>();
  const newCircles: NewCircle[] = [];
  const arrived = (row: RotationRow) => {
    members.add(row.user_id);
    const ids = [Number(row.item_a), Number(row.item_b), Number(row.item_c)] as const;
    if (
      added.has(key(ids[0], ids[1])) ||
      added.has(key(ids[1], ids[2])) ||
      added.has(key(ids[2], ids[0]))
    )
      newCircles.push({ itemIds: [...ids], userId: row.user_id });
  };

  const refill = new Set<number>();
  if (gone.length > 0) {
    const { rows } = await tx.execute<{ item_a: number; user_id: string; held: number }>(sql`
      with gone as (
        select * from unnest(${intArray(gone.map((e) => e.fromItemId))},
                             ${intArray(gone.map((e) => e.toItemId))}) as g(f, t)
      ),
      hit as (
        select w.item_a, w.item_b, w.item_c from gone g
          join want_cycles w on w.item_a = g.f and w.item_b = g.t
        union
        select w.item_a, w.item_b, w.item_c from gone g
          join want_cycles w on w.item_b = g.f and w.item_c = g.t
        union
        select w.item_a, w.item_b, w.item_c from gone g
          join want_cycles w on w.item_a = g.t and w.item_c = g.f
      ),
      held as (
        select w.item_a, count(*)::int as held from want_cycles w
         where w.item_a in (select item_a from hit) group by w.item_a
      ),
      deleted as (
        delete from want_cycles w using hit h
         where w.item_a = h.item_a and w.item_b = h.item_b and w.item_c = h.item_c
        returning w.item_a, w.user_id
      )
      select d.item_a, d.user_id, h.held from deleted d join held h using (item_a)`);
    for (const row of rows) {
      members.add(row.user_id);
      if (Number(row.held) >= CIRCLES_PER_LISTING) refill.add(Number(row.item_a));
    }
  }

  if (refill.size > 0) {
    const listings = intArray([...refill]);
    const { rows } = await tx.execute<RotationRow & { change: 'added' | 'dropped' }>(sql`
      with kept as (${keptRotationsSql(sql`ab.from_item_id = any(${listings})`)}),
      dropped as (
        delete from want_cycles w
         where w.item_a = any(${listings})
           and not exists (select 1 from kept k
                            where k.a = w.item_a and k.b = w.item_b and k.c = w.item_c)
        returning w.item_a, w.item_b, w.item_c, w.user_id
      ),
      inserted as (
        insert into want_cycles (item_a, item_b, item_c, user_id)
        select a, b, c, u from kept
        on conflict do nothing
        returning item_a, item_b, item_c, user_id
      )
      select 'dropped' as change, * from dropped
      union all
      select 'added', * from inserted`);
    for (const row of rows) {
      if (row.change === 'added') arrived(row);
      else members.add(row.user_id);
    }
  }

  if (come.length > 0) {
    const { rows } = await tx.execute<RotationRow & { change: 'added' | 'dropped' }>(sql`
      with come as (
        select * from unnest(${intArray(come.map((e) => e.fromItemId))},
                             ${intArray(come.map((e) => e.toItemId))}) as e(f, t)
      ),
      candidates as (
        select distinct r.a, r.b, r.c, r.u, ab.rank + bc.rank + ca.rank as ranks
          from come e
          join want_edges ab on ab.from_item_id = e.f and ab.to_item_id = e.t
          join want_edges bc on bc.from_item_id = e.t
          join want_edges ca on ca.from_item_id = bc.to_item_id and ca.to_item_id = e.f
          cross join lateral (values (e.f, e.t, bc.to_item_id, ab.from_user_id),
                                     (e.t, bc.to_item_id, e.f, ab.to_user_id),
                                     (bc.to_item_id, e.f, e.t, bc.to_user_id)) as r(a, b, c, u)
         where r.a <> all(${intArray([...refill])})
      ),
      kept as (
        select w.item_a as a, w.item_b as b, w.item_c as c, w.user_id as u,
               ab.rank + bc.rank + ca.rank as ranks
          from (select distinct a from candidates) t
          join want_cycles w on w.item_a = t.a
          join want_edges ab on ab.from_item_id = w.item_a and ab.to_item_id = w.item_b
          join want_edges bc on bc.from_item_id = w.item_b and bc.to_item_id = w.item_c
          join want_edges ca on ca.from_item_id = w.item_c and ca.to_item_id = w.item_a
      ),
      pool as (
        select a, b, c, u, ranks, true as kept from kept
        union all
        select a, b, c, u, ranks, false from candidates n
         where not exists (select 1 from kept k where k.a = n.a and k.b = n.b and k.c = n.c)
      ),
      ranked as (
        select *, row_number() over (partition by a order by ranks, b, c) as n from pool
      ),
      dropped as (
        delete from want_cycles w using ranked r
         where r.kept and r.n > ${CIRCLES_PER_LISTING}
           and w.item_a = r.a and w.item_b = r.b and w.item_c = r.c
        returning w.item_a, w.item_b, w.item_c, w.user_id
      ),
      inserted as (
        insert into want_cycles (item_a, item_b, item_c, user_id)
        select a, b, c, u from ranked where not kept and n <= ${CIRCLES_PER_LISTING}
        on conflict do nothing
        returning item_a, item_b, item_c, user_id
      )
      select 'dropped' as change, * from dropped
      union all
      select 'added', * from inserted`);
    for (const row of rows) {
      if (row.change === 'added') arrived(row);
      else members.add(row.user_id);
    }
  }
  return { circleMembers: [...members], newCircles };
}
