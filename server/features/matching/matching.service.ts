import { sql } from 'drizzle-orm';
import type { ListingMode } from '../../../shared/item-display.js';
import type { Actor } from '../../../shared/policies/decision.js';
import {
  canSetWants,
  canSwapFor,
  canViewMatches,
  canWant,
} from '../../../shared/policies/matching.js';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import type { HandleJobs, Subscribe } from '../../infra/features.js';
import { notBlockedBetween } from '../blocks/blocks.queries.js';
import { createGraphUpkeep, type GraphUpkeep, UPKEEP_QUEUE } from './graph-changes.js';
import { intArray, textArray } from './graph-sql.js';
import type { MatchFound } from './matching.events.js';
import {
  countNewMatches as countNewMatchesOf,
  findMatches,
  findWantedBy,
  findWants,
  type MatchRows,
} from './matching.queries.js';
import { type GraphChanges, rebuildGraph } from './want-graph.js';

const ITEM_NOT_FOUND = 'Item not found';

export const REBUILD_QUEUE = 'matching.rebuild';

/** Rebuilds the graph once, for listings that existed before matching did. */
export async function rebuildInBackground(ctx: AppContext): Promise<void> {
  const built = await transact(ctx.db, (tx) => rebuildGraph(tx));
  ctx.log.info(built, 'Want graph built');
  await ctx.events.publish('everyone', { type: 'matches' });
}

/**
 * On a database with listings but no graph yet (listings made before this feature), the first
 * build runs once from the job queue, on whichever server claims it.
 */
export async function scheduleFirstBuild(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.execute<{ needed: boolean }>(sql`
    select exists (select 1 from items where is_active)
       and not exists (select 1 from matching_listings) as needed`);
  if (rows[0]?.needed) {
    await ctx.jobs.enqueue(ctx.db, REBUILD_QUEUE, {}, { dedupeKey: 'matching:first-build' });
  }
}

const upkeeps = new WeakMap<AppContext, GraphUpkeep>();

/** This app's upkeep of the want graph (graph-changes.ts): records changes, applies them after. */
export function graphUpkeepOf(ctx: AppContext): GraphUpkeep {
  let upkeep = upkeeps.get(ctx);
  if (!upkeep) {
    upkeep = createGraphUpkeep(ctx, (tx, changes) => announce(ctx, tx, changes));
    upkeeps.set(ctx, upkeep);
  }
  return upkeep;
}

/**
 * Every listing change is recorded in the change's own transaction; the graph follows it once
 * the upkeep applies it (graph-changes.ts).
 */
export function matchingListeners(ctx: AppContext, on: Subscribe): void {
  on('item.changed', (tx, change) => graphUpkeepOf(ctx).record(tx, [change.itemId], 'listing'));
}

/** The upkeep of recorded changes, and the graph's first build (scheduleFirstBuild). */
export function matchingJobs(ctx: AppContext, handle: HandleJobs): void {
  handle(UPKEEP_QUEUE, () => graphUpkeepOf(ctx).settle());
  handle(REBUILD_QUEUE, () => rebuildInBackground(ctx));
}

/**
 * Tells the members whose matches changed, when the transaction commits: both owners of every
 * edge that came or went, and the owners of every circle that did. The client refetches. What is
 * new (a mutual match, a circle) also becomes a notification, one unread per listing of theirs.
 */
async function announce(ctx: AppContext, tx: Transaction, changes: GraphChanges): Promise<void> {
  const members = new Set(changes.circleMembers);
  for (const edge of changes.edges) {
    if (edge.change === 'ranked') continue;
    members.add(edge.fromUserId);
    members.add(edge.toUserId);
  }
  if (members.size > 0) await ctx.events.publishIn(tx, [...members], { type: 'matches' });
  for (const found of await newMatches(tx, changes)) await ctx.hooks.emit(tx, 'match.found', found);
}

/**
 * The mutual matches and circles a change created, once per member and listing of theirs, less
 * those between members who blocked one another.
 */
