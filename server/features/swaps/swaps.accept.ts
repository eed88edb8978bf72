import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  fairChanceRefusal,
  GIVEAWAY_NOT_CHOSEN,
  NO_REQUESTS_TO_DRAW,
  NOT_A_GIVEAWAY,
  ONLY_REQUESTS_OFFERING,
} from '../../../shared/giveaways.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { canDrawGiveaway } from '../../../shared/policies/items.js';
import { canAcceptOffer, type OfferSides } from '../../../shared/policies/swaps.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { swapRequestItems, swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import {
  ITEM_NOT_FOUND,
  lockAvailableItems,
  offerHolder,
  reserveItems,
} from '../items/availability.js';
import { listingsChanged } from '../items/listing-changes.js';
import { findOfferSides } from './swaps.queries.js';

/**
 * Accepting an offer, the one path of a manual accept (swaps.service's moveSwapRequest) and of a
 * give-away's draw (issue 38 §2), which must decide alike: kept apart from the other moves so
 * that both read the same rules.
 */

/**
 * Issue 39 §1, the swaps' one hook into federation: while this instance federates, an offer and
 * its acceptance may name listings of another community (the federation feature carries them
 * there, and refuses them unless the two communities follow each other, as the offer is stored).
 * Its completion passes it too (the listings it holds); counter-offers, circles and rounds do not,
 * so they still refuse them.
 */
export const acrossInstances = (ctx: AppContext) => ({
  acrossInstances: ctx.config.federation.enabled,
});

type GiveawayWindow = { id: number; title: string; open: boolean; until: Date | null };

/**
 * The give-away among `listings` (a request for one names it alone), read under the listings'
 * row locks, with whether its fair chance is still running and until when; null for a swap.
 */
async function giveawayAmong(
  tx: Transaction,
  listings: readonly number[],
): Promise<GiveawayWindow | null> {
  if (listings.length === 0) return null;
  const until = sql`${items.giveawaySince} + make_interval(hours => ${items.fairChanceHours})`;
  const [row] = await tx
    .select({
      id: items.id,
      title: items.title,
      until: sql<string | null>`${until}`,
      open: sql<boolean>`coalesce(now() < ${until}, false)`,
    })
    .from(items)
    .where(and(inArray(items.id, [...listings]), eq(items.mode, 'giveaway')))
    .limit(1);
  return row ? { ...row, until: row.until ? new Date(row.until) : null } : null;
}

/**
 * Accepts the pending offer `id` (its receiver `actorId`): every listing locked first (id order)
 * and checked free, then what it holds checked (canAcceptOffer: a request for a give-away that
 * names listings offered, or an offer putting up a give-away, both possible in offers made
 * before migration 0032, is refused), then, for a request on a give-away, its fair chance over
 * (409 "Requests stay open until …" inside it); the offer moved pending → accepted (atomic on its status), its
 * listings reserved for it (`offer:ID`); for a give-away, every other pending request on it
 * declined kindly (GIVEAWAY_NOT_CHOSEN), each requester notified (`request-not-chosen`). Null
 * when the offer was no longer pending. A manual accept and a draw both come here.
 */
export async function acceptLocked(
  ctx: AppContext,
  tx: Transaction,
  actorId: string,
  id: number,
  sides: OfferSides,
) {
  const holder = offerHolder(id);
  const listings = [...sides.itemIds, ...sides.offeredItemIds];
  const locked = new Map(
    (await lockAvailableItems(tx, listings, { heldBy: holder, ...acrossInstances(ctx) })).map(
      (row) => [row.id, row],
    ),
  );
  // Every listing was found (404 otherwise), so none is dropped here.
  const facts = (ids: readonly number[]) => ids.flatMap((itemId) => locked.get(itemId) ?? []);
  enforce(canAcceptOffer(facts(sides.itemIds), facts(sides.offeredItemIds)));
  // A give-away is only ever asked for now (an offered one was refused just above).
  const giveaway = await giveawayAmong(tx, sides.itemIds);
  if (giveaway?.open && giveaway.until) throw new AppError(409, fairChanceRefusal(giveaway.until));
  const [row] = await tx
    .update(swapRequests)
    .set({ status: 'accepted', updatedAt: sql`now()` })
    .where(
      and(
        eq(swapRequests.id, id),
        eq(swapRequests.status, 'pending'),
        eq(swapRequests.toUserId, actorId),
      ),
    )
    .returning();
  if (!row) return null;
  await ctx.hooks.emit(tx, 'swap.changed', {
    swapRequestId: row.id,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    itemId: row.itemId,
    actorId,
    from: 'pending',
    to: 'accepted',
  });
  await listingsChanged(
    ctx,
    tx,
    'reserved',
    await reserveItems(tx, listings, holder, acrossInstances(ctx)),
  );
  if (giveaway) await declineOtherRequests(ctx, tx, giveaway.id, id, actorId);
  return row;
}

