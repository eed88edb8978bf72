import { randomUUID } from 'node:crypto';
import type { InboxContext } from '@fedify/fedify';
import { type Accept, type Offer, Proposal, Reject, type Undo } from '@fedify/vocab';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  counterOfferSchema,
  createSwapRequestSchema,
  type SwapStatus,
} from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import type { InstanceRow } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { counterSwapRequest, createSwapRequest, moveSwapRequest } from '../swaps/swaps.service.js';
import { ingestListing, memberOf } from './inbox.js';
import { findInstance, findInstanceByHost, hostOf } from './instances.js';
import { RefusedOffer, readOfferTerms } from './offers-object.js';
import {
  arrivingOffer,
  findFederatedOffer,
  OFFERS_QUEUE,
  type OfferJob,
  tradesWith,
} from './offers-store.js';
import { INSTANCE_IDENTIFIER } from './paths.js';
import { memberByActor, rememberMember } from './remote-store.js';

type Inbox = InboxContext<AppContext>;

/** Our listing's id from its object's id (our `/item/N`), or undefined for any other. */
function ourListingId(publicUrl: string, href: string): number | undefined {
  const url = new URL(href);
  const match =
    url.host === new URL(publicUrl).host ? /^\/item\/(\d{1,10})$/.exec(url.pathname) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * The local id of a listing the sender puts up: one of theirs that we hold, or read from their
 * instance now (they may have listed it a moment ago), under every rule a listing arriving
 * here meets (ingestListing refuses one that is not the sender's).
 */
async function givenListingId(
  ctx: AppContext,
  context: Inbox,
  instance: InstanceRow,
  sender: URL,
  href: string,
): Promise<number> {
  if (hostOf(href) !== instance.host) throw new RefusedOffer('a listing put up is not at home');
  const held = async () => {
    const [row] = await ctx.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.originUrl, href));
    return row?.id;
  };
  const known = await held();
  if (known !== undefined) return known;
  const object = await context.lookupObject(href).catch(() => null);
  if (
    !(object instanceof Proposal) ||
    !(await ingestListing(ctx, context, instance, object, sender))
  )
    throw new RefusedOffer('a listing put up could not be read');
  const read = await held();
  if (read === undefined) throw new RefusedOffer('a listing put up was not stored');
  return read;
}

/**
 * An offer from a member of an instance we trade with (both follows accepted, not blocked),
 * stored as an ordinary received offer by their local row under every rule of ours
 * (createSwapRequest: our listings on the market and not reserved, one member's, blocks, limits).
 * A refused one is answered with a Reject, from the owner of the listing it asked for, so the
 * sender's side shows it declined. The same Offer twice is stored once.
 */
export async function onOffer(ctx: AppContext, context: Inbox, offer: Offer): Promise<void> {
  const sender = offer.actorId;
  const offerId = offer.id;
  if (!sender || !offerId || hostOf(offerId) !== hostOf(sender)) return;
  const instance = await findInstanceByHost(ctx.db, hostOf(sender));
  if (!tradesWith(instance)) return;
  if (await findFederatedOffer(ctx.db, { offerId: offerId.href })) return;
  let owner: string | undefined;
  try {
    const terms = await readOfferTerms(offer);
    const asked = terms.asked.map((href) => ourListingId(ctx.config.publicUrl, href));
    if (asked.length === 0 || asked.some((id) => id === undefined))
      throw new RefusedOffer('an offer must ask for listings of this instance');
    const askedIds = asked as number[];
    // Our own members' listings only: one held here from a third instance is traded at its home.
    const ours = await ctx.db
      .select({ id: items.id, userId: items.userId })
      .from(items)
      .where(and(inArray(items.id, askedIds), isNull(items.originInstanceId)));
    owner = ours.find((row) => row.id === askedIds[0])?.userId;
    if (ours.length !== new Set(askedIds).size)
      throw new AppError(404, 'a listing asked for is not one of this instance');
    const given: number[] = [];
    for (const href of terms.given)
      given.push(await givenListingId(ctx, context, instance, sender, href));
    const member = await memberOf(context, sender);
    if (!member) throw new RefusedOffer('its sender is not a member');
    const senderId = await rememberMember(ctx.db, instance, member);
    const arriving = { offerId: offerId.href, instanceId: instance.id, peerActorUrl: sender.href };
    const counters = offer.replyTargetId?.href;
    if (counters) {
      // A counter-offer to one our member made them: under the rules of a counter made here.
      const original = await findFederatedOffer(ctx.db, { offerId: counters });
      if (original?.direction !== 'sent' || original.peerActorUrl !== sender.href)
        throw new RefusedOffer('a counter-offer of no offer made to its sender');
      const counter = counterOfferSchema.safeParse({
        itemIds: askedIds,
        offeredItemIds: given,
        message: terms.message,
      });
      if (!counter.success)
        throw new RefusedOffer(counter.error.issues[0]?.message ?? 'a bad counter-offer');
      await arrivingOffer.run(arriving, () =>
        counterSwapRequest(
          ctx,
          { id: senderId, isAdmin: false },
          original.swapRequestId,
          counter.data,
        ),
      );
      return;
    }
    const input = createSwapRequestSchema.safeParse({
      itemIds: askedIds,
      offeredItemIds: given,
      message: terms.message,
      offerDescription: terms.offerDescription,
    });
    if (!input.success) throw new RefusedOffer(input.error.issues[0]?.message ?? 'a bad offer');
    await arrivingOffer.run(arriving, () =>
      createSwapRequest(ctx, { id: senderId, isAdmin: false }, input.data),
    );
  } catch (error) {
    // The same Offer delivered twice at once: the other delivery stored it.
    if (uniqueViolation(error)) return;
    if (!(error instanceof RefusedOffer || error instanceof AppError)) throw error;
    ctx.log.info(
      { instance: instance.host, offer: offerId.href, reason: error.message },
      'Refused an offer of another instance',
    );
    await refuse(context, instance, offerId, sender, owner);
  }
}

