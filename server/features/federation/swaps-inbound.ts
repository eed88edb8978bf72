import type { InboxContext } from '@fedify/fedify';
import { Agreement, type Create, Note, type Reject, type Update } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { feedbackSchema, messageSchema, updateSwapStatusSchema } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import type { FederatedOfferRow } from '../../db/schema/federated-offers.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { postMessage } from '../chat/chat.service.js';
import { createFeedback } from '../feedback/feedback.service.js';
import { offerChat } from '../swaps/swaps.chat.js';
import { moveSwapRequest } from '../swaps/swaps.service.js';
import { findInstance } from './instances.js';
import { arrivingNote, findFederatedOffer } from './offers-store.js';
import { memberByActor } from './remote-store.js';
import { offerIdOfAgreement, readSwapNote } from './swaps-object.js';

type Inbox = InboxContext<AppContext>;

/** An offer across instances as its other party acts on it: the offer, them, and our member. */
type PartyOffer = { mapped: FederatedOfferRow; peer: Actor; ours: string };

/** Why an activity about a swap across instances was refused, as one line for the log. */
class Refused extends Error {}

/**
 * An activity that may arrive before the one it follows (the other party's completion and their
 * rating are delivered, and applied, in parallel): thrown out of the inbox listener, so that
 * Fedify applies it again after its back-off (1 s, then longer; about 10 attempts in all).
 */
export class NotYet extends Error {}

/**
 * The offer across instances `offerId` names, acted on by `actorId`: refused unless it is the
 * other party of that offer (the actor Fedify verified the signature of), from an instance not
 * blocked, known here as a member.
 */
async function partyOffer(
  ctx: AppContext,
  actorId: URL | null,
  offerId: string,
): Promise<PartyOffer> {
  const mapped = await findFederatedOffer(ctx.db, { offerId });
  if (!mapped) throw new Refused('it names no offer across instances known here');
  if (actorId?.href !== mapped.peerActorUrl) throw new Refused('not from the other party');
  const instance = await findInstance(ctx.db, mapped.instanceId);
  if (!instance || instance.blocked) throw new Refused('a blocked instance');
  const peer = await memberByActor(ctx.db, mapped.peerActorUrl);
  if (!peer) throw new Refused('the other party is not known here');
  const [offer] = await ctx.db
    .select({ fromUserId: swapRequests.fromUserId, toUserId: swapRequests.toUserId })
    .from(swapRequests)
    .where(eq(swapRequests.id, mapped.swapRequestId));
  if (!offer) throw new Refused('the offer is gone');
  const ours = mapped.direction === 'sent' ? offer.fromUserId : offer.toUserId;
  return { mapped, peer: { id: peer, isAdmin: false }, ours };
}

/**
 * Applies `apply` to an activity about a swap across instances; a refusal (ours, or a rule of the
 * swaps a local move would meet too) is logged and changes nothing. True: it was about a swap.
 */
async function applying(
  ctx: AppContext,
  activity: { id: URL | null },
  apply: () => Promise<void>,
): Promise<true> {
  try {
    await apply();
  } catch (error) {
    // The same activity delivered twice at once: the other delivery applied it.
    if (uniqueViolation(error)) return true;
    if (!(error instanceof Refused || error instanceof AppError)) throw error;
    ctx.log.info(
      { activity: activity.id?.href, reason: error.message },
      'Refused an activity about a swap across instances',
    );
  }
  return true;
}

/**
 * A `Create` of a direct Note in reply to an offer across instances: a chat message from its
 * other party, or (with stars) their rating of our member, stored as if they had written it here
 * (the chat and feedback services: parties, blocks, sizes, the message allowance, once per swap,
 * only once completed), so notifications and live events go as for a local one. Addressed to
 * anyone but our member, it is refused: a party's message is for the other party only. False
 * when the Create carries no such Note.
 */
