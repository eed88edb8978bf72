import { type SQL, sql } from 'drizzle-orm';
import type { WantSource } from '../../../shared/matching.js';
import type { Executor } from '../../db/client.js';
import { notBlockedBetween } from '../blocks/blocks.queries.js';

/**
 * Reads of the want graph for one member. Each starts from the member's own listings on the
 * market (a handful) and follows indexed edges out of and into them, with limits, so its cost
 * depends on that member's neighbourhood, never on the size of the graph.
 */

/** Circles kept per member (best first); mutual and wanted lists stop at MATCH_LIST_LIMIT. */
export const CIRCLE_LIMIT = 20;
export const MATCH_LIST_LIMIT = 50;

const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

/**
 * Whether a listing found through the graph may be shown to `viewerId`: the one place reads
 * filter what the graph holds (the graph itself keeps only listings on the market). A listing
 * reserved for a swap circle or round in progress cannot be swapped for now, and the listings of
 * a member blocked by the viewer, or who blocked them, are not shown: both are left out.
 */
export function shownTo(viewerId: string, itemId: SQL): SQL {
  return sql`exists (select 1 from items r where r.id = ${itemId} and r.reserved_by is null
                      and ${notBlockedBetween(viewerId, sql`r.user_id`)})`;
}

/**
 * Each list is ranked first and filtered after (`shownTo`), over this many times its length of
 * the best candidates: the filter's probes stay bounded however many wants a member has, and
 * reserved or blocked listings are few among anyone's best.
 */
const CANDIDATES = 4;

type Since = { since?: Date | null };
const newerThan = (column: SQL, since: Date | null | undefined) =>
  since ? sql`${column} > ${since.toISOString()}::timestamptz` : sql`true`;

export type WantedRow = { mine: number; theirs: number; source: WantSource };

/** Listings of others that the member's listings want: named ones first, then by rank and score. */
export async function findWanted(
  db: Executor,
  userId: string,
  limit = MATCH_LIST_LIMIT,
): Promise<WantedRow[]> {
  const { rows } = await db.execute<{ mine: number; theirs: number; source: WantSource }>(sql`
    select mine, theirs, source from (
      select mine, theirs, source, rank, score from (
        select distinct on (e.to_item_id) e.from_item_id as mine, e.to_item_id as theirs,
               e.source, e.rank, e.score
          from matching_listings l
          join want_edges e on e.from_item_id = l.item_id
         where l.user_id = ${userId}
         order by e.to_item_id, e.source = 'listed' desc, e.rank, e.score desc nulls last,
                  e.from_item_id
      ) best
      order by source = 'listed' desc, rank, score desc nulls last, theirs
      limit ${limit * CANDIDATES}
    ) candidates
    where ${shownTo(userId, sql`theirs`)}
    order by source = 'listed' desc, rank, score desc nulls last, theirs
    limit ${limit}`);
  return rows.map((r) => ({ mine: Number(r.mine), theirs: Number(r.theirs), source: r.source }));
}

export type MutualRow = { mine: number; theirs: number };

/** 2-cycles: my listing wants theirs and theirs wants mine; fewest text legs, then ranks. */
export async function findMutual(
  db: Executor,
  userId: string,
  options: Since & { limit?: number } = {},
): Promise<MutualRow[]> {
  const limit = options.limit ?? MATCH_LIST_LIMIT;
  const { rows } = await db.execute<{ mine: number; theirs: number }>(sql`
    select mine, theirs from (
      select e1.from_item_id as mine, e1.to_item_id as theirs,
             (e1.source = 'text')::int + (e2.source = 'text')::int as text_legs,
             e1.rank + e2.rank as ranks
        from matching_listings l
        join want_edges e1 on e1.from_item_id = l.item_id
        join want_edges e2 on e2.from_item_id = e1.to_item_id and e2.to_item_id = e1.from_item_id
       where l.user_id = ${userId}
         and ${newerThan(sql`greatest(e1.created_at, e2.created_at)`, options.since)}
       order by text_legs, ranks, mine, theirs
       limit ${limit * CANDIDATES}
    ) candidates
    where ${shownTo(userId, sql`mine`)} and ${shownTo(userId, sql`theirs`)}
    order by text_legs, ranks, mine, theirs
    limit ${limit}`);
  return rows.map((r) => ({ mine: Number(r.mine), theirs: Number(r.theirs) }));
}

