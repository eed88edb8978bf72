import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import {
  type FederatedOfferRow,
  federatedMessages,
  federatedOffers,
} from '../../db/schema/federated-offers.js';
import { type InstanceRow, instances } from '../../db/schema/federation.js';
import { swapRequestItems, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import type { Subscribe } from '../../infra/features.js';
import { factsOf } from '../items/listing-changes.js';
import type { SwapChange } from '../swaps/swaps.events.js';
import { actorUrl } from './paths.js';

export const OFFERS_QUEUE = 'federation.offers';

export const OFFER_KINDS = [
  'offer',
  'accept',
  'reject',
  'undo',
  'complete',
  'cancel',
  'note',
  'rate',
] as const;
export const offerJobSchema = z.object({
  swapRequestId: z.number(),
  kind: z.enum(OFFER_KINDS),
  /** `note`: the message to send; `rate`: the rating. */
  messageId: z.number().optional(),
  feedbackId: z.number().optional(),
  /** `cancel`: the member's own words, without the site's "Cancelled by …". */
  reason: z.string().optional(),
});
export type OfferJob = z.infer<typeof offerJobSchema>;

export const NEEDS_MUTUAL_FOLLOW =
  'Offers reach another community only while it and this one follow each other: this one does not yet';
export const NOT_ACROSS_YET = 'This is not possible yet with a member of another community';
export const NO_CHAT_ACROSS =
  'Messages to a member of another community go only with an offer between communities that follow each other';
export const NO_PHOTO_ACROSS = 'A photo cannot go with an offer to another community yet';

/** Both follows accepted and no block: the only instances whose members trade with ours. */
export const tradesWith = (instance: InstanceRow | undefined): instance is InstanceRow =>
  !!instance &&
  !instance.blocked &&
  instance.following === 'accepted' &&
  instance.follower === 'accepted';

/** The Offer an inbound offer is being stored from; its mapping row is written in that write. */
type Arriving = { offerId: string; instanceId: number; peerActorUrl: string };
export const arrivingOffer = new AsyncLocalStorage<Arriving>();

/** The Note an inbound message is being stored from; its id is written in that write. */
export const arrivingNote = new AsyncLocalStorage<{ noteId: string }>();

export async function findFederatedOffer(
  db: Executor,
  where: { offerId: string } | { swapRequestId: number },
): Promise<FederatedOfferRow | undefined> {
  const [row] = await db
    .select()
    .from(federatedOffers)
    .where(
      'offerId' in where
        ? eq(federatedOffers.offerId, where.offerId)
        : eq(federatedOffers.swapRequestId, where.swapRequestId),
    );
  return row;
}

/** What each move of an offer with a member of another instance sends them. */
const SENT_FOR: Partial<Record<string, OfferJob['kind']>> = {
  accepted: 'accept',
  rejected: 'reject',
  withdrawn: 'undo',
  completed: 'complete',
  cancelled: 'cancel',
};

/**
 * Offers across instances (issue 39 §1), in the transaction of each change to an offer: one made
 * by a member of ours to a member of another instance is refused unless the two instances follow
 * each other, and otherwise recorded with its Offer's id and sent after the commit (a job);
 * our member's accept, reject or withdrawal is sent the same way. A change made by the other
 * instance's member (their activity applied here) is never sent back: it came from there.
 */
export function offerListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('swap.changed', async (tx, change) => {
    const parties = await tx
      .select({ id: users.id, originInstanceId: users.originInstanceId })
      .from(users)
      .where(inArray(users.id, [change.fromUserId, change.toUserId]));
    const actor = parties.find((party) => party.id === change.actorId);
    const other = parties.find((party) => party.id !== change.actorId);
    if (!actor || !other) return;
    if (actor.originInstanceId !== null) {
      if (change.from === null) await recordArriving(tx, change.swapRequestId);
      return;
    }
    if (other.originInstanceId === null) return;
    await sendChange(ctx, tx, change, other.originInstanceId);
  });
  // Offers this site closed (a listing of one of them traded, withdrawn or made a give-away): the
  // other instance hears it as our member's answer, a Reject from the owner's side (whose
  // decision it is) or a withdrawal from the sender's, or it would show the offer open for ever.
  on('swaps.closed', async (tx, closed) => {
    const mapped = await tx
      .select({
        swapRequestId: federatedOffers.swapRequestId,
        direction: federatedOffers.direction,
      })
      .from(federatedOffers)
      .where(inArray(federatedOffers.swapRequestId, closed.swapRequestIds));
    for (const offer of mapped)
      await ctx.jobs.enqueue(tx, OFFERS_QUEUE, {
        swapRequestId: offer.swapRequestId,
        kind: offer.direction === 'received' ? 'reject' : 'undo',
      } satisfies OfferJob);
  });
  // Issue 39: our member's message to the other party of an offer across instances goes to
  // them as a Note; one to a member of another instance that no such offer carries is refused,
  // as the other party would never see it. Their messages, stored here, are never sent back.
  on('message.posted', async (tx, posted) => {
    const arriving = arrivingNote.getStore();
    // Unique by the Note's id: a second delivery of it fails here, and its message with it.
    if (arriving)
      await tx.insert(federatedMessages).values({ messageId: posted.messageId, ...arriving });
    if (!(await isLocal(tx, posted.fromUserId)) || (await isLocal(tx, posted.toUserId))) return;
    await sendAcross(ctx, tx, posted.swapRequestId, NO_CHAT_ACROSS, {
      kind: 'note',
      messageId: posted.messageId,
    });
  });
  // A rating our member gives the other party of a swap across instances goes to their home.
  on('feedback.given', async (tx, given) => {
    // A circle's rating travels as the circle's (circles-store.ts).
    if (!('swapRequestId' in given)) return;
    if (!(await isLocal(tx, given.fromUserId)) || (await isLocal(tx, given.toUserId))) return;
    await sendAcross(ctx, tx, given.swapRequestId, NOT_ACROSS_YET, {
      kind: 'rate',
      feedbackId: given.feedbackId,
    });
  });
}