/** The give-away went to request `chosenId`: the other pending requests on it are declined. */
async function declineOtherRequests(
  ctx: AppContext,
  tx: Transaction,
  itemId: number,
  chosenId: number,
  actorId: string,
): Promise<void> {
  const declined = await tx
    .update(swapRequests)
    .set({ status: 'rejected', closedReason: GIVEAWAY_NOT_CHOSEN, updatedAt: sql`now()` })
    .where(
      and(
        inArray(
          swapRequests.id,
          tx
            .select({ id: swapRequestItems.requestId })
            .from(swapRequestItems)
            .where(eq(swapRequestItems.itemId, itemId)),
        ),
        eq(swapRequests.status, 'pending'),
        ne(swapRequests.id, chosenId),
      ),
    )
    .returning();
  for (const request of declined) {
    await ctx.hooks.emit(tx, 'swap.changed', {
      swapRequestId: request.id,
      fromUserId: request.fromUserId,
      toUserId: request.toUserId,
      itemId: request.itemId,
      actorId,
      from: 'pending',
      to: 'rejected',
      notChosen: true,
    });
    await ctx.events.publishIn(tx, [request.fromUserId, request.toUserId], {
      type: 'swap-request',
      swapRequestId: request.id,
    });
  }
}

/** Where a draw's pick comes from: uniform in [0, n). Tests may pass their own. */
export type Pick = (n: number) => number;

/**
 * Issue 38 §2: the giver draws one of the pending requests on their give-away at random
 * (`POST /api/items/:id/draw`) and it is accepted exactly as a manual accept would be. One
 * transaction with the listing's row locked first (FOR UPDATE): two draws at once queue on it,
 * and the second finds it reserved (409). Returns the accepted request's id.
 */
export async function drawGiveaway(
  ctx: AppContext,
  actor: Actor,
  itemId: number,
  pick: Pick = randomInt,
): Promise<number> {
  const [item] = await ctx.db
    .select({ userId: items.userId, deleted: sql<boolean>`${items.deletedAt} is not null` })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item || item.deleted) throw new AppError(404, ITEM_NOT_FOUND);
  enforce(canDrawGiveaway(actor, item));
  const drawn = await transact(ctx.db, async (tx) => {
    await lockAvailableItems(tx, [itemId]);
    const giveaway = await giveawayAmong(tx, [itemId]);
    if (!giveaway) throw new AppError(409, NOT_A_GIVEAWAY);
    if (giveaway.open && giveaway.until) throw new AppError(409, fairChanceRefusal(giveaway.until));
    const requests = await tx
      .select({
        id: swapRequests.id,
        // Names the give-away alone, as every request made since migration 0032 does; one made
        // before may name more, cannot be accepted (canAcceptOffer) and so is never drawn.
        alone: sql<boolean>`not exists (select 1 from ${swapRequestItems} l
          where l.request_id = ${swapRequests.id}
            and (l.side <> 'asked' or l.item_id <> ${itemId}))`,
      })
      .from(swapRequests)
      .where(
        and(
          eq(swapRequests.itemId, itemId),
          eq(swapRequests.toUserId, actor.id),
          eq(swapRequests.status, 'pending'),
        ),
      )
      .orderBy(asc(swapRequests.id));
    const pending = requests.filter((request) => request.alone);
    if (pending.length === 0)
      throw new AppError(409, requests.length > 0 ? ONLY_REQUESTS_OFFERING : NO_REQUESTS_TO_DRAW);
    const chosen = pending[pick(pending.length)] as (typeof pending)[number];
    const sides = await findOfferSides(tx, chosen.id);
    const row = await acceptLocked(ctx, tx, actor.id, chosen.id, sides);
    if (!row) throw new Error('a pending request seen under the lock could not be accepted');
    return row;
  });
  await ctx.events.publish([drawn.fromUserId, drawn.toUserId], {
    type: 'swap-request',
    swapRequestId: drawn.id,
  });
  return drawn.id;
}
