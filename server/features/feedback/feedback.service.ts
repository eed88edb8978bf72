import { eq } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canDeleteFeedback, canRateSwap, SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import type { SwapStatus } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';

type NewFeedback = {
  toUserId: string;
  swapRequestId: number;
  rating: number;
  comment: string | null;
};

/** A party of a completed swap rates the other party, once per swap; returns the rating's id. */
export async function createFeedback(
  ctx: AppContext,
  author: Actor,
  input: NewFeedback,
): Promise<number> {
  const [request] = await ctx.db
    .select({
      id: swapRequests.id,
      fromUserId: swapRequests.fromUserId,
      toUserId: swapRequests.toUserId,
      status: swapRequests.status,
    })
    .from(swapRequests)
    .where(eq(swapRequests.id, input.swapRequestId))
    .limit(1);
  const swap = request && { ...request, status: request.status as SwapStatus };
  enforce(canRateSwap(author, swap, input.toUserId));
  if (!swap) throw new AppError(404, SWAP_NOT_FOUND);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(feedback)
        .values({
          fromUserId: author.id,
          toUserId: input.toUserId,
          swapRequestId: swap.id,
          rating: input.rating,
          comment: input.comment,
        })
        .returning({ id: feedback.id });
      if (!created) throw new Error('feedback insert returned nothing');
      await ctx.hooks.emit(tx, 'feedback.given', {
        feedbackId: created.id,
        fromUserId: author.id,
        toUserId: input.toUserId,
      });
      return created.id;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'feedback_from_swap_idx')
      throw new AppError(409, 'You have already rated this swap');
    throw error;
  }
}

/** Moderation (SPEC §6): an admin deletes a rating. */
export async function deleteFeedback(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  enforce(canDeleteFeedback(actor));
  const removed = await ctx.db
    .delete(feedback)
    .where(eq(feedback.id, id))
    .returning({ id: feedback.id });
  if (removed.length === 0) throw new AppError(404, 'Feedback not found');
}
