import { and, eq, inArray, sql } from 'drizzle-orm';
import { GIVEAWAY_NOTHING_TO_COUNTER } from '../../../shared/giveaways.js';
import type { Actor } from '../../../shared/policies/decision.js';
import {
  canAskInCounter,
  canCounterSwap,
  canMoveSwap,
  canProposeOffer,
  canViewSwap,
  type OfferListing,
  type OfferSides,
  SWAP_NOT_FOUND,
} from '../../../shared/policies/swaps.js';
import {
  CANCEL_REASON_REQUIRED,
  type CounterOffer,
  type CreateSwapRequest,
  type SwapStatus,
} from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { swapRequestItems, swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { requireCanContact } from '../blocks/blocks.service.js';
import { refuseBlockedPhotos } from '../images/blocked-photos.js';
import { type ImageVariants, isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, storeImage } from '../images/images.service.js';
import {
  closeOpenOffers,
  ITEM_NOT_FOUND,
  lockAvailableItems,
  lockItemRows,
  offerHolder,
  releaseReservations,
} from '../items/availability.js';
import { listingsChanged } from '../items/listing-changes.js';
import { ownerNotSuspended } from '../items/on-market.js';
import { nameOf } from '../users/member-name.js';
import { refuseLinksFromNewAccount } from '../users/new-accounts.js';
import { consumeOfferAllowance } from './allowances.js';
import { keptFor, offersPageKey } from './offers-cache.js';
import { acceptLocked, acrossInstances } from './swaps.accept.js';
import {
  countSwapRequestsFor,
  findOfferSides,
  findSwapRequest,
  findSwapRequestsPageJson,
  involves,
  type OfferRow,
  type OffersPage,
} from './swaps.queries.js';

type Parties = { fromUserId: string; toUserId: string };

const parties = (request: Parties): string[] => [request.fromUserId, request.toUserId];

type ListingFacts = OfferListing & { deleted: boolean; ownerSuspended: boolean };

/** The listings `ids` name that exist (removed ones too, flagged), by id. */
async function findListingFacts(
  ctx: AppContext,
  ids: readonly number[],
): Promise<Map<number, ListingFacts>> {
  const rows = await ctx.db
    .select({
      id: items.id,
      title: items.title,
      userId: items.userId,
      remote: sql<boolean>`${items.originInstanceId} is not null`,
      mode: items.mode,
      deleted: sql<boolean>`${items.deletedAt} is not null`,
      ownerSuspended: sql<boolean>`not ${ownerNotSuspended()}`,
    })
    .from(items)
    .where(inArray(items.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The listings an offer asks for, or 404 for one that is not there to ask for: never listed,
 * removed, or (`hidden`) its owner suspended, whose listings nobody sees.
 */
function requireAsked(
  listings: Map<number, ListingFacts>,
  ids: readonly number[],
  options: { hidden: boolean },
): ListingFacts[] {
  return ids.map((id) => {
    const listing = listings.get(id);
    if (!listing || listing.deleted || (options.hidden && listing.ownerSuspended))
      throw new AppError(404, ITEM_NOT_FOUND);
    return listing;
  });
}

/**
 * Writes an offer's listings past the first of each side (the first ones are on the offer's row,
 * and migration 0030's trigger writes their rows as the offer is inserted).
 */
async function insertFurtherListings(tx: Transaction, requestId: number, sides: OfferSides) {
  const rows = [
    ...sides.itemIds.map((itemId, position) => ({ side: 'asked', position, itemId })),
    ...sides.offeredItemIds.map((itemId, position) => ({ side: 'offered', position, itemId })),
  ]
    .filter((row) => row.position > 0)
    .map((row) => ({ ...row, requestId }));
  if (rows.length > 0) await tx.insert(swapRequestItems).values(rows);
}

/**
 * What the policies decide an offer's moves on, read before any lock, or refused as
 * `canViewSwap` says: to anyone but its two parties, the offer does not exist (404).
 */
async function requireOfferFacts(ctx: AppContext, actor: Actor, id: number) {
  const [facts] = await ctx.db
    .select({
      fromUserId: swapRequests.fromUserId,
      toUserId: swapRequests.toUserId,
      status: swapRequests.status,
      closedReason: swapRequests.closedReason,
      itemId: swapRequests.itemId,
      offeredItemId: swapRequests.offeredItemId,
    })
    .from(swapRequests)
    .where(eq(swapRequests.id, id))
    .limit(1);
  enforce(canViewSwap(actor, facts));
  if (!facts) throw new AppError(404, SWAP_NOT_FOUND);
  return { ...facts, status: facts.status as SwapStatus };
}

/** A move lost its race (its conditional UPDATE matched nothing): 409 with why, if the site closed it. */
async function refuseAsChanged(ctx: AppContext, id: number): Promise<never> {
  const [now] = await ctx.db
    .select({ closedReason: swapRequests.closedReason })
    .from(swapRequests)
    .where(eq(swapRequests.id, id));
  throw new AppError(
    409,
    now?.closedReason ?? 'This offer was changed by someone else just now. Please refresh.',
  );
}

/**
 * Sends an offer (issue 38: 1–5 listings of one member asked for, 0–5 of the sender's own
 * offered); it always goes to the owner of the listings asked for and starts pending.
 */
export async function createSwapRequest(
  ctx: AppContext,
  sender: Actor,
  input: CreateSwapRequest,
): Promise<number> {
  await refuseLinksFromNewAccount(ctx, sender, input.message, input.offerDescription);
  await consumeOfferAllowance(ctx, sender);
  const named = [...input.itemIds, ...input.offeredItemIds];
  const listings = await findListingFacts(ctx, named);
  const asked = requireAsked(listings, input.itemIds, { hidden: true });
  enforce(
    canProposeOffer(
      sender,
      asked,
      input.offeredItemIds.map((id) => listings.get(id)),
      {
        offersSomething: input.offerDescription !== null || input.offerImages.length > 0,
        ...acrossInstances(ctx),
      },
    ),
  );
  const receiverId = (asked[0] as ListingFacts).userId;
  await requireCanContact(ctx.db, sender.id, [receiverId]);
  if (!input.offerImages.every(isDataUrl))
    throw new AppError(400, 'The offer photo must be uploaded as image data');
  if (input.offerImages.length > 0) await countUpload(ctx, sender.id);
  const uploads: ImageVariants[] = [];
  for (const image of input.offerImages) uploads.push(await processUpload(image));
  await refuseBlockedPhotos(ctx.db, uploads);

  const id = await transact(ctx.db, async (tx) => {
    // Held FOR SHARE (id order) until the offer is in, each listed, not removed, not reserved
    // and its owner not suspended (409 naming it): a completion, acceptance or deletion of one
    // of them waits for the offer, and then sees it.
    await lockAvailableItems(tx, named, { share: true, ...acrossInstances(ctx) });
    const urls: string[] = [];
    for (const upload of uploads) urls.push(await storeImage(tx, sender.id, upload));
    const [created] = await tx
      .insert(swapRequests)
      .values({
        fromUserId: sender.id,
        toUserId: receiverId,
        itemId: input.itemIds[0] as number,
        offeredItemId: input.offeredItemIds[0] ?? null,
        message: input.message,
        offerDescription: input.offerDescription,
        offerImages: urls,
        status: 'pending',
      })
      .returning({ id: swapRequests.id });
    if (!created) throw new Error('swap request insert returned nothing');
    await insertFurtherListings(tx, created.id, input);
    await ctx.hooks.emit(tx, 'swap.changed', {
      swapRequestId: created.id,
      fromUserId: sender.id,
      toUserId: receiverId,
      itemId: input.itemIds[0] as number,
      actorId: sender.id,
      from: null,
      to: 'pending',
    });
    return created.id;
  });
  await ctx.events.publish([sender.id, receiverId], { type: 'swap-request', swapRequestId: id });
  return id;
}

/**
 * Issue 18 §5: the receiver of a pending offer answers it with a counter-offer. Issue 38: it may
 * change both sides: `input.itemIds` are listings of the offer's sender asked for (1–5),
 * `input.offeredItemIds` the counterer's own put up (0–5; null: what the offer asked for, as the
 * first shape `{itemId}` means), under the rules of a new offer. One transaction: every listing
 * of the counter locked and checked available (listings first, in id order, as every trade
 * does), the offer moved pending → countered (atomic on its status: of two answers at once one
 * wins), the counter-offer inserted pending with `counter_of_id`. Returns its id.
 */
export async function counterSwapRequest(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: CounterOffer,
): Promise<number> {
  const original = await requireOfferFacts(ctx, actor, id);
  enforce(canCounterSwap(actor, original));
  await requireCanContact(ctx.db, actor.id, [original.fromUserId]);
  const sides = await findOfferSides(ctx.db, id);
  const originalAsked = await findListingFacts(ctx, sides.itemIds);
  if ([...originalAsked.values()].some((listing) => listing.mode === 'giveaway'))
    throw new AppError(409, GIVEAWAY_NOTHING_TO_COUNTER);
  const counter: OfferSides = {
    itemIds: input.itemIds,
    offeredItemIds: input.offeredItemIds ?? sides.itemIds,
  };
  const named = [...counter.itemIds, ...counter.offeredItemIds];
  const listings = await findListingFacts(ctx, named);
  // A suspended sender's listings are refused under the lock (409), as off the market.
  const asked = requireAsked(listings, counter.itemIds, { hidden: false });
  enforce(
    canAskInCounter({ fromUserId: original.fromUserId, ...sides }, asked, counter.offeredItemIds),
  );
  enforce(
    canProposeOffer(
      actor,
      asked,
      counter.offeredItemIds.map((itemId) => listings.get(itemId)),
      acrossInstances(ctx),
    ),
  );
  await refuseLinksFromNewAccount(ctx, actor, input.message);
  await consumeOfferAllowance(ctx, actor);

  const counterId = await transact(ctx.db, async (tx) => {
    // 409 with the listing's title unless each is active, not deleted, not reserved and its
    // owner not suspended. A counter on an offer across instances names listings of both.
    await lockAvailableItems(tx, named, acrossInstances(ctx));
    const [countered] = await tx
      .update(swapRequests)
      .set({ status: 'countered', updatedAt: sql`now()` })
      .where(
        and(
          eq(swapRequests.id, id),
          eq(swapRequests.status, 'pending'),
          eq(swapRequests.toUserId, actor.id),
        ),
      )
      .returning({ id: swapRequests.id });
    if (!countered) return null;
    const [created] = await tx
      .insert(swapRequests)
      .values({
        fromUserId: actor.id,
        toUserId: original.fromUserId,
        itemId: counter.itemIds[0] as number,
        offeredItemId: counter.offeredItemIds[0] ?? null,
        message: input.message,
        status: 'pending',
        counterOfId: id,
      })
      .returning({ id: swapRequests.id });
    if (!created) throw new Error('counter-offer insert returned nothing');
    await insertFurtherListings(tx, created.id, counter);
    await ctx.hooks.emit(tx, 'swap.changed', {
      swapRequestId: id,
      fromUserId: original.fromUserId,
      toUserId: original.toUserId,
      itemId: original.itemId,
      actorId: actor.id,
      from: 'pending',
      to: 'countered',
    });
    await ctx.hooks.emit(tx, 'swap.changed', {
      swapRequestId: created.id,
      fromUserId: actor.id,
      toUserId: original.fromUserId,
      itemId: counter.itemIds[0] as number,
      actorId: actor.id,
      from: null,
      to: 'pending',
      counterOfId: id,
    });
    return created.id;
  });
  if (counterId === null) return refuseAsChanged(ctx, id);
  await ctx.events.publish(parties(original), { type: 'swap-request', swapRequestId: id });
  await ctx.events.publish(parties(original), {
    type: 'swap-request',
    swapRequestId: counterId,
  });
  return counterId;
}

/**
 * A page of the member's offers, as the JSON the list answers (swaps.queries.ts), from this
 * server's memory when it has it (offers-cache.ts), unless the client asks for it `fresh`.
 */
export async function listSwapRequests(
  ctx: AppContext,
  viewer: Actor,
  page: OffersPage,
  options: { fresh?: boolean } = {},
): Promise<string> {
  return keptFor(ctx.offersCache, viewer.id, offersPageKey(viewer.id, page), options, () =>
    findSwapRequestsPageJson(ctx.db, viewer.id, page),
  );
}

export function countSwapRequests(
  ctx: AppContext,
  viewer: Actor,
): Promise<{ received: number; made: number }> {
  return countSwapRequestsFor(ctx.db, viewer.id);
}

/** An offer with its items and parties as `viewer` sees it; to anyone but the parties, 404. */
export async function loadSwapRequest(
  ctx: AppContext,
  viewer: Actor,
  id: number,
): Promise<OfferRow> {
  const row = await findSwapRequest(ctx.db, id, viewer.id);
  enforce(canViewSwap(viewer, row?.request));
  if (!row) throw new AppError(404, SWAP_NOT_FOUND);
  return row;
}

/**
 * Moves an offer along SPEC §4. Every listing of the offer, both sides, is locked first (id
 * order), then the offer. Accepting needs each to be active, not deleted and not held by another
 * trade (items/availability.ts), and reserves them all for the offer (`offer:ID`), so no other
 * offer, circle or round can take one until it is completed or cancelled. Completing takes them
 * off the market (DESIGN §7) and closes every other open offer on them; cancelling (`reason`
 * required, either party, accepted offers only) frees them. One transaction each.
 */
export async function moveSwapRequest(
  ctx: AppContext,
  actor: Actor,
  id: number,
  next: SwapStatus,
  reason?: string,
): Promise<void> {
  const current = await requireOfferFacts(ctx, actor, id);
  const { status } = current;
  enforce(canMoveSwap(actor, current, next));
  if (next === 'cancelled' && !reason) throw new AppError(400, CANCEL_REASON_REQUIRED);
  const sides = await findOfferSides(ctx.db, id);
  const listings = [...sides.itemIds, ...sides.offeredItemIds];
  const holder = offerHolder(id);
  const moved = await transact(ctx.db, async (tx) => {
    if (next === 'accepted') return acceptLocked(ctx, tx, actor.id, id, sides);
    // Listings first, in id order, then the offer: the lock order every trade follows.
    // An accepted offer across instances holds listings of the other community too (issue 39).
    if (next === 'completed')
      await lockAvailableItems(tx, listings, { heldBy: holder, ...acrossInstances(ctx) });
    else if (next === 'cancelled') await lockItemRows(tx, listings);
    const closedReason =
      next === 'cancelled' ? `Cancelled by ${await nameOf(tx, actor.id)}: ${reason}` : undefined;
    // The status in the WHERE clause makes the move atomic: of many concurrent attempts, one wins.
    const [row] = await tx
      .update(swapRequests)
      .set({ status: next, updatedAt: sql`now()`, ...(closedReason ? { closedReason } : {}) })
      .where(and(eq(swapRequests.id, id), eq(swapRequests.status, status), involves(actor.id)))
      .returning();
    if (!row) return null;
    await ctx.hooks.emit(tx, 'swap.changed', {
      swapRequestId: row.id,
      fromUserId: row.fromUserId,
      toUserId: row.toUserId,
      itemId: row.itemId,
      actorId: actor.id,
      from: status,
      to: next,
      ...(next === 'cancelled' ? { reason } : {}),
    });
    if (next === 'completed') {
      const deactivated = await tx
        .update(items)
        .set({ isActive: false, reservedBy: null, updatedAt: sql`now()` })
        .where(inArray(items.id, listings))
        .returning({ id: items.id, userId: items.userId });
      await listingsChanged(ctx, tx, 'deactivated', deactivated);
      await closeOpenOffers(ctx, tx, listings, { except: { swapRequestId: id } });
    } else if (next === 'cancelled') {
      await listingsChanged(ctx, tx, 'released', await releaseReservations(tx, holder));
    }
    return row;
  });
  if (!moved) return refuseAsChanged(ctx, id);
  await ctx.events.publish(parties(moved), { type: 'swap-request', swapRequestId: id });
}