export async function onSwapNote(
  ctx: AppContext,
  context: Inbox,
  create: Create,
): Promise<boolean> {
  const note = await create.getObject();
  if (!(note instanceof Note)) return false;
  const read = await readSwapNote(note);
  if (!read) return false;
  return applying(ctx, create, async () => {
    const { mapped, peer, ours } = await partyOffer(ctx, create.actorId, read.offerId);
    if (note.attributionId?.href !== mapped.peerActorUrl)
      throw new Refused('a Note must be its sender’s');
    const oursActor = context.getActorUri(ours).href;
    if (read.to.length !== 1 || read.to[0] !== oursActor)
      throw new Refused('a Note on a swap goes to its other party only');
    if (read.rating === null) {
      const message = messageSchema.safeParse({ content: read.text });
      if (!message.success) throw new Refused(message.error.issues[0]?.message ?? 'a bad message');
      if (!note.id) throw new Refused('a Note with no id');
      await arrivingNote.run({ noteId: note.id.href }, () =>
        postMessage(ctx, offerChat, peer, mapped.swapRequestId, message.data.content),
      );
      return;
    }
    const rating = feedbackSchema.safeParse({
      toUserId: ours,
      swapRequestId: mapped.swapRequestId,
      rating: read.rating,
      comment: read.text,
    });
    if (!rating.success) throw new Refused(rating.error.issues[0]?.message ?? 'a bad rating');
    const [swap] = await ctx.db
      .select({ status: swapRequests.status })
      .from(swapRequests)
      .where(eq(swapRequests.id, mapped.swapRequestId));
    // Accepted here still: the completion that came before it on the other side may be on its way.
    if (swap?.status === 'accepted')
      throw new NotYet('a rating of a swap not completed here yet: applied again later');
    await createFeedback(ctx, peer, rating.data);
  });
}

/**
 * An `Update` of an offer's Agreement that ends it (`endTime`): the other party completed the
 * swap, completed here under the rules of a local completion (accepted, its listings held for
 * it), which takes our member's listings off the market and closes the other offers on them.
 * False when the Update is of no Agreement.
 */
export async function onAgreementUpdate(ctx: AppContext, update: Update): Promise<boolean> {
  // The Agreement is the offer's sender's (its id on their instance), so an Update from the
  // owner's side embeds an object of another origin, which Fedify would otherwise fetch afresh
  // (and find no Agreement there). Only its id and endTime are read, and what counts is that
  // the actor, whose signature Fedify verified, is the swap's other party (partyOffer).
  const agreement = await update.getObject({ crossOrigin: 'trust' });
  if (!(agreement instanceof Agreement)) return false;
  return applying(ctx, update, async () => {
    const offerId = agreement.id && offerIdOfAgreement(agreement.id.href);
    if (!offerId || !agreement.endTime)
      throw new Refused('an Update of an Agreement that ends nothing');
    const { mapped, peer } = await partyOffer(ctx, update.actorId, offerId);
    await moveSwapRequest(ctx, peer, mapped.swapRequestId, 'completed');
  });
}

/**
 * A `Reject` of an offer's Agreement (not of its Offer): the other party cancelled the accepted
 * swap, with their reason (its `content`), cancelled here under the local rules, which frees the
 * listings it held. False when it rejects no Agreement of an offer across instances.
 */
export async function onAgreementReject(ctx: AppContext, reject: Reject): Promise<boolean> {
  const offerId = reject.objectId && offerIdOfAgreement(reject.objectId.href);
  if (!offerId) return false;
  return applying(ctx, reject, async () => {
    const { mapped, peer } = await partyOffer(ctx, reject.actorId, offerId);
    const move = updateSwapStatusSchema.safeParse({
      status: 'cancelled',
      reason: reject.content?.toString() ?? '',
    });
    if (!move.success) throw new Refused(move.error.issues[0]?.message ?? 'a bad reason');
    await moveSwapRequest(ctx, peer, mapped.swapRequestId, 'cancelled', move.data.reason);
  });
}
