import { Application, Create, Proposal, Service } from '@fedify/vocab';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { ingestListing } from './inbox.js';
import { findInstance } from './instances.js';
import { federationContext } from './runtime.js';

export const BACKFILL_QUEUE = 'federation.backfill';

/** The most listings one backfill reads from another instance's outbox. */
const MAX_BACKFILL = 10_000;

/** Once our follow is accepted: read their listings so far, after the acceptance commits. */
export async function enqueueBackfill(ctx: AppContext, tx: Executor, instanceId: number) {
  await ctx.jobs.enqueue(tx, BACKFILL_QUEUE, { instanceId });
}

/**
 * Reads a followed instance's outbox (its listings on the market, page by page) and stores each
 * listing as ours would be, refusing those that break our rules. Every later change arrives as
 * an activity; running it again only brings listings up to date.
 */
export async function runBackfill(ctx: AppContext, payload: unknown): Promise<void> {
  const { instanceId } = z.object({ instanceId: z.number() }).parse(payload);
  const instance = await findInstance(ctx.db, instanceId);
  if (!instance || instance.blocked || instance.following !== 'accepted') return;
  const context = federationContext(ctx);
  const actor = await context.lookupObject(instance.actorUrl);
  if (!(actor instanceof Application || actor instanceof Service)) return;
  const outbox = await actor.getOutbox();
  if (!outbox) return;
  let read = 0;
  let stored = 0;
  for await (const entry of context.traverseCollection(outbox)) {
    if (++read > MAX_BACKFILL) break;
    if (!(entry instanceof Create) || !entry.actorId) continue;
    const object = await entry.getObject();
    if (
      object instanceof Proposal &&
      (await ingestListing(ctx, context, instance, object, entry.actorId))
    )
      stored++;
  }
  ctx.log.info(
    { instance: instance.host, read, stored },
    'Read the listings of a followed instance',
  );
}
