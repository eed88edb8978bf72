import { eq } from 'drizzle-orm';
import { CIRCLE_NOT_FOUND, canRateCircle } from '../../../shared/policies/circles.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { canDeleteFeedback, canRateSwap, SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import type { SwapStatus } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import { circleFacts, findCircleRecord } from '../circles/circles.queries.js';

type NewFeedback = {
  toUserId: string;
  swapRequestId?: number | undefined;
  circleId?: number | undefined;
  rating: number;
  comment: string | null;
};

type Rating = { toUserId: string; rating: number; comment: string | null };

/**
 * A party of a completed swap rates the other party, once per swap; a member of a completed
 * circle rates each other member, once each. Returns the rating's id.
 */
export async function createFeedback(
  ctx: AppContext,
  author: Actor,
  input: NewFeedback,
): Promise<number> {
  if (input.circleId !== undefined) {
    const record = await findCircleRecord(ctx.db, input.circleId);
    enforce(canRateCircle(author, record && circleFacts(record), input.toUserId, new Date()));
    if (!record) throw new AppError(404, CIRCLE_NOT_FOUND);
    return insertFeedback(ctx, author, input, { circleId: record.circle.id });
  }
  if (input.swapRequestId === undefined) throw new AppError(400, 'swapRequestId is required');
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
  return insertFeedback(ctx, author, input, { swapRequestId: swap.id });
}

async function insertFeedback(
  ctx: AppContext,
  author: Actor,
  input: Rating,
  about: { swapRequestId: number } | { circleId: number },
): Promise<number> {
  try {
    return await transact(ctx.db, async (tx) => {
      const [created] = await tx
        .insert(feedback)
        .values({
          fromUserId: author.id,
          toUserId: input.toUserId,
          ...about,
          rating: input.rating,
          comment: input.comment,
        })
        .returning({ id: feedback.id });
      if (!created) throw new Error('feedback insert returned nothing');
      await ctx.hooks.emit(tx, 'feedback.given', {
        feedbackId: created.id,
        fromUserId: author.id,
        toUserId: input.toUserId,
        ...about,
      });
      return created.id;
    });
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === 'feedback_from_swap_idx')
      throw new AppError(409, 'You have already rated this swap');
    if (violated === 'feedback_from_circle_to_idx')
      throw new AppError(409, 'You have already rated this member for this circle');
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
