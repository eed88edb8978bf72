import { Create, Delete, Tombstone, Update } from '@fedify/vocab';
import { and, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import type { Subscribe } from '../../infra/features.js';
import { factsOf } from '../items/listing-changes.js';
import { followerInstances, recipientOf } from './instances.js';
import { localListingObject } from './listing-documents.js';
import { listingUrl } from './paths.js';
import { federationContext } from './runtime.js';

export const PUBLISH_QUEUE = 'federation.publish';

const payloadSchema = z.object({ itemId: z.number(), userId: z.string(), created: z.boolean() });

/**
 * Every change to one of our own listings is told to the instances that follow ours, after it
 * commits: a job per change, so a slow or dead instance never holds a member's write.
 */
export function publishListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('item.changed', async (tx, change) => {
    const listing = await factsOf(tx, change);
    // A listing of another instance is its home's to publish; one deleted for good is gone.
    const ours = listing !== undefined && listing.originInstanceId === null;
    if (!ours && change.kind !== 'deleted') return;
    await ctx.jobs.enqueue(tx, PUBLISH_QUEUE, {
      itemId: change.itemId,
      userId: change.userId,
      created: change.kind === 'created' || change.kind === 'reactivated',
    });
  });
  // Wants travel: a listing's object carries them, so other instances see who wants what.
  on('wants.changed', async (tx, changed) => {
    const ours = await tx
      .select({ id: items.id, userId: items.userId })
      .from(items)
      .where(and(inArray(items.id, changed.itemIds), isNull(items.originInstanceId)));
    for (const listing of ours)
      await ctx.jobs.enqueue(tx, PUBLISH_QUEUE, {
        itemId: listing.id,
        userId: listing.userId,
        created: false,
      });
  });
}

/**
 * Tells the instances that follow ours what became of a listing: on the market, the listing
 * itself (Create when new to them, Update after); off it or gone, a Delete of its id. Sent by its
 * owner's actor, through Fedify's queue (signed, retried, one delivery per instance).
 */
export async function runPublish(ctx: AppContext, payload: unknown): Promise<void> {
  const { itemId, userId, created } = payloadSchema.parse(payload);
  const followers = await followerInstances(ctx.db);
  if (followers.length === 0) return;
  const context = federationContext(ctx);
  const owner = context.getActorUri(userId);
  const object = await localListingObject(ctx, context, itemId);
  const id = new URL(`#${crypto.randomUUID()}`, owner);
  const activity = object
    ? new (created ? Create : Update)({
        id,
        actor: owner,
        object,
        to: object.toId,
        ccs: object.ccIds,
      })
    : new Delete({
        id,
        actor: owner,
        object: new Tombstone({ id: listingUrl(ctx.config.publicUrl, itemId) }),
      });
  await context.sendActivity({ identifier: userId }, followers.map(recipientOf), activity, {
    preferSharedInbox: true,
  });
}