/**
 * A listing of another instance leaves this one (deleted at home, its member gone, its instance
 * unfollowed or blocked) as a hard delete of its row: the offers here that name it go first, as
 * a remote member's offers go with their row. Those offers are their home's to decide, and it no
 * longer offers the listing; left, they would hold the row (and the removal would fail).
 */
export function goneListingListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('item.changed', async (tx, change) => {
    if (change.kind !== 'deleted') return;
    const listing = await factsOf(tx, change);
    if (listing?.originInstanceId == null) return;
    await tx
      .delete(swapRequests)
      .where(
        inArray(
          swapRequests.id,
          tx
            .select({ id: swapRequestItems.requestId })
            .from(swapRequestItems)
            .where(eq(swapRequestItems.itemId, change.itemId)),
        ),
      );
  });
}

async function isLocal(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ originInstanceId: users.originInstanceId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.originInstanceId == null;
}

/**
 * Queues `job` about an offer across instances, or refuses (409 `refusal`) when the offer is
 * none, or its other instance no longer trades with ours (the other party would not hear it).
 */
async function sendAcross(
  ctx: AppContext,
  tx: Transaction,
  swapRequestId: number,
  refusal: string,
  job: Omit<OfferJob, 'swapRequestId'>,
): Promise<void> {
  const mapped = await findFederatedOffer(tx, { swapRequestId });
  if (!mapped) throw new AppError(409, refusal);
  const [instance] = await tx.select().from(instances).where(eq(instances.id, mapped.instanceId));
  if (!tradesWith(instance)) throw new AppError(409, NEEDS_MUTUAL_FOLLOW);
  await ctx.jobs.enqueue(tx, OFFERS_QUEUE, { swapRequestId, ...job } satisfies OfferJob);
}

/** An Offer of another instance stored as our offer: its id kept beside ours, in the same write. */
async function recordArriving(tx: Transaction, swapRequestId: number): Promise<void> {
  const arriving = arrivingOffer.getStore();
  // A remote member's offer is only ever made from their Offer (they cannot sign in here).
  if (!arriving) throw new Error('an offer by a member of another instance came from no Offer');
  await tx.insert(federatedOffers).values({ swapRequestId, direction: 'received', ...arriving });
}

async function sendChange(
  ctx: AppContext,
  tx: Transaction,
  change: SwapChange,
  instanceId: number,
): Promise<void> {
  if (change.from === null) {
    // A counter-offer travels as any offer, in reply to the one it counters (offers-send.ts).
    if (
      change.counterOfId &&
      !(await findFederatedOffer(tx, { swapRequestId: change.counterOfId }))
    )
      throw new AppError(409, NOT_ACROSS_YET);
    const [instance] = await tx.select().from(instances).where(eq(instances.id, instanceId));
    if (!tradesWith(instance)) throw new AppError(409, NEEDS_MUTUAL_FOLLOW);
    const [offer] = await tx
      .select({ images: swapRequests.offerImages, receiver: users.actorUrl })
      .from(swapRequests)
      .innerJoin(users, eq(users.id, swapRequests.toUserId))
      .where(eq(swapRequests.id, change.swapRequestId));
    if (!offer?.receiver) throw new Error('an offer to a member of another instance has no actor');
    if (offer.images.length > 0) throw new AppError(409, NO_PHOTO_ACROSS);
    const sender = actorUrl(ctx.config.publicUrl, change.actorId);
    await tx.insert(federatedOffers).values({
      swapRequestId: change.swapRequestId,
      offerId: `${sender.href}#offers/${randomUUID()}`,
      instanceId,
      peerActorUrl: offer.receiver,
      direction: 'sent',
    });
    await ctx.jobs.enqueue(tx, OFFERS_QUEUE, {
      swapRequestId: change.swapRequestId,
      kind: 'offer',
    } satisfies OfferJob);
    return;
  }
  // Countered: the counter-offer, made in the same write, tells the other side.
  if (change.to === 'countered') return;
  const kind = SENT_FOR[change.to];
  if (!kind) throw new AppError(409, NOT_ACROSS_YET);
  if (kind === 'complete' || kind === 'cancel') {
    // Either party completes or cancels, and the other side hears it (or it is refused here).
    await sendAcross(ctx, tx, change.swapRequestId, NOT_ACROSS_YET, {
      kind,
      ...(change.reason === undefined ? {} : { reason: change.reason }),
    });
    return;
  }
  const mapped = await findFederatedOffer(tx, { swapRequestId: change.swapRequestId });
  // The receiver answers (accept, reject), the sender withdraws: each from their own side.
  if (!mapped || mapped.direction !== (kind === 'undo' ? 'sent' : 'received')) return;
  await ctx.jobs.enqueue(tx, OFFERS_QUEUE, {
    swapRequestId: change.swapRequestId,
    kind,
  } satisfies OfferJob);
}