/** Each circle's listings, the member's first; the owner of each would give it for the next. */
export type CircleRow = { itemIds: number[] };

/**
 * The member's 3-cycles: A (mine) → B → C → A, from want_cycles (kept with the edges, one row
 * per rotation, so this is an index lookup on the member), best first by the sum of the legs'
 * ranks. Owners are distinct by construction: an edge never joins two listings of one owner, and
 * the three owners of a 3-cycle are pairwise joined by its edges.
 */
export async function findCircles(
  db: Executor,
  userId: string,
  options: Since & { limit?: number } = {},
): Promise<CircleRow[]> {
  const limit = options.limit ?? CIRCLE_LIMIT;
  const { rows } = await db.execute<{ a: number; b: number; c: number }>(sql`
    select a, b, c from (
      select c.item_a as a, c.item_b as b, c.item_c as c, ab.rank + bc.rank + ca.rank as ranks
        from want_cycles c
        join want_edges ab on ab.from_item_id = c.item_a and ab.to_item_id = c.item_b
        join want_edges bc on bc.from_item_id = c.item_b and bc.to_item_id = c.item_c
        join want_edges ca on ca.from_item_id = c.item_c and ca.to_item_id = c.item_a
       where c.user_id = ${userId}
         and ${newerThan(sql`greatest(ab.created_at, bc.created_at, ca.created_at)`, options.since)}
       order by ranks, a, b, c
       limit ${limit * CANDIDATES}
    ) candidates
    where ${shownTo(userId, sql`a`)} and ${shownTo(userId, sql`b`)} and ${shownTo(userId, sql`c`)}
    order by ranks, a, b, c
    limit ${limit}`);
  return rows.map((r) => ({ itemIds: [Number(r.a), Number(r.b), Number(r.c)] }));
}

export type SummaryRow = {
  id: number;
  title: string;
  firstImage: string | null;
  owner: {
    id: string;
    nickname: string | null;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    emailVerifiedAt: Date | null;
  };
};

/** What a match card shows of each listing, for a few ids at once. */
export async function findSummaries(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, SummaryRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{
    id: number;
    title: string;
    first_image: string | null;
    user_id: string;
    nickname: string | null;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
    email_verified_at: string | null;
  }>(sql`
    select i.id, i.title, i.images[1] as first_image, u.id as user_id, u.nickname, u.first_name,
           u.last_name, u.profile_image_url, u.email_verified_at
      from items i
      -- Each owner by its key: a plain join lets the planner hash every member for a few cards.
      cross join lateral (select * from users where users.id = i.user_id limit 1) u
     where i.id = any(${intArray([...new Set(ids)])})`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        title: r.title,
        firstImage: r.first_image,
        owner: {
          id: r.user_id,
          nickname: r.nickname,
          firstName: r.first_name,
          lastName: r.last_name,
          profileImageUrl: r.profile_image_url,
          emailVerifiedAt: r.email_verified_at ? new Date(r.email_verified_at) : null,
        },
      },
    ]),
  );
}

/** The listings a listing's owner named, in order, those on the market only. */
export async function findWants(db: Executor, itemId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select w.wanted_item_id as id
      from item_wants w join items i on i.id = w.wanted_item_id
     where w.item_id = ${itemId} and i.is_active
     order by w.position`);
  return rows.map((r) => Number(r.id));
}

/** Which of the member's listings name `itemId` among their wants. */
export async function findWantedBy(
  db: Executor,
  userId: string,
  itemId: number,
): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select w.item_id as id
      from item_wants w join items i on i.id = w.item_id
     where w.wanted_item_id = ${itemId} and i.user_id = ${userId}
     order by w.item_id`);
  return rows.map((r) => Number(r.id));
}
