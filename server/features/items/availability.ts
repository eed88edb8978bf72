import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ListingMode } from '../../../shared/item-display.js';
import { canTradeItem, NO_LONGER_AVAILABLE } from '../../../shared/policies/items.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { circleLegs } from '../../db/schema/circles.js';
import { items } from '../../db/schema/items.js';
import { roundEntries } from '../../db/schema/rounds.js';
import { swapRequestItems, swapRequests } from '../../db/schema/swaps.js';
import { AppError, enforce } from '../../errors.js';
import { listingsChanged } from './listing-changes.js';
import { ownerNotSuspended } from './on-market.js';

/**
 * One item, one swap. Every trade that moves listings between members (an offer being accepted,
 * completed or cancelled, a circle, a round) goes through these functions, inside its own
 * transaction:
 *
 * ```ts
 * await transact(ctx.db, async (tx) => {
 *   await lockAvailableItems(tx, [itemA, itemB]);           // first: rows locked, 409 if not free
 *   // … lock and update your own rows (offer, circle, legs) …
 *   await reserveItems(tx, [itemA, itemB], offerHolder(id)); // promised to this trade
 *   const closed = await closeOpenOffers(ctx, tx, [itemA, itemB], { except: { swapRequestId } });
 * });
 * ```
 *
 * Lock order: listings first (always in id order), then the trade's own rows. Everything that
 * locks both follows it, so two trades on the same listing wait for each other instead of
 * deadlocking, and the second sees what the first did.
 *
 * Reservations: `items.reserved_by` names the trade holding a listing (`offer:5`, `circle:12`,
 * `round:3`), one holder at a time, set and cleared under the same row lock (`reserveItems`,
 * `releaseReservations`). A column rather than a table because a listing can be promised to one
 * trade only: the column makes a second holder impossible rather than something to check.
 * Issue 38: an accepted offer reserves every listing it names, on both sides, until it is
 * completed or cancelled (SPEC §4 had no way back from 'accepted', so offers used not to reserve
 * and two accepted offers could promise one listing to two members; either party may now cancel
 * an accepted offer, which frees its listings). Completion takes them off the market and closes
 * every other open offer on them.
 */

/** What `items.reserved_by` says while an accepted offer holds a listing. */
export const offerHolder = (swapRequestId: number) => `offer:${swapRequestId}`;

export const ITEM_NOT_FOUND = 'Item not found';

export type LockedItem = {
  id: number;
  userId: string;
  title: string;
  isActive: boolean;
  reservedBy: string | null;
  /** Read under the lock, for what an offer accepted now may hold (canAcceptOffer). */
  mode: ListingMode;
};

/**
 * Locks `itemIds` (SELECT … FOR UPDATE, in id order) and refuses with 409 and the listing's
 * title unless each is active, not deleted and not reserved by anyone but `heldBy`; 404 when
 * one does not exist. Returns the locked rows in id order. `share` takes FOR SHARE locks instead,
 * for a write that only needs the listings to stay as they are until it commits (a new offer):
 * many such writes go at once, and a trade that takes them FOR UPDATE waits for each.
 */
export async function lockAvailableItems(
  tx: Transaction,
  itemIds: readonly number[],
  options: { heldBy?: string; share?: boolean; acrossInstances?: boolean } = {},
): Promise<LockedItem[]> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: items.id,
      userId: items.userId,
      title: items.title,
      isActive: items.isActive,
      deletedAt: items.deletedAt,
      reservedBy: items.reservedBy,
      mode: items.mode,
      ownerSuspended: sql<boolean>`not ${ownerNotSuspended()}`,
      remote: sql<boolean>`${items.originInstanceId} is not null`,
    })
    .from(items)
    .where(inArray(items.id, ids))
    .orderBy(asc(items.id))
    .for(options.share ? 'share' : 'update');
  if (rows.length !== ids.length) throw new AppError(404, ITEM_NOT_FOUND);
  for (const row of rows) {
    enforce(
      canTradeItem({ ...row, deleted: row.deletedAt !== null }, options.heldBy, {
        acrossInstances: options.acrossInstances,
      }),
    );
  }
  return rows.map(
    ({ deletedAt: _deletedAt, ownerSuspended: _suspended, remote: _remote, ...row }) => row,
  );
}

/**
 * Locks `itemIds` (FOR UPDATE, in id order) whatever their state: for a trade that already holds
 * them (a circle confirming receipts or being cancelled) and must keep the lock order.
 */
export async function lockItemRows(tx: Transaction, itemIds: readonly number[]): Promise<void> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .select({ id: items.id })
    .from(items)
    .where(inArray(items.id, ids))
    .orderBy(asc(items.id))
    .for('update');
}

/**
 * Holds available listings for a trade in progress (`holder` like `offer:5`, `circle:12`);
 * returns them.
 */