/** Our answer to an offer we did not store: a Reject from the member it was made to. */
async function refuse(
  context: Inbox,
  instance: InstanceRow,
  offerId: URL,
  sender: URL,
  owner: string | undefined,
): Promise<void> {
  const identifier = owner ?? INSTANCE_IDENTIFIER;
  const me = context.getActorUri(identifier);
  await context.sendActivity(
    { identifier },
    { id: sender, inboxId: new URL(instance.sharedInboxUrl ?? instance.inboxUrl), endpoints: null },
    new Reject({
      id: new URL(`#reject/${randomUUID()}`, me),
      actor: me,
      object: offerId,
      to: sender,
    }),
  );
}

/** What each answer does to the offer it names, and which side's offer it may name. */
const ANSWERS = {
  accepted: 'sent',
  rejected: 'sent',
  withdrawn: 'received',
} as const satisfies Partial<Record<SwapStatus, 'sent' | 'received'>>;

/**
 * An Accept, Reject or Undo that names an offer across instances (by its Offer's id): applied as
 * the other party's move on our copy, under the same rules as a move made here. The receiver's
 * instance decides for its listings, so their Accept or Reject of our member's offer is applied;
 * their sender's Undo withdraws the offer they made. From anyone but the other party it is
 * ignored; applied twice, the second finds the offer moved and changes nothing. False when the
 * activity names no offer (it may answer a follow).
 */
export async function answersAnOffer(
  ctx: AppContext,
  activity: Accept | Reject | Undo,
  next: keyof typeof ANSWERS,
): Promise<boolean> {
  const named = activity.objectId?.href;
  const mapped = named ? await findFederatedOffer(ctx.db, { offerId: named }) : undefined;
  if (!mapped) return false;
  const ignore = (reason: string) => {
    ctx.log.info({ activity: activity.id?.href, offer: named, reason }, 'Ignored an answer');
    return true;
  };
  if (activity.actorId?.href !== mapped.peerActorUrl) return ignore('not from the other party');
  if (mapped.direction !== ANSWERS[next]) return ignore(`${next} is not theirs to give`);
  const instance = await findInstance(ctx.db, mapped.instanceId);
  if (!instance || instance.blocked) return ignore('a blocked instance');
  const peer = await memberByActor(ctx.db, mapped.peerActorUrl);
  if (!peer) return ignore('the other party is not known here');
  try {
    await moveSwapRequest(ctx, { id: peer, isAdmin: false }, mapped.swapRequestId, next);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Already moved (the same answer twice), or one of our listings went meanwhile.
    if (next === 'accepted') await giveUp(ctx, mapped.swapRequestId, error.message);
    return ignore(error.message);
  }
  return true;
}

/**
 * The owner's instance accepted our member's offer, but a listing of ours it puts up is no longer
 * free here (our member promised it to another trade meanwhile): the owner's answer is final for
 * their listings, ours for ours. Our copy is closed, still pending, with why, and the accepted
 * swap is cancelled on the owner's side (freeing their listings), so the two sides agree. Nothing
 * when the offer is no longer pending here (the same Accept twice).
 */
async function giveUp(ctx: AppContext, swapRequestId: number, why: string): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const [closed] = await tx
      .update(swapRequests)
      .set({ status: 'rejected', closedReason: why, updatedAt: sql`now()` })
      .where(and(eq(swapRequests.id, swapRequestId), eq(swapRequests.status, 'pending')))
      .returning({ fromUserId: swapRequests.fromUserId, toUserId: swapRequests.toUserId });
    if (!closed) return;
    await ctx.jobs.enqueue(tx, OFFERS_QUEUE, {
      swapRequestId,
      kind: 'cancel',
      reason: why,
    } satisfies OfferJob);
    await ctx.events.publishIn(tx, [closed.fromUserId, closed.toUserId], {
      type: 'swap-request',
      swapRequestId,
    });
  });
}
