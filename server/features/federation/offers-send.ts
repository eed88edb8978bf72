import { randomUUID } from 'node:crypto';
import { Accept, type Activity, Create, Offer, Reject, Undo, Update } from '@fedify/vocab';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { feedback, messages, swapRequests } from '../../db/schema/swaps.js';
import { findOfferSides } from '../swaps/swaps.queries.js';
import { findInstance } from './instances.js';
import { offerActivity } from './offers-object.js';
import { findFederatedOffer, offerJobSchema } from './offers-store.js';
import { listingUrl } from './paths.js';
import { federationContext } from './runtime.js';
import { agreementIdOf, completedAgreement, swapNote } from './swaps-object.js';

/** Each listing's ActivityPub id: a remote one's at its home, ours our page. */
export async function objectIdsOf(ctx: AppContext, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: items.id, originUrl: items.originUrl })
    .from(items)
    .where(inArray(items.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row.originUrl]));
  return ids.map((id) => byId.get(id) ?? listingUrl(ctx.config.publicUrl, id).href);
}

/**
 * Tells the other instance of an offer what our member did (offers-store.ts queued it): the
 * offer itself, or the receiver's Accept or Reject, or the sender's Undo, each naming the Offer
 * by its id; either party's completion (an Update of the Agreement, ended) or cancellation (a
 * Reject of the Agreement, with the reason), message or rating (a direct Note in reply to the
 * Offer). Sent by our member's actor, to the other instance's shared inbox, through Fedify's
 * queue (signed, retried for about 48 hours).
 */
export async function runOfferJob(ctx: AppContext, payload: unknown): Promise<void> {
  const job = offerJobSchema.parse(payload);
  const { swapRequestId, kind } = job;
  const mapped = await findFederatedOffer(ctx.db, { swapRequestId });
  const instance = mapped && (await findInstance(ctx.db, mapped.instanceId));
  if (!mapped || !instance || instance.blocked) return;
  const [offer] = await ctx.db
    .select()
    .from(swapRequests)
    .where(eq(swapRequests.id, swapRequestId));
  if (!offer) return;
  const ours = mapped.direction === 'sent' ? offer.fromUserId : offer.toUserId;
  const context = federationContext(ctx);
  const me = context.getActorUri(ours);
  const peer = new URL(mapped.peerActorUrl);
  const offerId = new URL(mapped.offerId);
  const id = new URL(`#${kind}/${randomUUID()}`, me);
  let activity: Activity;
  if (kind === 'note' || kind === 'rate') {
    const note = await noteOf(ctx, job);
    if (!note) return;
    activity = new Create({
      id: new URL(`#create/${randomUUID()}`, me),
      actor: me,
      to: peer,
      object: swapNote({
        id: new URL(`#${kind}s/${randomUUID()}`, me),
        author: me,
        peer,
        offerId,
        ...note,
      }),
    });
  } else if (kind === 'complete') {
    activity = new Update({ id, actor: me, to: peer, object: completedAgreement(offerId.href) });
  } else if (kind === 'cancel') {
    activity = new Reject({
      id,
      actor: me,
      to: peer,
      object: new URL(agreementIdOf(offerId.href)),
      content: job.reason ?? null,
    });
  } else if (kind === 'offer') {
    const sides = await findOfferSides(ctx.db, swapRequestId);
    const countered =
      offer.counterOfId === null
        ? undefined
        : await findFederatedOffer(ctx.db, { swapRequestId: offer.counterOfId });
    activity = offerActivity({
      id: offerId,
      sender: me,
      receiver: peer,
      inReplyTo: countered ? new URL(countered.offerId) : null,
      terms: {
        asked: await objectIdsOf(ctx, sides.itemIds),
        given: await objectIdsOf(ctx, sides.offeredItemIds),
        message: offer.message,
        offerDescription: offer.offerDescription,
      },
    });
  } else if (kind === 'undo') {
    activity = new Undo({ id, actor: me, object: new Offer({ id: offerId, actor: me }), to: peer });
  } else {
    const Answer = kind === 'accept' ? Accept : Reject;
    activity = new Answer({ id, actor: me, object: offerId, to: peer });
  }
  await context.sendActivity(
    { identifier: ours },
    {
      id: peer,
      inboxId: new URL(instance.sharedInboxUrl ?? instance.inboxUrl),
      endpoints: null,
    },
    activity,
  );
}

/** The words (and stars) of the message or rating a job sends, or undefined once it is gone. */
async function noteOf(
  ctx: AppContext,
  job: { messageId?: number | undefined; feedbackId?: number | undefined },
): Promise<{ text: string; rating?: number } | undefined> {
  if (job.messageId !== undefined) {
    const [message] = await ctx.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.id, job.messageId));
    return message && { text: message.content };
  }
  if (job.feedbackId === undefined) return undefined;
  const [rating] = await ctx.db
    .select({ rating: feedback.rating, comment: feedback.comment })
    .from(feedback)
    .where(eq(feedback.id, job.feedbackId));
  return rating && { text: rating.comment ?? '', rating: rating.rating };
}
