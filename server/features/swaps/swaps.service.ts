import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import {
  canOfferInExchange,
  canOfferOn,
  NO_LONGER_AVAILABLE,
} from '../../../shared/policies/items.js';
import {
  canAskInCounter,
  canCounterSwap,
  canMoveSwap,
  canViewSwap,
  SWAP_NOT_FOUND,
} from '../../../shared/policies/swaps.js';
import type { CounterOffer, CreateSwapRequest, SwapStatus } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { requireCanContact } from '../blocks/blocks.service.js';
import { type ImageVariants, isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, storeImage } from '../images/images.service.js';
import { closeOpenOffers, ITEM_NOT_FOUND, lockAvailableItems } from '../items/availability.js';
import { listingsChanged } from '../items/listing-changes.js';
import { notWithdrawn } from '../items/on-market.js';
import { consumeOfferAllowance } from './allowances.js';
import { keptFor, offersPageKey } from './offers-cache.js';
import {
  countSwapRequestsFor,
  findSwapRequest,
  findSwapRequestsPageJson,
  involves,
  type OffersPage,
  type SwapRequestRow,
} from './swaps.queries.js';

type Parties = { fromUserId: string; toUserId: string };

const parties = (request: Parties): string[] => [request.fromUserId, request.toUserId];

/** A listing still on the site (a deleted one names nothing). */
async function findItemFacts(ctx: AppContext, id: number) {
  const [item] = await ctx.db
    .select({
      id: items.id,
      userId: items.userId,
      isActive: items.isActive,
      remote: sql<boolean>`${items.originInstanceId} is not null`,
    })
    .from(items)
    // A suspended member's listings are hidden: no offers on them.
    .where(and(eq(items.id, id), notWithdrawn()))
    .limit(1);
  return item;
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

/** Sends an offer for a listing; it always goes to the listing's owner and starts pending. */
export async function createSwapRequest(
  ctx: AppContext,
  sender: Actor,
  input: CreateSwapRequest,
): Promise<number> {
  await consumeOfferAllowance(ctx, sender);
  const item = await findItemFacts(ctx, input.itemId);
  if (!item) throw new AppError(404, 'Item not found');
  enforce(canOfferOn(sender, item));
  await requireCanContact(ctx.db, sender.id, [item.userId]);
  if (input.offeredItemId) {
    enforce(canOfferInExchange(sender, await findItemFacts(ctx, input.offeredItemId)));
  }
  if (!input.offerImages.every(isDataUrl))
    throw new AppError(400, 'The offer photo must be uploaded as image data');
  if (input.offerImages.length > 0) await countUpload(ctx, sender.id);
  const uploads: ImageVariants[] = [];
  for (const image of input.offerImages) uploads.push(await processUpload(image));

  const listings = [item.id, input.offeredItemId].filter((v): v is number => !!v);
  const id = await transact(ctx.db, async (tx) => {
    // Held (FOR SHARE, id order) until the offer is in: a completion or a deletion of either
    // listing waits for it, and then sees it and closes it.
    const still = await tx
      .select({ id: items.id })
      .from(items)
      .where(and(inArray(items.id, listings), eq(items.isActive, true), isNull(items.deletedAt)))
      .orderBy(asc(items.id))
      .for('share');
    if (still.length !== new Set(listings).size) throw new AppError(409, NO_LONGER_AVAILABLE);
    const urls: string[] = [];
    for (const upload of uploads) urls.push(await storeImage(tx, sender.id, upload));
    const [created] = await tx
      .insert(swapRequests)
      .values({
        fromUserId: sender.id,
        toUserId: item.userId,
        itemId: item.id,
        offeredItemId: input.offeredItemId ?? null,
        message: input.message,
        offerDescription: input.offerDescription,
        offerImages: urls,
        status: 'pending',
      })
      .returning({ id: swapRequests.id });
    if (!created) throw new Error('swap request insert returned nothing');
    await ctx.hooks.emit(tx, 'swap.changed', {
      swapRequestId: created.id,
      fromUserId: sender.id,
      toUserId: item.userId,
      itemId: item.id,
      actorId: sender.id,
      from: null,
      to: 'pending',
    });
    return created.id;
  });
  await ctx.events.publish([sender.id, item.userId], { type: 'swap-request', swapRequestId: id });
  return id;
}

/**
 * Issue 18 §5: the receiver of a pending offer answers it with a counter-offer, asking for
 * another listing of the sender (`input.itemId`) in exchange for the listing the offer wanted.
 * One transaction: both listings locked and checked available (listings first, in id order, as
 * every trade does), the offer moved pending → countered (atomic on its status: of two answers
 * at once one wins), the counter-offer inserted pending with `counter_of_id`. Returns its id.
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
  const [asked] = await ctx.db
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(and(eq(items.id, input.itemId), isNull(items.deletedAt)))
    .limit(1);
  if (!asked) throw new AppError(404, ITEM_NOT_FOUND);
  enforce(canAskInCounter(original, asked));
  await consumeOfferAllowance(ctx, actor);

  const counterId = await transact(ctx.db, async (tx) => {
    // 409 with the listing's title unless both are active, not deleted, not reserved and their
    // owners not suspended.
    await lockAvailableItems(tx, [asked.id, original.itemId]);
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
        itemId: asked.id,
        offeredItemId: original.itemId,
        message: input.message,
        status: 'pending',
        counterOfId: id,
      })
      .returning({ id: swapRequests.id });
    if (!created) throw new Error('counter-offer insert returned nothing');
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
      itemId: asked.id,
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
): Promise<SwapRequestRow> {
  const row = await findSwapRequest(ctx.db, id, viewer.id);
  enforce(canViewSwap(viewer, row?.request));
  if (!row) throw new AppError(404, SWAP_NOT_FOUND);
  return row;
}

/** Moves that hand listings over: each needs every listing of the offer to be free (one item, one swap). */
const TRADING_MOVES: readonly SwapStatus[] = ['accepted', 'completed'];

/**
 * Moves an offer along SPEC §4. Accepting and completing lock the offer's listings first and
 * need each to be active, not deleted and not reserved (items/availability.ts); completing takes
 * both off the market (DESIGN §7) and closes every other open offer on them, in one transaction.
 */
export async function moveSwapRequest(
  ctx: AppContext,
  actor: Actor,
  id: number,
  next: SwapStatus,
): Promise<void> {
  const current = await requireOfferFacts(ctx, actor, id);
  const { status } = current;
  enforce(canMoveSwap(actor, current, next));
  const listings = [current.itemId, current.offeredItemId].filter((v): v is number => v !== null);
  const moved = await transact(ctx.db, async (tx) => {
    // Listings first, in id order, then the offer: the lock order every trade follows.
    if (TRADING_MOVES.includes(next)) await lockAvailableItems(tx, listings);
    // The status in the WHERE clause makes the move atomic: of many concurrent attempts, one wins.
    const [row] = await tx
      .update(swapRequests)
      .set({ status: next, updatedAt: sql`now()` })
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
    });
    if (next === 'completed') {
      const deactivated = await tx
        .update(items)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(inArray(items.id, listings))
        .returning({ id: items.id, userId: items.userId });
      await listingsChanged(ctx, tx, 'deactivated', deactivated);
      await closeOpenOffers(ctx, tx, listings, { except: { swapRequestId: id } });
    }
    return row;
  });
  if (!moved) return refuseAsChanged(ctx, id);
  await ctx.events.publish(parties(moved), { type: 'swap-request', swapRequestId: id });
}
