import { type SQL, sql } from 'drizzle-orm';
import type { ListingMode } from '../../../shared/item-display.js';
import type { WantSource } from '../../../shared/matching.js';
import type { Database, Executor } from '../../db/client.js';
import { queryPrepared } from '../../db/prepared.js';
import { notBlockedBetween } from '../blocks/blocks.queries.js';
import { onTheMarket } from '../items/on-market.js';

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
 * filter what the graph holds. The graph keeps only listings on the market, but follows a change
 * when the upkeep job has applied it (matching.service.ts): a listing that left the market
 * (traded, withdrawn, deleted, its owner suspended) leaves every read the moment that commits.
 * A listing reserved for an accepted offer, a swap circle or a round in progress cannot be
 * swapped for now, and the listings of a member blocked by the viewer, or who blocked them, are
 * not shown: both are left out.
 */
export function shownTo(viewerId: string, itemId: SQL): SQL {
  return sql`exists (select 1 from items r where r.id = ${itemId} and r.reserved_by is null
                      and ${onTheMarket(sql`r`)}
                      and ${notBlockedBetween(viewerId, sql`r.user_id`)})`;
}

/**
 * Each list is ranked first and filtered after (`shownTo`), over this many times its length of
 * the best candidates: the filter's probes stay bounded however many wants a member has, and
 * reserved or blocked listings are few among anyone's best.
 */
const CANDIDATES = 4;

/**
 * Circles each listing keeps in want_cycles (cycle-upkeep.ts): the circles read takes a member's
 * best CIRCLE_LIMIT × CANDIDATES, and each of those is among the best CIRCLE_LIMIT × CANDIDATES
 * of its own listing, so the read finds exactly what it would find if every circle were kept.
 */
export const CIRCLES_PER_LISTING = CIRCLE_LIMIT * CANDIDATES;

/** `since`: a timestamptz expression; rows created after it only (all of them when it is null). */
type Since = { since?: SQL };
const newerThan = (column: SQL, since: SQL | undefined) =>
  since ? sql`(${since} is null or ${column} > ${since})` : sql`true`;

export type WantedRow = { mine: number; theirs: number; source: WantSource };

const WANTED_ORDER = sql`source = 'listed' desc, rank, score desc nulls last, theirs`;

/** Listings of others that the member's listings want: named ones first, then by rank and score. */
function wantedSql(userId: string, limit: number): SQL {
  return sql`
    select mine, theirs, source, rank, score from (
      select mine, theirs, source, rank, score from (
        select distinct on (e.to_item_id) e.from_item_id as mine, e.to_item_id as theirs,
               e.source, e.rank, e.score
          from matching_listings l
          join want_edges e on e.from_item_id = l.item_id
         where l.user_id = ${userId}
         order by e.to_item_id, e.source = 'listed' desc, e.rank, e.score desc nulls last,
                  e.from_item_id
      ) best
      order by ${WANTED_ORDER}
      limit ${limit * CANDIDATES}
    ) candidates
    where ${shownTo(userId, sql`theirs`)}
    order by ${WANTED_ORDER}
    limit ${limit}`;
}

const toWanted = (r: { mine: number; theirs: number; source: WantSource }): WantedRow => ({
  mine: Number(r.mine),
  theirs: Number(r.theirs),
  source: r.source,
});

export async function findWanted(
  db: Executor,
  userId: string,
  limit = MATCH_LIST_LIMIT,
): Promise<WantedRow[]> {
  const { rows } = await db.execute<{ mine: number; theirs: number; source: WantSource }>(
    wantedSql(userId, limit),
  );
  return rows.map(toWanted);
}

export type MutualRow = { mine: number; theirs: number };

const MUTUAL_ORDER = sql`text_legs, ranks, mine, theirs`;

/** 2-cycles: my listing wants theirs and theirs wants mine; fewest text legs, then ranks. */
function mutualSql(userId: string, options: Since & { limit?: number }): SQL {
  const limit = options.limit ?? MATCH_LIST_LIMIT;
  return sql`
    select mine, theirs, text_legs, ranks from (
      select e1.from_item_id as mine, e1.to_item_id as theirs,
             (e1.source = 'text')::int + (e2.source = 'text')::int as text_legs,
             e1.rank + e2.rank as ranks
        from matching_listings l
        join want_edges e1 on e1.from_item_id = l.item_id
        join want_edges e2 on e2.from_item_id = e1.to_item_id and e2.to_item_id = e1.from_item_id
       where l.user_id = ${userId}
         and ${newerThan(sql`greatest(e1.created_at, e2.created_at)`, options.since)}
       order by ${MUTUAL_ORDER}
       limit ${limit * CANDIDATES}
    ) candidates
    where ${shownTo(userId, sql`mine`)} and ${shownTo(userId, sql`theirs`)}
    order by ${MUTUAL_ORDER}
    limit ${limit}`;
}

