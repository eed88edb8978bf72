import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { canTradeItem, NO_LONGER_AVAILABLE } from '../../../shared/policies/items.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { circleLegs } from '../../db/schema/circles.js';
import { items } from '../../db/schema/items.js';
import { roundEntries } from '../../db/schema/rounds.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { AppError, enforce } from '../../errors.js';
import { ownerNotSuspended } from './on-market.js';

/**
 * One item, one swap. Every trade that moves listings between members (an offer being accepted
 * or completed, and later a circle or a round) goes through these functions, inside its own
 * transaction:
 *
 * ```ts
 * await transact(ctx.db, async (tx) => {
 *   await lockAvailableItems(tx, [itemA, itemB]);           // first: rows locked, 409 if not free
 *   // … lock and update your own rows (offer, circle, legs) …
 *   const closed = await closeOpenOffers(ctx, tx, [itemA, itemB], { except: { swapRequestId } });
 * });
 * ```
 *
 * Lock order: listings first (always in id order), then the trade's own rows. Everything that
 * locks both follows it, so two trades on the same listing wait for each other instead of
 * deadlocking, and the second sees what the first did.
 *
 * Reservations: `items.reserved_by` names the trade holding a listing (`circle:12`, `round:3`),
 * one holder at a time, set and cleared under the same row lock (`reserveItems`,
 * `releaseReservations`). A column rather than a table because a listing can be promised to one
 * trade only: the column makes a second holder impossible rather than something to check.
 * Offers do not reserve: SPEC §4 has no way back from 'accepted', so an accepted offer that
 * reserved its listing could hold it forever; completion is the point of no return, and it
 * closes every other open offer on the listings.
 */

export const ITEM_NOT_FOUND = 'Item not found';

export type LockedItem = {
  id: number;
  userId: string;
  title: string;
  isActive: boolean;
  reservedBy: string | null;
};

/**
 * Locks `itemIds` (SELECT … FOR UPDATE, in id order) and refuses with 409 and the listing's
 * title unless each is active, not deleted and not reserved by anyone but `heldBy`; 404 when
 * one does not exist. Returns the locked rows in id order.
 */
export async function lockAvailableItems(
  tx: Transaction,
  itemIds: readonly number[],
  options: { heldBy?: string } = {},
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
      ownerSuspended: sql<boolean>`not ${ownerNotSuspended()}`,
      remote: sql<boolean>`${items.originInstanceId} is not null`,
    })
    .from(items)
    .where(inArray(items.id, ids))
    .orderBy(asc(items.id))
    .for('update');
  if (rows.length !== ids.length) throw new AppError(404, ITEM_NOT_FOUND);
  for (const row of rows) {
    enforce(canTradeItem({ ...row, deleted: row.deletedAt !== null }, options.heldBy));
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

/** Holds available listings for a trade in progress (`holder` like `circle:12`). */
export async function reserveItems(
  tx: Transaction,
  itemIds: readonly number[],
  holder: string,
): Promise<void> {
  await lockAvailableItems(tx, itemIds, { heldBy: holder });
  await tx
    .update(items)
    .set({ reservedBy: holder, updatedAt: sql`now()` })
    .where(inArray(items.id, [...itemIds]));
}

/** Lets go of every listing `holder` reserved (the trade completed, expired or was declined). */
export async function releaseReservations(tx: Transaction, holder: string): Promise<void> {
  await tx.update(items).set({ reservedBy: null }).where(eq(items.reservedBy, holder));
}

/**
 * Whether an offer, a swap circle or a swap round names the listing: then it is hidden rather than deleted, so
 * that the trade, its chat and its ratings keep what they were about.
 */
export async function isNamedByTrade(tx: Transaction, itemId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ named: boolean }>(sql`
    select exists (select 1 from ${swapRequests}
                    where ${swapRequests.itemId} = ${itemId} or ${swapRequests.offeredItemId} = ${itemId})
        or exists (select 1 from ${circleLegs} where ${circleLegs.itemId} = ${itemId})
        or exists (select 1 from ${roundEntries} where ${roundEntries.itemId} = ${itemId}) as named`);
  return rows[0]?.named === true;
}

export type ClosedOffer = { id: number; fromUserId: string; toUserId: string };

/**
 * Closes every open (pending or accepted) offer that names one of `itemIds`, asking or offered,
 * except the trade's own: rejected, with `reason` kept for the offer card. Both members of each
 * closed offer are told through the live events when the transaction commits; `swaps.closed`
 * tells the domain listeners (an offer closed unanswered does not count against its receiver).
 */
export async function closeOpenOffers(
  ctx: Pick<AppContext, 'events' | 'hooks'>,
  tx: Transaction,
  itemIds: readonly number[],
  options: { reason?: string; except?: { swapRequestId?: number } } = {},
): Promise<ClosedOffer[]> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return [];
  const except = options.except?.swapRequestId;
  const closed = await tx
    .update(swapRequests)
    .set({
      status: 'rejected',
      closedReason: options.reason ?? NO_LONGER_AVAILABLE,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        or(inArray(swapRequests.itemId, ids), inArray(swapRequests.offeredItemId, ids)),
        inArray(swapRequests.status, ['pending', 'accepted']),
        except === undefined ? undefined : ne(swapRequests.id, except),
      ),
    )
    .returning({
      id: swapRequests.id,
      fromUserId: swapRequests.fromUserId,
      toUserId: swapRequests.toUserId,
    });
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
