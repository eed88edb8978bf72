import { randomUUID } from 'node:crypto';
import { Accept, Offer, Reject, Undo } from '@fedify/vocab';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { findOfferSides } from '../swaps/swaps.queries.js';
import { findInstance } from './instances.js';
import { offerActivity } from './offers-object.js';
import { findFederatedOffer, offerJobSchema } from './offers-store.js';
import { listingUrl } from './paths.js';
import { federationContext } from './runtime.js';

/** Each listing's ActivityPub id: a remote one's at its home, ours our page. */
async function objectIdsOf(ctx: AppContext, ids: readonly number[]): Promise<string[]> {
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
 * by its id. Sent by our member's actor, to the other instance's shared inbox, through Fedify's
 * queue (signed, retried for about 48 hours).
 */
export async function runOfferJob(ctx: AppContext, payload: unknown): Promise<void> {
  const { swapRequestId, kind } = offerJobSchema.parse(payload);
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
  let activity: Offer | Accept | Reject | Undo;
  if (kind === 'offer') {
    const sides = await findOfferSides(ctx.db, swapRequestId);
    activity = offerActivity({
      id: offerId,
      sender: me,
      receiver: peer,
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