const toMutual = (r: { mine: number; theirs: number }): MutualRow => ({
  mine: Number(r.mine),
  theirs: Number(r.theirs),
});

/** The member's mutual matches alone (the bench explains each list's query apart). */
export async function findMutual(db: Executor, userId: string): Promise<MutualRow[]> {
  const { rows } = await db.execute<{ mine: number; theirs: number }>(mutualSql(userId, {}));
  return rows.map(toMutual);
}

const CIRCLE_ORDER = sql`ranks, a, b, c`;

/** An open proposal of a circle: waiting for answers, or accepted and under way. */
export type CircleProposalRow = {
  id: number;
  status: 'proposed' | 'accepted';
  /** Whether the member has accepted it (the proposer has; an accepted circle, everyone has). */
  accepted: boolean;
};

/**
 * Each circle's listings, the member's first; the owner of each would give it for the next.
 * `proposal`: the open proposal of exactly this loop, if there is one.
 */
export type CircleRow = { itemIds: number[]; proposal?: CircleProposalRow | null };

/**
 * The member's 3-cycles: A (mine) → B → C → A, from want_cycles (kept with the edges, one row
 * per rotation, so this is an index lookup on the member), best first by the sum of the legs'
 * ranks. Owners are distinct by construction: an edge never joins two listings of one owner, and
 * the three owners of a 3-cycle are pairwise joined by its edges.
 */
function circlesSql(userId: string, options: Since & { limit?: number }): SQL {
  const limit = options.limit ?? CIRCLE_LIMIT;
  return sql`
    select a, b, c, ranks from (
      select c.item_a as a, c.item_b as b, c.item_c as c, ab.rank + bc.rank + ca.rank as ranks
        from want_cycles c
        join want_edges ab on ab.from_item_id = c.item_a and ab.to_item_id = c.item_b
        join want_edges bc on bc.from_item_id = c.item_b and bc.to_item_id = c.item_c
        join want_edges ca on ca.from_item_id = c.item_c and ca.to_item_id = c.item_a
       where c.user_id = ${userId}
         and ${newerThan(sql`greatest(ab.created_at, bc.created_at, ca.created_at)`, options.since)}
       order by ${CIRCLE_ORDER}
       limit ${limit * CANDIDATES}
    ) candidates
    where ${shownTo(userId, sql`a`)} and ${shownTo(userId, sql`b`)} and ${shownTo(userId, sql`c`)}
    order by ${CIRCLE_ORDER}
    limit ${limit}`;
}

const toCircle = (r: { a: number; b: number; c: number }): CircleRow => ({
  itemIds: [Number(r.a), Number(r.b), Number(r.c)],
});

/**
 * The open proposal (proposed and not past its deadline, or accepted) of the loop a → b → c,
 * as JSON, or null: one probe of the unique index of open proposals by their loop's key
 * (circles.service.ts `loopKey`: the ids rotated to start at the smallest). Only a proposal the
 * member is in, which every proposal of their own circle is: the check is kept all the same.
 */
function openProposalSql(userId: string): SQL {
  const key = sql`case when a < b and a < c then concat_ws(',', a, b, c)
                       when b < c then concat_ws(',', b, c, a)
                       else concat_ws(',', c, a, b) end`;
  return sql`(select json_build_object('id', p.id, 'status', p.status,
                                       'accepted', l.decision = 'accepted')
                from circles p
                join circle_legs l on l.circle_id = p.id and l.giver_id = ${userId}
               where p.item_key = ${key}
                 and p.status in ('proposed', 'accepted')
                 and (p.status = 'accepted' or p.expires_at > now()))`;
}

/** The member's circles alone (the bench explains each list's query apart). */
export async function findCircles(db: Executor, userId: string): Promise<CircleRow[]> {
  const { rows } = await db.execute<{ a: number; b: number; c: number }>(circlesSql(userId, {}));
  return rows.map(toCircle);
}

/**
 * How many mutual matches and circles of the member's appeared since they last opened /matches
 * (at most `cap`): one statement prepared once per connection, as every signed-in page asks.
 */
export async function countNewMatches(db: Database, userId: string, cap: number): Promise<number> {
  const seen = sql`(select v.seen_at from match_views v where v.user_id = ${userId})`;
  const newOnes = { since: seen, limit: cap };
  const [row] = await queryPrepared<{ count: number }>(
    db,
    sql`select least(${cap}::int,
                     (select count(*) from (${mutualSql(userId, newOnes)}) mutual)
                   + (select count(*) from (${circlesSql(userId, newOnes)}) circles))::int as count`,
  );
  return row?.count ?? 0;
}

