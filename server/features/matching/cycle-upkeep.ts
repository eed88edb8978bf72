import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type EdgeChange, intArray, type NewCircle } from './graph-sql.js';

/**
 * Circles of three (`want_cycles`, every 3-cycle of `want_edges` once per rotation, with the
 * owner of its first listing), kept in step with the edges as they change.
 */

/**
 * Keeps want_cycles in step with edge changes: the circles through an edge that went go with it
 * (found from their rotation that starts with that edge); an edge A → B that came closes a
 * circle for every C with B → C and C → A. Returns the owners of the circles that came or went.
 */
export async function updateCycles(
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

/** Every 3-cycle of `want_edges`, once per rotation: each edge A → B, each B → C, and C → A. */
export const allCyclesSql = sql`
    insert into want_cycles (item_a, item_b, item_c, user_id)
    select ab.from_item_id, ab.to_item_id, bc.to_item_id, ab.from_user_id
      from want_edges ab
      join want_edges bc on bc.from_item_id = ab.to_item_id
      join want_edges ca on ca.from_item_id = bc.to_item_id and ca.to_item_id = ab.from_item_id`;