export async function reserveItems(
  tx: Transaction,
  itemIds: readonly number[],
  holder: string,
  options: { acrossInstances?: boolean } = {},
): Promise<Array<{ id: number; userId: string }>> {
  await lockAvailableItems(tx, itemIds, { heldBy: holder, ...options });
  return tx
    .update(items)
    .set({ reservedBy: holder, updatedAt: sql`now()` })
    .where(inArray(items.id, [...itemIds]))
    .returning({ id: items.id, userId: items.userId });
}

/**
 * Lets go of every listing `holders` reserved (the trade completed, expired, was declined or
 * cancelled); returns the listings let go.
 */
export async function releaseReservations(
  tx: Transaction,
  ...holders: string[]
): Promise<Array<{ id: number; userId: string }>> {
  if (holders.length === 0) return [];
  return tx
    .update(items)
    .set({ reservedBy: null })
    .where(inArray(items.reservedBy, holders))
    .returning({ id: items.id, userId: items.userId });
}

/**
 * Whether an offer, a swap circle or a swap round names the listing: then it is hidden rather than deleted, so
 * that the trade, its chat and its ratings keep what they were about.
 */
export async function isNamedByTrade(tx: Transaction, itemId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ named: boolean }>(sql`
    select exists (select 1 from ${swapRequests}
                    where ${swapRequests.itemId} = ${itemId} or ${swapRequests.offeredItemId} = ${itemId})
        or exists (select 1 from ${swapRequestItems} where ${swapRequestItems.itemId} = ${itemId})
        or exists (select 1 from ${circleLegs} where ${circleLegs.itemId} = ${itemId})
        or exists (select 1 from ${roundEntries} where ${roundEntries.itemId} = ${itemId}) as named`);
  return rows[0]?.named === true;
}

export type ClosedOffer = { id: number; fromUserId: string; toUserId: string };

/**
 * Closes every open (pending or accepted) offer that names one of `itemIds`, asking or offered,
 * in any place of its sides (swap_request_items), except the trade's own: rejected, with
 * `reason` kept for the offer card. An accepted one lets go of the listings it held (the rest of
 * its bundle is free again). Both members of each closed offer are told through the live events
 * when the transaction commits; `swaps.closed` tells the domain listeners (an offer closed
 * unanswered does not count against its receiver).
 */
export async function closeOpenOffers(
  ctx: AppContext,
  tx: Transaction,
  itemIds: readonly number[],
  options: { reason?: string; except?: { swapRequestId?: number } } = {},
): Promise<ClosedOffer[]> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return [];
  const except = options.except?.swapRequestId;
  return closeOffersWhere(
    ctx,
    tx,
    and(
      // Every offer has a row per listing (the first ones written by a trigger, migration
      // 0030): one index lookup finds them wherever the listing is named.
      inArray(
        swapRequests.id,
        tx
          .select({ id: swapRequestItems.requestId })
          .from(swapRequestItems)
          .where(inArray(swapRequestItems.itemId, ids)),
      ),
      except === undefined ? undefined : ne(swapRequests.id, except),
    ),
    options.reason ?? NO_LONGER_AVAILABLE,
  );
}

/**
 * Closes every open offer `memberId` is a party to, whatever it names (an erased account's
 * requests that offer nothing of theirs too), the same way as closeOpenOffers.
 */
export function closeOffersOfMember(
  ctx: AppContext,
  tx: Transaction,
  memberId: string,
  reason: string,
): Promise<ClosedOffer[]> {
  return closeOffersWhere(
    ctx,
    tx,
    or(eq(swapRequests.fromUserId, memberId), eq(swapRequests.toUserId, memberId)),
    reason,
  );
}

async function closeOffersWhere(
  ctx: AppContext,
  tx: Transaction,
  which: SQL | undefined,
  reason: string,
): Promise<ClosedOffer[]> {
  const closed = await tx
    .update(swapRequests)
    .set({ status: 'rejected', closedReason: reason, updatedAt: sql`now()` })
    .where(and(which, inArray(swapRequests.status, ['pending', 'accepted'])))
    .returning({
      id: swapRequests.id,
      fromUserId: swapRequests.fromUserId,
      toUserId: swapRequests.toUserId,
    });
  const released = await releaseReservations(tx, ...closed.map((offer) => offerHolder(offer.id)));
  await listingsChanged(ctx, tx, 'released', released);
  for (const offer of closed) {
    await ctx.events.publishIn(tx, [offer.fromUserId, offer.toUserId], {
      type: 'swap-request',
      swapRequestId: offer.id,
    });
  }
  if (closed.length > 0) {
    await ctx.hooks.emit(tx, 'swaps.closed', { swapRequestIds: closed.map((offer) => offer.id) });
  }
  return closed;
}