async function newMatches(tx: Executor, changes: GraphChanges): Promise<MatchFound[]> {
  const added = changes.edges.filter((edge) => edge.change === 'added');
  const found = new Map<string, MatchFound>();
  const add = (userId: string, itemId: number, kind: MatchFound['kind']) => {
    const subjectKey = `match:${itemId}`;
    if (!found.has(`${userId} ${subjectKey}`))
      found.set(`${userId} ${subjectKey}`, { userId, itemId, kind, subjectKey, link: '/matches' });
  };
  if (added.length > 0) {
    const { rows } = await tx.execute<{ a: number; b: number; ua: string; ub: string }>(sql`
      select e.from_item_id as a, e.to_item_id as b, e.from_user_id as ua, e.to_user_id as ub
        from unnest(${sql.param(added.map((e) => e.fromItemId))}::int[],
                    ${sql.param(added.map((e) => e.toItemId))}::int[]) as n(x, y)
        join want_edges e on e.from_item_id = n.y and e.to_item_id = n.x
       where ${notBlockedBetween(sql`e.from_user_id`, sql`e.to_user_id`)}`);
    for (const row of rows) {
      add(row.ua, Number(row.a), 'mutual');
      add(row.ub, Number(row.b), 'mutual');
    }
  }
  if (changes.newCircles.length > 0) {
    const owners = await ownersOf(
      tx,
      changes.newCircles.flatMap((c) => c.itemIds),
    );
    const peopleOf = (circle: GraphChanges['newCircles'][number]) =>
      circle.itemIds.map((id) => owners.get(id) ?? '');
    const blocked = await blockedAmong(tx, changes.newCircles.map(peopleOf));
    for (const circle of changes.newCircles) {
      if (blocked.has(groupKey(peopleOf(circle)))) continue;
      add(circle.userId, circle.itemIds[0], 'circle');
    }
  }
  return [...found.values()];
}

const groupKey = (people: readonly string[]) => [...people].sort().join(' ');

/**
 * Which groups of members (as `groupKey`) hold a block between two of them, in one statement:
 * each distinct group is checked once, however many circles it closes.
 */
async function blockedAmong(
  tx: Executor,
  groups: ReadonlyArray<readonly string[]>,
): Promise<Set<string>> {
  const distinct = [...new Map(groups.map((people) => [groupKey(people), people])).entries()];
  const column = (k: number) => textArray(distinct.map(([, people]) => people[k] ?? ''));
  const { rows } = await tx.execute<{ k: string }>(sql`
    select s.k from unnest(${textArray(distinct.map(([k]) => k))}, ${column(0)}, ${column(1)},
                           ${column(2)}) as s(k, a, b, c)
     where not (${notBlockedBetween(sql`s.a`, sql`s.b`)} and ${notBlockedBetween(sql`s.b`, sql`s.c`)}
                and ${notBlockedBetween(sql`s.a`, sql`s.c`)})`);
  return new Set(rows.map((row) => row.k));
}

async function ownersOf(tx: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await tx.execute<{ id: number; user_id: string }>(sql`
    select id, user_id from items where id = any(${sql.param([...new Set(ids)])}::int[])`);
  return new Map(rows.map((r) => [Number(r.id), r.user_id]));
}

type ItemFactsRow = {
  id: number;
  userId: string;
  isActive: boolean;
  mode: ListingMode;
  title: string;
};

async function itemFacts(db: Executor, ids: readonly number[]): Promise<Map<number, ItemFactsRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{
    id: number;
    user_id: string;
    is_active: boolean;
    mode: ListingMode;
    title: string;
  }>(sql`
    select id, user_id, is_active, mode, title from items where id = any(${sql.param(ids)}::int[])`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), userId: r.user_id, isActive: r.is_active, mode: r.mode, title: r.title },
    ]),
  );
}

async function requireItem(db: Executor, id: number): Promise<ItemFactsRow> {
  const item = (await itemFacts(db, [id])).get(id);
  if (!item) throw new AppError(404, ITEM_NOT_FOUND);
  return item;
}

/** GET /api/items/:id/wants: public, those on the market only. */
export async function loadWants(ctx: AppContext, itemId: number): Promise<number[]> {
  await requireItem(ctx.db, itemId);
  return findWants(ctx.db, itemId);
}

/**
 * pg_advisory_xact_lock namespace of one listing's named wants ('WANT'), the listing the second
 * key: two writers of one listing's wants take turns. (The two-key form never meets the graph's
 * one-key lock, which requests do not take.)
 */
const WANTS_LOCK = 0x57414e54;

/**
 * Writes the listings `itemId`'s owner named, in order (validated by the caller, under
 * `lockWants`). They read back at once; the graph follows once the upkeep has applied the
 * change the caller records.
 */
async function writeWants(tx: Transaction, itemId: number, wantedIds: readonly number[]) {
  await tx.execute(sql`delete from item_wants where item_id = ${itemId}`);
  if (wantedIds.length > 0) {
    await tx.execute(sql`
      insert into item_wants (item_id, wanted_item_id, position)
      select ${itemId}, w.id, w.position
        from unnest(${intArray(wantedIds)}) with ordinality as w(id, position)`);
  }
}

