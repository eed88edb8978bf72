import { Delete } from '@fedify/vocab';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Subscribe } from '../../infra/features.js';
import '../account/account.events.js';
import { followerInstances, recipientOf } from './instances.js';
import { federationContext } from './runtime.js';

export const MEMBER_GONE_QUEUE = 'federation.member-gone';

const payloadSchema = z.object({ memberId: z.string() });

/**
 * An erased member is forgotten by the instances that follow ours too (issue 40 §1): a job
 * after the erasure commits, so a slow instance never holds it.
 */
export function memberGoneListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('member.erased', async (tx, erased) => {
    await ctx.jobs.enqueue(tx, MEMBER_GONE_QUEUE, { memberId: erased.memberId });
  });
}

/**
 * A `Delete` of the member's actor, signed by it (its keys outlive the erasure for this), as
 * Mastodon and others send for an account that is gone: they drop the person, and another
 * SwapMarket keeps its members' swaps with them, naming a "Deleted member" (inbox.ts).
 */
export async function runMemberGone(ctx: AppContext, payload: unknown): Promise<void> {
  const { memberId } = payloadSchema.parse(payload);
  const followers = await followerInstances(ctx.db);
  if (followers.length === 0) return;
  const context = federationContext(ctx);
  const actor = context.getActorUri(memberId);
  await context.sendActivity(
    { identifier: memberId },
    followers.map(recipientOf),
    new Delete({ id: new URL(`#delete-${crypto.randomUUID()}`, actor), actor, object: actor }),
    { preferSharedInbox: true },
  );
}