export type SummaryRow = {
  id: number;
  title: string;
  firstImage: string | null;
  mode: ListingMode;
  owner: {
    id: string;
    nickname: string | null;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    emailVerifiedAt: Date | null;
  };
};

type SummaryDbRow = {
  id: number;
  title: string;
  first_image: string | null;
  mode: ListingMode;
  user_id: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  email_verified_at: string | Date | null;
};

/** The columns a card needs for the listings `i` whose ids `where` keeps. */
const summariesSql = (where: SQL) => sql`
  select i.id, i.title, i.images[1] as first_image, i.mode, u.id as user_id, u.nickname, u.first_name,
         u.last_name, u.profile_image_url, u.email_verified_at
    from items i
    -- Each owner by its key: a plain join lets the planner hash every member for a few cards.
    cross join lateral (select * from users where users.id = i.user_id limit 1) u
   where ${where}`;

const toSummary = (r: SummaryDbRow): SummaryRow => ({
  id: Number(r.id),
  title: r.title,
  firstImage: r.first_image,
  mode: r.mode,
  owner: {
    id: r.user_id,
    nickname: r.nickname,
    firstName: r.first_name,
    lastName: r.last_name,
    profileImageUrl: r.profile_image_url,
    emailVerifiedAt: r.email_verified_at ? new Date(r.email_verified_at) : null,
  },
});

const bySummaryId = (rows: SummaryDbRow[]) =>
  new Map(rows.map((r) => [Number(r.id), toSummary(r)]));

/** What a match card shows of each listing, for a few ids at once. */
export async function findSummaries(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, SummaryRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<SummaryDbRow>(
    summariesSql(sql`i.id = any(${intArray([...new Set(ids)])})`),
  );
  return bySummaryId(rows);
}

export type MatchRows = {
  wanted: WantedRow[];
  mutual: MutualRow[];
  circles: CircleRow[];
  summaries: Map<number, SummaryRow>;
};

/**
 * GET /api/matches in one statement, prepared once per connection: the three lists, the open
 * proposal of each circle (at most CIRCLE_LIMIT index probes) and the cards of every listing they
 * name. One round trip and no planning per call (planning the four reads cost about as much as
 * running them).
 */
export async function findMatches(db: Database, userId: string): Promise<MatchRows> {
  const list = (name: string, row: SQL, order: SQL) =>
    sql`(select coalesce(json_agg(${row} order by ${order}), '[]') from ${sql.raw(name)})`;
  const [row] = await queryPrepared<{
    wanted: { mine: number; theirs: number; source: WantSource }[];
    mutual: { mine: number; theirs: number }[];
    circles: { a: number; b: number; c: number; proposal: CircleProposalRow | null }[];
    summaries: SummaryDbRow[];
  }>(
    db,
    // The circles are `loops` here: `circles` is the table of proposals read for each of them.
    sql`
      with wanted as (${wantedSql(userId, MATCH_LIST_LIMIT)}),
           mutual as (${mutualSql(userId, {})}),
           loops as (${circlesSql(userId, {})}),
           named as (select mine as id from wanted union select theirs from wanted
                     union select mine from mutual union select theirs from mutual
                     union select a from loops union select b from loops
                     union select c from loops)
      select ${list('wanted', sql`json_build_object('mine', mine, 'theirs', theirs, 'source', source)`, WANTED_ORDER)} as wanted,
             ${list('mutual', sql`json_build_object('mine', mine, 'theirs', theirs)`, MUTUAL_ORDER)} as mutual,
             ${list('loops', sql`json_build_object('a', a, 'b', b, 'c', c, 'proposal', ${openProposalSql(userId)})`, CIRCLE_ORDER)} as circles,
             (select coalesce(json_agg(s), '[]')
                from (${summariesSql(sql`i.id in (select id from named)`)}) s) as summaries`,
  );
  if (!row) throw new Error('the matches statement returned no row');
  return {
    wanted: row.wanted.map(toWanted),
    mutual: row.mutual.map(toMutual),
    circles: row.circles.map((r) => ({ ...toCircle(r), proposal: r.proposal })),
    summaries: bySummaryId(row.summaries),
  };
}

/** The listings a listing's owner named, in order, those on the market only. */
export async function findWants(db: Executor, itemId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select w.wanted_item_id as id
      from item_wants w join items i on i.id = w.wanted_item_id
     where w.item_id = ${itemId} and ${onTheMarket(sql`i`)}
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