const lockWants = (tx: Transaction, itemId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${WANTS_LOCK}, ${itemId})`);

/**
 * Replaces what the owner would take for `itemId`, in order. Every id is checked before anything
 * is written; a refusal changes nothing.
 */
export async function replaceWants(
  ctx: AppContext,
  actor: Actor,
  itemId: number,
  wantedIds: readonly number[],
): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const listing = await requireItem(tx, itemId);
    enforce(canSetWants(actor, listing));
    const wanted = await itemFacts(tx, wantedIds);
    for (const id of wantedIds) enforce(canWant(listing, id, wanted.get(id)));
    await lockWants(tx, itemId);
    await writeWants(tx, itemId, wantedIds);
    await graphUpkeepOf(ctx).record(tx, [itemId], 'wants');
    await ctx.hooks.emit(tx, 'wants.changed', { itemIds: [itemId] });
  });
}

/**
 * Sets what a listing of another instance would be given for, as its home says (federation):
 * its home decided, so no policy of ours applies, but only listings on this instance's market
 * are named.
 */
export async function setRemoteWants(
  ctx: AppContext,
  tx: Transaction,
  itemId: number,
  wantedIds: readonly number[],
): Promise<void> {
  const wanted = await itemFacts(tx, wantedIds);
  const known = wantedIds.filter((id) => wanted.get(id)?.isActive);
  await lockWants(tx, itemId);
  await writeWants(tx, itemId, known);
  await graphUpkeepOf(ctx).record(tx, [itemId], 'wants');
}

/** Which of the actor's listings would be given for `itemId`. */
export async function loadWantedBy(
  ctx: AppContext,
  actor: Actor,
  itemId: number,
): Promise<number[]> {
  const wanted = await requireItem(ctx.db, itemId);
  enforce(canViewMatches(actor));
  if (wanted.userId === actor.id) return [];
  return findWantedBy(ctx.db, actor.id, itemId);
}

/**
 * "I'd swap for this": `itemId` joins the end of the wants of each of `mineIds` (the actor's
 * listings) and leaves those of the actor's other listings, in one transaction.
 */
export async function replaceWantedBy(
  ctx: AppContext,
  actor: Actor,
  itemId: number,
  mineIds: readonly number[],
): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const wanted = await requireItem(tx, itemId);
    enforce(canSwapFor(actor, wanted));
    const current = new Set(await findWantedBy(tx, actor.id, itemId));
    const chosen = new Set(mineIds);
    const mine = await itemFacts(tx, mineIds);
    for (const id of mineIds) {
      const listing = mine.get(id);
      if (!listing || listing.userId !== actor.id)
        throw new AppError(400, `Listing ${id} is not one of your listings`);
      enforce(canWant(listing, itemId, wanted));
    }
    const changed: number[] = [];
    for (const id of [...new Set([...current, ...chosen])].sort((a, b) => a - b)) {
      if (current.has(id) === chosen.has(id)) continue;
      await lockWants(tx, id);
      const { rows } = await tx.execute<{ id: number }>(sql`
        select wanted_item_id as id from item_wants where item_id = ${id} order by position`);
      const list = rows.map((r) => Number(r.id)).filter((w) => w !== itemId);
      if (chosen.has(id)) list.push(itemId);
      await writeWants(tx, id, list);
      changed.push(id);
    }
    await graphUpkeepOf(ctx).record(tx, changed, 'wants');
    if (changed.length > 0) await ctx.hooks.emit(tx, 'wants.changed', { itemIds: changed });
  });
}

/** GET /api/matches: what the member's listings want, mutual matches and circles. */
export async function loadMatches(ctx: AppContext, actor: Actor): Promise<MatchRows> {
  enforce(canViewMatches(actor));
  return findMatches(ctx.db, actor.id);
}

/** Mutual matches and circles that appeared since the member last opened /matches (at most 100). */
export async function countNewMatches(ctx: AppContext, actor: Actor): Promise<number> {
  enforce(canViewMatches(actor));
  return countNewMatchesOf(ctx.db, actor.id, 100);
}

/** The member opened /matches: what they see now is no longer new. */
export async function markMatchesSeen(ctx: AppContext, actor: Actor): Promise<void> {
  enforce(canViewMatches(actor));
  await ctx.db.execute(sql`
    insert into match_views (user_id, seen_at) values (${actor.id}, now())
    on conflict (user_id) do update set seen_at = excluded.seen_at`);
}
