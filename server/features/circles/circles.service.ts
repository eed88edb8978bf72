import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  CIRCLE_PROPOSAL_DAYS,
  type CircleStatus,
  type CreateCircle,
  FINAL_CIRCLE_STATUSES,
} from '../../../shared/circles.js';
import {
  CIRCLE_NOT_FOUND,
  canCancelCircle,
  canCompleteCircle,
  canConfirmReceipt,
  canDecideCircle,
  canProposeCircle,
  canViewCircle,
} from '../../../shared/policies/circles.js';
import { type Actor, requireActor } from '../../../shared/policies/decision.js';
import { giveawayNotExchanged, NO_LONGER_AVAILABLE } from '../../../shared/policies/items.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { circleLegs, circles } from '../../db/schema/circles.js';
import { items } from '../../db/schema/items.js';
import { wantEdges } from '../../db/schema/matching.js';
import { users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import type { Subscribe } from '../../infra/features.js';
import { anyBlockAmong } from '../blocks/blocks.queries.js';
import { requireCanContact } from '../blocks/blocks.service.js';
import {
  closeOpenOffers,
  lockAvailableItems,
  lockItemRows,
  releaseReservations,
  reserveItems,
} from '../items/availability.js';
import { listingsChanged } from '../items/listing-changes.js';
import { consumeOfferAllowance } from '../swaps/allowances.js';
import { nameOf } from '../users/member-name.js';
import type { CircleDecided } from './circles.events.js';
import {
  type CircleExtras,
  type CircleRecord,
  circleFacts,
  findCircleExtras,
  findCircleIdsOf,
  findCircleRecord,
  findCircleRecords,
} from './circles.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What `items.reserved_by` says while a circle holds a listing. */
export const circleHolder = (id: number) => `circle:${id}`;
export const circleLink = (id: number) => `/circles/${id}`;

/** One loop, whichever listing it is written from: its ids rotated to start at the smallest. */
export function loopKey(itemIds: readonly number[]): string {
  const start = itemIds.indexOf(Math.min(...itemIds));
  return [...itemIds.slice(start), ...itemIds.slice(0, start)].join(',');
}

/** The circle's members: each gives one listing (and receives one). */
export const participantsOf = (record: CircleRecord) => record.legs.map((leg) => leg.giverId);
const itemsOf = (record: CircleRecord) => record.legs.map((leg) => leg.itemId);

/** Tells the participants, in `tx`: a notification (through the hook) and a live event on commit. */
async function announce(
  ctx: AppContext,
  tx: Transaction,
  record: CircleRecord,
  decision: CircleDecided['decision'],
  actorId: string | null,
  reason?: string,
): Promise<void> {
  const userIds = participantsOf(record);
  await ctx.hooks.emit(tx, 'circle.decided', {
    circleId: record.circle.id,
    userIds,
    actorId,
    decision,
    link: circleLink(record.circle.id),
    ...(reason === undefined ? {} : { reason }),
  });
  await ctx.events.publishIn(tx, userIds, { type: 'circle', circleId: record.circle.id });
}

/**
 * Proposes a loop found in the want graph: 3 or 4 listings of distinct members, one of them the
 * proposer's, each one's owner wanting the next (and the last's wanting the first), all on the
 * market. The proposer accepts by proposing; the others are asked.
 */
export async function proposeCircle(
  ctx: AppContext,
  proposer: Actor,
  input: CreateCircle,
): Promise<number> {
  enforce(requireActor(proposer));
  await consumeOfferAllowance(ctx, proposer);
  return storeCircle(
    ctx,
    proposer,
    input.itemIds,
    new Date(Date.now() + CIRCLE_PROPOSAL_DAYS * DAY_MS),
  );
}

/**
 * Stores a proposal of the loop `ids` by `proposer` under every rule of a circle (its listings
 * on the market and free, one listing a member, no block among them, no give-away, each step a
 * want), announced as proposed. Also the path of a proposal that another instance coordinates
 * (issue 39 §2, federation/circles-inbound.ts): its proposer is then a member of that instance,
 * and `expiresAt` the coordinator's.
 */
export async function storeCircle(
  ctx: AppContext,
  proposer: Actor,
  ids: readonly number[],
  expiresAt: Date,
): Promise<number> {
  try {
    return await transact(ctx.db, async (tx) => {
      const locked = await lockAvailableItems(tx, ids, acrossInstances(ctx));
      const byId = new Map(locked.map((row) => [row.id, row]));
      const listing = (id: number) => {
        const row = byId.get(id);
        if (!row) throw new AppError(404, 'Item not found');
        return row;
      };
      const owners = ids.map((id) => listing(id).userId);
      enforce(canProposeCircle(proposer, owners));
      await requireCanContact(tx, proposer.id, owners);
      // Members who blocked one another cannot trade in one circle (the proposer was asked first).
      if (await anyBlockAmong(tx, owners))
        throw new AppError(409, 'The members of this circle cannot all trade with one another');
      await refuseGiveaways(tx, ids);
      await requireWantEdges(tx, ids, (id) => listing(id).title);

      // A lapsed proposal of this loop no longer holds it, though the timer may not have
      // recorded it yet (reads, /api/matches too, already treat it as expired).
      const itemKey = loopKey(ids);
      await recordLapses(ctx, tx, itemKey);
      const now = Date.now();
      const [created] = await tx
        .insert(circles)
        .values({ proposerId: proposer.id, itemKey, expiresAt })
        .returning({ id: circles.id });
      if (!created) throw new Error('circle insert returned nothing');
      const n = ids.length;
      await tx.insert(circleLegs).values(
        ids.map((itemId, position) => {
          const giverId = owners[position] as string;
          const mine = giverId === proposer.id;
          return {
            circleId: created.id,
            position,
            itemId,
            giverId,
            // The owner of the listing before this one wanted it.
            receiverId: owners[(position - 1 + n) % n] as string,
            decision: mine ? ('accepted' as const) : ('pending' as const),
            decidedAt: mine ? new Date(now) : null,
          };
        }),
      );
      const record = await findCircleRecord(tx, created.id);
      if (!record) throw new Error('circle vanished');
      await announce(ctx, tx, record, 'proposed', proposer.id);
      return created.id;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'circles_open_item_key_idx')
      throw new AppError(409, 'This circle has already been proposed; it is in your circles');
    throw error;
  }
}

/**
 * Issue 39 §2: while this instance federates, a circle may name listings of other instances
 * (federation/circles-store.ts refuses it unless their instances and ours follow each other).
 */
const acrossInstances = (ctx: AppContext) => ({ acrossInstances: ctx.config.federation.enabled });

/**
 * A circle whose proposer is a member of another instance is coordinated there (issue 39 §2):
 * this instance records its own members' moves and sends them, and the coordinator's state
 * (federation/circles-inbound.ts, settleCircle) decides when it is agreed or completed.
 */
async function coordinatedElsewhere(tx: Transaction, record: CircleRecord): Promise<boolean> {
  const [proposer] = await tx
    .select({ originInstanceId: users.originInstanceId })
    .from(users)
    .where(eq(users.id, record.circle.proposerId));
  return proposer?.originInstanceId != null;
}

/**
 * Every listing of a circle is given for the next one: a give-away, whose owner wants nothing
 * back, cannot be (the graph has no want from it either; this says why).
 */
async function refuseGiveaways(tx: Transaction, ids: readonly number[]): Promise<void> {
  const [given] = await tx
    .select({ title: items.title })
    .from(items)
    .where(and(inArray(items.id, [...ids]), eq(items.mode, 'giveaway')))
    .limit(1);
  if (given) throw new AppError(409, giveawayNotExchanged(given.title, 'be part of a circle'));
}

/** Every step of the loop must be a want the graph holds now. */
async function requireWantEdges(
  tx: Transaction,
  ids: readonly number[],
  titleOf: (id: number) => string,
): Promise<void> {
  const steps = ids.map((from, k) => [from, ids[(k + 1) % ids.length] as number] as const);
  const edges = await tx
    .select({ from: wantEdges.fromItemId, to: wantEdges.toItemId })
    .from(wantEdges)
    .where(inArray(wantEdges.fromItemId, [...ids]));
  const present = new Set(edges.map((edge) => `${edge.from}>${edge.to}`));
  for (const [from, to] of steps) {
    if (!present.has(`${from}>${to}`)) {
      throw new AppError(
        409,
        `The owner of “${titleOf(from)}” does not want “${titleOf(to)}”, so this is not a circle`,
      );
    }
  }
}

/** A circle as `viewer` sees it (404 to anyone but its participants). */
export async function loadCircle(
  ctx: AppContext,
  viewer: Actor,
  id: number,
): Promise<{ record: CircleRecord; extras: CircleExtras }> {
  const record = await requireCircle(ctx, viewer, id);
  return { record, extras: await findCircleExtras(ctx.db, [record], viewer.id) };
}

export async function listCircles(
  ctx: AppContext,
  viewer: Actor,
  options: { status?: CircleStatus },
): Promise<{ records: CircleRecord[]; extras: CircleExtras }> {
  const ids = await findCircleIdsOf(ctx.db, viewer.id, { ...options, limit: 100 });
  const records = await findCircleRecords(ctx.db, ids);
  return { records, extras: await findCircleExtras(ctx.db, records, viewer.id) };
}

/** Reads the circle for a view or a move, or refuses as the policy says (404) before any lock. */
async function requireCircle(ctx: AppContext, actor: Actor, id: number): Promise<CircleRecord> {
  const record = await findCircleRecord(ctx.db, id);
  enforce(canViewCircle(actor, record));
  if (!record) throw new AppError(404, CIRCLE_NOT_FOUND);
  return record;
}

/** The circle's row locked, after its listings: the lock order every trade follows. */
async function lockCircle(tx: Transaction, id: number): Promise<CircleRecord> {
  const record = await findCircleRecord(tx, id, { lock: true });
  if (!record) throw new AppError(404, CIRCLE_NOT_FOUND);
  return record;
}

/**
 * Accept or decline. The last accept reserves every listing of the loop for it: listings are
 * locked first (in id order) and must be free, so of two circles sharing a listing whose last
 * accepts race, one is accepted and the other refused.
 */
export async function decideCircle(
  ctx: AppContext,
  actor: Actor,
  id: number,
  decision: 'accept' | 'decline',
): Promise<void> {
  const seen = await requireCircle(ctx, actor, id);
  enforce(canDecideCircle(actor, circleFacts(seen), decision, new Date()));
  // A block between the actor and another participant: no accepting (403); declining, the way
  // out, stays open to both.
  if (decision === 'accept') await requireCanContact(ctx.db, actor.id, participantsOf(seen));
  await transact(ctx.db, async (tx) => {
    if (decision === 'accept') {
      await lockAvailableItems(tx, itemsOf(seen), {
        heldBy: circleHolder(id),
        ...acrossInstances(ctx),
      });
    }
    const record = await lockCircle(tx, id);
    enforce(canDecideCircle(actor, circleFacts(record), decision, new Date()));
    await tx
      .update(circleLegs)
      .set({ decision: decision === 'accept' ? 'accepted' : 'declined', decidedAt: sql`now()` })
      .where(and(eq(circleLegs.circleId, id), eq(circleLegs.giverId, actor.id)));

    if (decision === 'decline') {
      await closeCircle(tx, id, 'declined', `Declined by ${await nameOf(tx, actor.id)}`);
      await announce(ctx, tx, record, 'declined', actor.id);
      return;
    }
    const everyone = record.legs.every(
      (leg) => leg.giverId === actor.id || leg.decision === 'accepted',
    );
    if (!everyone || (await coordinatedElsewhere(tx, record))) {
      await touchCircle(tx, id);
      await announce(ctx, tx, record, 'accepted', actor.id);
      return;
    }
    await reserveItems(tx, itemsOf(record), circleHolder(id), acrossInstances(ctx));
    await tx
      .update(circles)
      .set({ status: 'accepted', acceptedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(circles.id, id));
    await announce(ctx, tx, record, 'confirmed', actor.id);
  });
}

/** Something in the circle changed: it moves to the top of its members' lists. */
export async function touchCircle(tx: Transaction, id: number): Promise<void> {
  await tx.update(circles).set({ updatedAt: sql`now()` }).where(eq(circles.id, id));
}

async function closeCircle(
  tx: Transaction,
  id: number,
  status: (typeof FINAL_CIRCLE_STATUSES)[number],
  reason: string | null,
): Promise<void> {
  await tx
    .update(circles)
    .set({ status, closedReason: reason, closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(circles.id, id));
}

/**
 * The actor has the listing they were to receive. The last receipt completes the circle: its
 * listings leave the market, their reservations and every other open offer on them end, and each
 * participant's swap count goes up.
 */
export async function confirmReceipt(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const seen = await requireCircle(ctx, actor, id);
  enforce(canConfirmReceipt(actor, circleFacts(seen), new Date()));
  const listings = itemsOf(seen);
  await transact(ctx.db, async (tx) => {
    await lockItemRows(tx, listings);
    const record = await lockCircle(tx, id);
    enforce(canConfirmReceipt(actor, circleFacts(record), new Date()));
    await tx
      .update(circleLegs)
      .set({ receivedAt: sql`now()` })
      .where(and(eq(circleLegs.circleId, id), eq(circleLegs.receiverId, actor.id)));
    await ctx.hooks.emit(tx, 'circle.received', { circleId: id, actorId: actor.id });
    const everyone = record.legs.every((leg) => leg.receiverId === actor.id || leg.receivedAt);
    if (!everyone || (await coordinatedElsewhere(tx, record))) {
      await touchCircle(tx, id);
      await ctx.events.publishIn(tx, participantsOf(record), { type: 'circle', circleId: id });
      return;
    }
    await completeCircle(ctx, tx, record);
  });
}

/** Every leg received, in `tx` under the listings' locks: the circle is carried out. */
async function completeCircle(ctx: AppContext, tx: Transaction, record: CircleRecord) {
  const id = record.circle.id;
  const listings = itemsOf(record);
  await closeCircle(tx, id, 'completed', null);
  const deactivated = await tx
    .update(items)
    .set({ isActive: false, reservedBy: null, updatedAt: sql`now()` })
    .where(inArray(items.id, listings))
    .returning({ id: items.id, userId: items.userId });
  await listingsChanged(ctx, tx, 'deactivated', deactivated);
  await closeOpenOffers(ctx, tx, listings);
  await ctx.hooks.emit(tx, 'circle.completed', { circleId: id, userIds: participantsOf(record) });
  await announce(ctx, tx, record, 'completed', null);
}

/** An accepted circle is called off before any listing is received; its listings are free again. */
export async function cancelCircle(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason: string,
): Promise<void> {
  const seen = await requireCircle(ctx, actor, id);
  enforce(canCancelCircle(actor, circleFacts(seen), new Date()));
  await transact(ctx.db, async (tx) => {
    await lockItemRows(tx, itemsOf(seen));
    const record = await lockCircle(tx, id);
    enforce(canCancelCircle(actor, circleFacts(record), new Date()));
    await closeCircle(tx, id, 'cancelled', `Cancelled by ${await nameOf(tx, actor.id)}: ${reason}`);
    await releaseReservations(tx, circleHolder(id));
    await announce(ctx, tx, record, 'cancelled', actor.id, reason);
  });
}

/** `{ status: "completed" }`: always refused, with what to do instead. */
export async function refuseCompletion(ctx: AppContext, actor: Actor, id: number): Promise<never> {
  const record = await requireCircle(ctx, actor, id);
  enforce(canCompleteCircle(actor, circleFacts(record), new Date()));
  throw new Error('canCompleteCircle allowed a completion');
}

/**
 * Records expired proposals (reads already treat them as expired) and tells their members. Safe on
 * several app servers at once: the conditional UPDATE hands each proposal to one of them.
 */
export async function expireCircles(ctx: AppContext): Promise<number> {
  return transact(ctx.db, (tx) => recordLapses(ctx, tx));
}

/** Records, in `tx`, the lapse of every expired proposal (of one loop, given its key). */
async function recordLapses(ctx: AppContext, tx: Transaction, itemKey?: string): Promise<number> {
  const expired = await tx
    .update(circles)
    .set({ status: 'expired', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(circles.status, 'proposed'),
        sql`${circles.expiresAt} <= now()`,
        itemKey === undefined ? undefined : eq(circles.itemKey, itemKey),
      ),
    )
    .returning({ id: circles.id });
  const records = await findCircleRecords(
    tx,
    expired.map((row) => row.id),
  );
  for (const record of records) await announce(ctx, tx, record, 'expired', null);
  return records.length;
}

/**
 * A listing left the market (swapped elsewhere, withdrawn, deleted) or became a give-away: the
 * proposals naming it can no longer happen, and an accepted circle whose listing was deleted is
 * called off. (A listing an accepted circle holds cannot be edited: it never becomes a
 * give-away under one.)
 */
export function circleListeners(ctx: AppContext, on: Subscribe): void {
  on('item.changed', async (tx, change) => {
    if (change.kind === 'updated') {
      return callOff(
        ctx,
        tx,
        change.itemId,
        and(eq(circles.status, 'proposed'), eq(items.mode, 'giveaway')),
        (title) => giveawayNotExchanged(title, 'be part of a circle'),
      );
    }
    if (change.kind !== 'deactivated' && change.kind !== 'deleted') return;
    const deleted = change.kind === 'deleted';
    await callOff(
      ctx,
      tx,
      change.itemId,
      deleted ? inArray(circles.status, ['proposed', 'accepted']) : eq(circles.status, 'proposed'),
      (title) => (deleted ? `“${title}” was withdrawn by its owner` : NO_LONGER_AVAILABLE),
    );
  });
}

/**
 * Cancels the circles naming `itemId` that `which` picks (over circles and the listing), saying
 * why.
 */
async function callOff(
  ctx: AppContext,
  tx: Transaction,
  itemId: number,
  which: SQL | undefined,
  reason: (title: string) => string,
): Promise<void> {
  const affected = await tx
    .select({ id: circles.id, title: items.title })
    .from(circleLegs)
    .innerJoin(circles, eq(circles.id, circleLegs.circleId))
    .innerJoin(items, eq(items.id, circleLegs.itemId))
    .where(and(eq(circleLegs.itemId, itemId), which));
  for (const circle of affected) {
    const record = await findCircleRecord(tx, circle.id, { lock: true });
    if (!record || FINAL_CIRCLE_STATUSES.includes(record.circle.status)) continue;
    await closeCircle(tx, circle.id, 'cancelled', reason(circle.title));
    await releaseReservations(tx, circleHolder(circle.id));
    await announce(ctx, tx, record, 'cancelled', null);
  }
}

/** A circle's state as its coordinator sends it (issue 39 §2): legs by their position. */
export type CoordinatorState = {
  status: CircleStatus;
  accepted: readonly number[];
  declined: readonly number[];
  received: readonly number[];
  reason: string | null;
};

/**
 * Applies, on a participant's instance, the state its coordinator decided: each leg's decision
 * and receipt (forward only: a replay or a late state changes nothing), then the circle's status.
 * Agreed, this instance reserves the listings it holds of the circle, its own through the one
 * path of availability.ts; when one of them is no longer free here (traded meanwhile), the
 * circle is cancelled here and the refusal returned, for the coordinator to cancel it everywhere.
 */
export async function settleCircle(
  ctx: AppContext,
  id: number,
  state: CoordinatorState,
): Promise<{ refused: string } | null> {
  const seen = await findCircleRecord(ctx.db, id);
  if (!seen) return null;
  return transact(ctx.db, async (tx) => {
    await lockItemRows(tx, itemsOf(seen));
    const record = await lockCircle(tx, id);
    for (const leg of record.legs) {
      const decision = state.accepted.includes(leg.position)
        ? ('accepted' as const)
        : state.declined.includes(leg.position)
          ? ('declined' as const)
          : null;
      if (decision && leg.decision === 'pending')
        await tx
          .update(circleLegs)
          .set({ decision, decidedAt: sql`now()` })
          .where(and(eq(circleLegs.circleId, id), eq(circleLegs.position, leg.position)));
      if (state.received.includes(leg.position) && !leg.receivedAt)
        await tx
          .update(circleLegs)
          .set({ receivedAt: sql`now()` })
          .where(and(eq(circleLegs.circleId, id), eq(circleLegs.position, leg.position)));
    }
    const was = record.circle.status;
    const to = state.status;
    // Ended here is ended: only a completion, the coordinator's last word, overrides.
    const ended = FINAL_CIRCLE_STATUSES.includes(was);
    if (to === was || (ended && to !== 'completed') || to === 'proposed') {
      await touchCircle(tx, id);
      await ctx.events.publishIn(tx, participantsOf(record), { type: 'circle', circleId: id });
      return null;
    }
    if (to === 'completed') {
      await completeCircle(ctx, tx, record);
      return null;
    }
    if (to === 'accepted') {
      try {
        await reserveItems(tx, itemsOf(record), circleHolder(id), acrossInstances(ctx));
      } catch (error) {
        // Thrown before any write: the transaction goes on, to record the refusal.
        if (!(error instanceof AppError)) throw error;
        await closeCircle(tx, id, 'cancelled', error.message);
        await releaseReservations(tx, circleHolder(id));
        await announce(ctx, tx, record, 'cancelled', null);
        return { refused: error.message };
      }
      await tx
        .update(circles)
        .set({ status: 'accepted', acceptedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(circles.id, id));
      await announce(ctx, tx, record, 'confirmed', null);
      return null;
    }
    await closeCircle(tx, id, to, state.reason);
    await releaseReservations(tx, circleHolder(id));
    await announce(ctx, tx, record, to, null);
    return null;
  });
}

/**
 * The coordinator ends a circle that cannot go on (issue 39 §2): an instance of it refused it
 * (a listing not free at its home, a rule of its own), so it is declined while proposed and
 * cancelled once agreed; or an instance stopped answering (`silent`), and it expires. Its
 * reservations are released. False when it had already ended.
 */
export async function endCircle(
  ctx: AppContext,
  id: number,
  why: 'refused' | 'silent',
  reason: string,
): Promise<boolean> {
  const seen = await findCircleRecord(ctx.db, id);
  if (!seen) return false;
  return transact(ctx.db, async (tx) => {
    await lockItemRows(tx, itemsOf(seen));
    const record = await lockCircle(tx, id);
    const was = record.circle.status;
    if (FINAL_CIRCLE_STATUSES.includes(was)) return false;
    const to = why === 'silent' ? 'expired' : was === 'proposed' ? 'declined' : 'cancelled';
    await closeCircle(tx, id, to, reason);
    await releaseReservations(tx, circleHolder(id));
    await announce(ctx, tx, record, to, null);
    return true;
  });
}
